import {
  MAX_SAVED_VIEWS,
  taskViewFilter,
  type CreateSavedViewBody,
  type SavedView,
  type TaskViewFilter,
  type UpdateSavedViewBody,
} from '#shared/schemas/saved-views';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { newTimeId } from '#lib/ids';
import type { SavedViewChanges, SavedViewItem } from '#data/saved-views';
import type { Clock } from '../clock';

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
