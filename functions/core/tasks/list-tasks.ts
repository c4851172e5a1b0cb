import { DEFAULT_STATUS_FILTER, TASK_PAGE_SIZE, type ListTasksQuery, type Task, type TaskStatus } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { ValidationError } from '#lib/errors';
import type { TaskFilters, TaskStream, TaskStreamsRequest, TaskStreamsResult } from '#data/task-list';
import type { TaskItem } from '#data/tasks';
import { openableProjects, type ReadProjectDirectory } from '../projects/project-rules';
import { decodeCursor, encodeCursor, mergeStreams, positionOf, type ListMode, type Position, type SortOrder } from '#lib/stream-paging';
import { signFiles, toTask, type FileSigner } from './task-view';
import { withDuePreset } from './due-filter';
import { ASSIGNEE_ME } from '#shared/schemas/saved-views';
import { systemClock, type Clock } from '../clock';

/** Query calls each stream may make for one page; beyond it the page stops at what was read (see mergeStreams). */
export const LIST_READ_BUDGET = 4;
/** Up to this many project × status Queries a project-scoped list reads per project; beyond, per status with a project filter. */
export const MAX_PROJECT_STREAMS = 16;
/**
 * For open statuses the alternative to project × status Queries is one byOpen Query with a project filter, so
 * those stay only while few (a brand or two), where the filter would read mostly other brands' tasks.
 */
export const MAX_OPEN_PROJECT_STREAMS = 2 * DEFAULT_STATUS_FILTER.length;

export type ListTasksDeps = {
  projectDirectory: ReadProjectDirectory;
  readTaskStreams: (ctx: WorkspaceContext, request: TaskStreamsRequest) => Promise<TaskStreamsResult>;
  signFile: FileSigner;
  appUrl: string;
  /** What day it is for a due-date preset (the system clock when absent). */
  clock?: Clock;
};

export type ListTasksResult = {
  page: { items: Task[]; cursor: string | null };
  /** DynamoDB requests this page took here (a projects Query, where the wrapper read no directory, and every stream's Queries). */
  requests: number;
};

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** Values one list filter may hold: the filters go into one FilterExpression, which DynamoDB caps at 4 KB. */
export const MAX_FILTER_VALUES = 20;

const filterValues = (query: ListTasksQuery, field: 'tags' | 'milestones' | 'userFilter' | 'teamFilter'): string[] => {
  const values = unique(query[field] ?? []);
  if (values.length > MAX_FILTER_VALUES) throw new ValidationError(field, `${field} must have at most ${MAX_FILTER_VALUES} values`);
  return values;
};

/** A calendar day that exists (the schema checks only its shape), as the epoch ms of its start (UTC). */
const dayStart = (day: string, field: string): number => {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day) throw new ValidationError(field, `${field} must be a real date`);
  return time;
};
const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A day range of the query as bounds: from the first day's start, until the day after the last (exclusive). */
const boundsOfDays = (kind: ListMode, query: ListTasksQuery): { from?: string; until?: string } => {
  const [fromField, toField] = kind === 'due' ? (['due_from', 'due_to'] as const) : (['updated_from', 'updated_to'] as const);
  const from = query[fromField];
  const to = query[toField];
  // Due dates are days; update times are instants, bounded by the days' starts.
  const at = (time: number) => (kind === 'due' ? isoDay(time) : new Date(time).toISOString());
  return {
    ...(from ? { from: at(dayStart(from, fromField)) } : {}),
    ...(to ? { until: at(dayStart(to, toField) + DAY_MS) } : {}),
  };
};

/** The sort-key range of the list's own order (its day range), as positions. */
const rangeOf = (mode: ListMode, query: ListTasksQuery): { from?: Position; until?: Position } => {
  const { from, until } = boundsOfDays(mode, query);
  return { ...(from ? { from: positionOf(from) } : {}), ...(until ? { until: positionOf(until) } : {}) };
};

/** The day range of the other order, which the key cannot bound: a filter. */
const crossRange = (mode: ListMode, query: ListTasksQuery): Pick<TaskFilters, 'dueDays' | 'updated'> => {
  if (mode === 'due') {
    const updated = boundsOfDays('updated', query);
    return updated.from || updated.until ? { updated } : {};
  }
  return query.due_from || query.due_to ? { dueDays: boundsOfDays('due', query) } : {};
};

/**
 * Which index partitions a page reads, and the restrictions left to the filter. The open statuses (the default
 * view) read byOpen, one Query. A project scope reads byProjectStatus (one Query per project and status) while that stays small and
 * the scope is a minority of the workspace's `projectCount` projects (when known: a filter that keeps most of
 * what it reads is cheaper than a Query per project); otherwise, and for an admin without a project filter,
 * byOpen or byStatus (one Query per status) with the projects as a filter. The calendar (a due range) reads
 * byDueDate alone, with statuses and projects as filters; the list sorted by due date without a range reads
 * byStatusDue, one Query per status (a workspace's finished tasks pile up, an open list should not read them).
 */
