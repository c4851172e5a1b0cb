import type { RouteQuery, Routes } from '#shared/routes';
import { dayDate, POST_PLATFORMS, TASK_STATUSES, TASK_TYPES, type TaskStatus } from '#shared/schemas/task';
import { DEFAULT_VIEW_MODE, defaultTaskFilters, type TaskFilters, type ViewMode } from '../settings/settings-defaults';

/** The list route's query as the client sends it: every value a string. */
export type ListTasksInput = RouteQuery<Routes['listTasks']>;

/** Which tasks a list shows: the working ones (the status filter decides) or only drafts. */
export type TaskScope = 'tasks' | 'drafts';

export const VIEW_MODES: readonly ViewMode[] = ['table', 'kanban', 'calendar'];
export const VIEW_MODE_PARAM = 'viewMode';
export const SCOPE_PARAM = 'scope';
/** The value of the assignee filter that means "nobody" (the list route's own word). */
export const UNASSIGNED = 'unassigned';

/**
 * The view mode from the query string (spec 2: kept there as `viewMode`, restored from it); a missing or unknown
 * value falls back to the persisted one, whose own default is the table.
 */
export const viewModeFrom = (search: URLSearchParams, fallback: ViewMode = DEFAULT_VIEW_MODE): ViewMode =>
  VIEW_MODES.find((mode) => mode === search.get(VIEW_MODE_PARAM)) ?? fallback;

export const scopeFrom = (search: URLSearchParams): TaskScope => (search.get(SCOPE_PARAM) === 'drafts' ? 'drafts' : 'tasks');

const isStatus = (value: string): value is TaskStatus => (TASK_STATUSES as readonly string[]).includes(value);
const only = (allowed: readonly string[]) => (values: unknown) =>
  Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string' && allowed.includes(value)) : [];
const strings = (values: unknown) => (Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string' && value.trim() !== '') : []);
const isDay = (value: unknown) => dayDate.safeParse(value).success;

/**
 * Persisted filters as the list route accepts them: whatever an older version (or a hand-edited storage) left is
 * dropped rather than sent for a 400.
 */
export const cleanFilters = (stored: Partial<TaskFilters> | undefined): TaskFilters => {
  const defaults = defaultTaskFilters();
  if (!stored) return defaults;
  const range = stored.updatedDateRange;
  return {
    status: Array.isArray(stored.status) ? only(TASK_STATUSES)(stored.status) : defaults.status,
    tags: strings(stored.tags),
    projectFilter: strings(stored.projectFilter),
    milestones: strings(stored.milestones),
    teamFilter: strings(stored.teamFilter),
    userFilter: strings(stored.userFilter),
    filter: typeof stored.filter === 'string' ? stored.filter : '',
    ticket_type: only(TASK_TYPES)(stored.ticket_type),
    updatedDateRange: range && isDay(range.start) && isDay(range.end) ? { start: range.start, end: range.end } : null,
    post_platform: only(POST_PLATFORMS)(stored.post_platform),
  };
};

/** True when the filters differ from the defaults: the "Clear filters" button and the empty state say so. */
export const hasActiveFilters = (filters: TaskFilters, options: { ignoreProjects?: boolean } = {}) => {
  const defaults = defaultTaskFilters();
  const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
  return (
    !sameList(filters.status, defaults.status) ||
    filters.tags.length > 0 ||
    (!options.ignoreProjects && filters.projectFilter.length > 0) ||
    filters.milestones.length > 0 ||
    filters.teamFilter.length > 0 ||
    filters.userFilter.length > 0 ||
    filters.filter.trim() !== '' ||
    filters.ticket_type.length > 0 ||
    filters.updatedDateRange !== null ||
    filters.post_platform.length > 0
  );
};

/** The statuses a list asks for: drafts only in the drafts view; an empty filter means every status. */
export const statusesFor = (filters: TaskFilters, scope: TaskScope): TaskStatus[] => {
  if (scope === 'drafts') return ['draft'];
  const chosen = filters.status.filter(isStatus);
  return chosen.length > 0 ? chosen : [...TASK_STATUSES];
};

export type QueryOptions = {
  scope: TaskScope;
  /** On a brand's page: its uid, which replaces the brand filter. */
  projectUid?: string;
  /** Overrides the statuses (a kanban column asks for its own). */
  statuses?: readonly TaskStatus[];
  order?: 'asc' | 'desc';
  limit?: number;
  /** The calendar lists by due date in this range (YYYY-MM-DD, inclusive). */
  due?: { from: string; to: string };
};

const csv = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);

/**
 * The persisted task filters (spec 3) as the list route's query: lists comma-separated, updatedDateRange as
 * updated_from/updated_to, the brand's uid on its own page. Empty values are left out.
 */
export const filtersToQuery = (filters: TaskFilters, options: QueryOptions): ListTasksInput => {
  const text = filters.filter.trim();
  const query: ListTasksInput = {
    status: csv(options.statuses ?? statusesFor(filters, options.scope)),
    tags: csv(filters.tags),
    projectFilter: csv(options.projectUid ? [options.projectUid] : filters.projectFilter),
    milestones: csv(filters.milestones),
    teamFilter: csv(filters.teamFilter),
    userFilter: csv(filters.userFilter),
    filter: text === '' ? undefined : text,
    ticket_type: csv(filters.ticket_type),
    updated_from: filters.updatedDateRange?.start,
    updated_to: filters.updatedDateRange?.end,
    due_from: options.due?.from,
    due_to: options.due?.to,
    post_platform: csv(filters.post_platform),
    order: options.order,
    limit: options.limit === undefined ? undefined : String(options.limit),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as ListTasksInput;
};

