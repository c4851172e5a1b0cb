import {
  ASSIGNEE_ME,
  ASSIGNEE_NONE,
  MAX_SAVED_VIEWS,
  taskViewFilter,
  type CreateSavedViewBody,
  type SavedView,
  type TaskViewFilter,
  type UpdateSavedViewBody,
} from '#shared/schemas/saved-views';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { newTimeId } from '#lib/ids';
import type { SavedViewChanges, SavedViewItem } from '#data/saved-views';
import type { Membership } from '#data/memberships';
import type { Clock } from '../clock';
import type { ReadProjectDirectory } from '../projects/project-rules';

export type SavedViewDeps = {
  clock: Clock;
  listSavedViews: (workspaceId: string, userId: string) => Promise<SavedViewItem[]>;
  putSavedView: (view: SavedViewItem) => Promise<void>;
  updateSavedView: (
    workspaceId: string,
    userId: string,
    viewId: string,
    changes: Omit<SavedViewChanges, 'viewMode'> & { viewMode?: SavedViewItem['viewMode'] | null },
  ) => Promise<SavedViewItem | undefined>;
  deleteSavedView: (workspaceId: string, userId: string, viewId: string) => Promise<boolean>;
  /** The people and brands a filter names are checked against the workspace's. */
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  projectDirectory: ReadProjectDirectory;
};

/**
 * Every person (assignee, creator) and brand a filter names must be the workspace's own, exactly: a view never
 * holds another workspace's ids. A refusal names the value's place (filter.assignee.1).
 */
const checkFilterIds = async (deps: Pick<SavedViewDeps, 'findMembership' | 'projectDirectory'>, ctx: WorkspaceContext, filter: TaskViewFilter) => {
  const people = (field: 'assignee' | 'creator') =>
    (filter[field] ?? []).flatMap((userId, index) => (userId === ASSIGNEE_ME || userId === ASSIGNEE_NONE ? [] : [{ field: `filter.${field}.${index}`, userId }]));
  const named = [...people('assignee'), ...people('creator')];
  const [members, directory] = await Promise.all([
    Promise.all(named.map(({ userId }) => deps.findMembership(ctx.workspaceId, userId))),
    filter.brand?.length ? deps.projectDirectory(ctx) : undefined,
  ]);
  const stranger = named.find((_, index) => !members[index]);
  if (stranger) throw new ValidationError(stranger.field, `${stranger.field} must be a member of this workspace`);
  const brands = new Set(directory?.projects.map((project) => project.projectId));
  const unknown = (filter.brand ?? []).findIndex((projectId) => !brands.has(projectId));
  if (unknown >= 0) throw new ValidationError(`filter.brand.${unknown}`, `filter.brand.${unknown} must be a brand of this workspace`);
};

/**
 * The stored filter read back through the schema: a filter written by an older version that no longer fits (a
 * status or platform since removed) keeps what still does rather than failing the whole list.
 */
const readFilter = (json: string): TaskViewFilter => {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  const whole = taskViewFilter.safeParse(raw);
  if (whole.success) return whole.data;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw && typeof raw === 'object' ? raw : {})) {
    const one = taskViewFilter.safeParse({ [key]: value });
    if (one.success) Object.assign(kept, one.data);
  }
  return kept as TaskViewFilter;
};

const toView = (item: SavedViewItem): SavedView => ({
  uid: item.viewId,
  name: item.name,
  filter: readFilter(item.filter),
  view_mode: item.viewMode ?? null,
  created_at: item.createdAt,
  updated_at: item.updatedAt,
});

/** Names compare as people read them: case and surrounding spaces aside. */
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** The caller's views in the workspace, by name. */
export const listMySavedViews = async (deps: Pick<SavedViewDeps, 'listSavedViews'>, ctx: WorkspaceContext): Promise<SavedView[]> =>
  (await deps.listSavedViews(ctx.workspaceId, ctx.userId)).map(toView).sort(byName);

/** Saves a filter under a new name: names are unique per person (case aside), and a person keeps at most MAX_SAVED_VIEWS. */
export const createSavedView = async (deps: SavedViewDeps, ctx: WorkspaceContext, body: CreateSavedViewBody): Promise<SavedView> => {
  const existing = await deps.listSavedViews(ctx.workspaceId, ctx.userId);
  if (existing.some((view) => sameName(view.name, body.name))) throw new DomainError('saved_view_name_taken', { field: 'name' });
  if (existing.length >= MAX_SAVED_VIEWS) throw new DomainError('saved_view_limit');
  await checkFilterIds(deps, ctx, body.filter);
  const now = deps.clock();
  const item: SavedViewItem = {
    workspaceId: ctx.workspaceId,
    userId: ctx.userId,
    viewId: newTimeId(now.getTime()),
    name: body.name,
    filter: JSON.stringify(body.filter),
    ...(body.view_mode ? { viewMode: body.view_mode } : {}),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await deps.putSavedView(item);
  return toView(item);
};

/** Renames a view or replaces its filter or view mode; a new name must not be another view's. */
export const updateSavedView = async (deps: SavedViewDeps, ctx: WorkspaceContext, viewId: string, body: UpdateSavedViewBody): Promise<SavedView> => {
  if (body.filter) await checkFilterIds(deps, ctx, body.filter);
  if (body.name !== undefined) {
    const existing = await deps.listSavedViews(ctx.workspaceId, ctx.userId);
    if (existing.some((view) => view.viewId !== viewId && sameName(view.name, body.name!))) throw new DomainError('saved_view_name_taken', { field: 'name' });
  }
  const updated = await deps.updateSavedView(ctx.workspaceId, ctx.userId, viewId, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.filter !== undefined ? { filter: JSON.stringify(body.filter) } : {}),
    ...(body.view_mode !== undefined ? { viewMode: body.view_mode } : {}),
    updatedAt: deps.clock().toISOString(),
  });
  if (!updated) throw new DomainError('saved_view_not_found');
  return toView(updated);
};

export const deleteSavedView = async (deps: Pick<SavedViewDeps, 'deleteSavedView'>, ctx: WorkspaceContext, viewId: string): Promise<void> => {
  if (!(await deps.deleteSavedView(ctx.workspaceId, ctx.userId, viewId))) throw new DomainError('saved_view_not_found');
};