export const planStreams = (
  mode: ListMode,
  statuses: readonly TaskStatus[],
  scope: readonly string[] | undefined,
  projectCount?: number,
  dueRange = true,
): { streams: TaskStream[]; statuses?: readonly TaskStatus[]; projectIds?: readonly string[] } => {
  const projects = scope ? { projectIds: scope } : {};
  if (mode === 'due' && dueRange) return { streams: [{ index: 'byDueDate' }], statuses, ...projects };
  if (mode === 'due') return { streams: statuses.map((status) => ({ index: 'byStatusDue' as const, status })), ...projects };
  // byOpen holds exactly the tasks of the default statuses. For some of them, a Query per status (in parallel)
  // costs as many requests as byOpen with a status filter, which needs more than one round to fill a page.
  const open = statuses.length === DEFAULT_STATUS_FILTER.length && statuses.every((status) => DEFAULT_STATUS_FILTER.includes(status));
  const projectStreams = scope && !(projectCount !== undefined && scope.length * 2 > projectCount) ? scope.length * statuses.length : Infinity;
  if (projectStreams <= (open ? MAX_OPEN_PROJECT_STREAMS : MAX_PROJECT_STREAMS)) {
    return { streams: scope!.flatMap((projectId) => statuses.map((status) => ({ index: 'byProjectStatus' as const, projectId, status }))) };
  }
  if (open) return { streams: [{ index: 'byOpen' }], ...projects };
  return { streams: statuses.map((status) => ({ index: 'byStatus' as const, status })), ...projects };
};

/**
 * The task list (spec 3): the filters, over the brands the caller may open (a member asking for a brand they
 * cannot open gets nothing from it), newest update first, or by due date (sort=due, and the calendar's due
 * range) over the tasks that have one, a page at a time with a stateless cursor.
 */
export const listTasks = async (deps: ListTasksDeps, ctx: WorkspaceContext, query: ListTasksQuery): Promise<ListTasksResult> => {
  query = withDuePreset(query, (deps.clock ?? systemClock)());
  const [tags, milestones, userFilter, teamFilter] = (['tags', 'milestones', 'userFilter', 'teamFilter'] as const).map((field) => filterValues(query, field));
  const dueRange = !!(query.due_from || query.due_to);
  const mode: ListMode = query.sort ?? (dueRange ? 'due' : 'updated');
  const order: SortOrder = query.order ?? (mode === 'due' ? 'asc' : 'desc');
  const limit = query.limit ?? TASK_PAGE_SIZE;
  const after = query.cursor ? decodeCursor(query.cursor, { mode, order }) : undefined;
  const range = rangeOf(mode, query);

  const directoryRead = deps.projectDirectory(ctx);
  // An admin opens every brand: the tasks are read alongside the directory (needed then only for names and slugs).
  // Anyone else's scope is the brands they may open, so their tasks are read after (at once when the wrapper
  // read the directory with the membership).
  let scope: string[] | undefined;
  let projectCount: number | undefined;
  if (ctx.role === 'admin') scope = query.projectFilter?.length ? unique(query.projectFilter) : undefined;
  else {
    const directory = await directoryRead;
    projectCount = directory.projects.length;
    const openableIds = new Set(openableProjects(ctx, directory).map((p) => p.projectId));
    scope = query.projectFilter?.length ? unique(query.projectFilter).filter((id) => openableIds.has(id)) : [...openableIds];
  }
  if (scope && scope.length === 0) return { page: { items: [], cursor: null }, requests: (await directoryRead).requests };

  const statuses = query.status?.length ? unique(query.status) : DEFAULT_STATUS_FILTER;
  const plan = planStreams(mode, statuses, scope, projectCount, dueRange);
  // 'me' is whoever asks: a shared link or a saved view of "my tasks" shows each viewer their own.
  const assignees = userFilter.filter((u) => u !== 'unassigned').map((u) => (u === ASSIGNEE_ME ? ctx.userId : u));
  const creators = unique(teamFilter.map((u) => (u === ASSIGNEE_ME ? ctx.userId : u)));
  const filters: TaskFilters = {
    ...(plan.statuses ? { statuses: plan.statuses } : {}),
    ...(plan.projectIds ? { projectIds: plan.projectIds } : {}),
    ...(tags.length ? { tags } : {}),
    ...(milestones.length ? { milestones } : {}),
    ...(assignees.length ? { assignees } : {}),
    ...(userFilter.includes('unassigned') ? { unassigned: true } : {}),
    ...(creators.length ? { creators } : {}),
    ...(query.ticket_type?.length ? { types: unique(query.ticket_type) } : {}),
    ...(query.post_platform?.length ? { platforms: unique(query.post_platform) } : {}),
    ...(query.filter ? { text: query.filter.toLowerCase() } : {}),
    ...crossRange(mode, query),
  };

  const [read, { projects, requests: directoryRequests }] = await Promise.all([
    deps.readTaskStreams(ctx, { mode, order, streams: plan.streams, filters, ...range, ...(after ? { after } : {}), limit, budget: LIST_READ_BUDGET }),
    directoryRead,
  ]);
  const requests = directoryRequests + read.requests;
  const merged = mergeStreams(read.streams, (item: TaskItem) => positionOf(mode === 'due' ? item.calendarDay : item.updatedAt, item.taskId), order, limit);

  const byId = new Map(projects.map((p) => [p.projectId, p]));
  const fileUrls = await signFiles(merged.items, deps.signFile);
  const items = merged.items.map((item) => toTask(item, { project: byId.get(item.projectId) ?? { slug: '', name: '' }, fileUrls, appUrl: deps.appUrl }));
  return { page: { items, cursor: merged.next ? encodeCursor({ mode, order, after: merged.next }) : null }, requests };
};
