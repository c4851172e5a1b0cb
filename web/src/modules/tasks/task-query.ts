import type { RouteQuery, Routes } from '#shared/routes';
import { isDuePreset } from '#shared/due-presets';
import type { TaskViewFilter } from '#shared/schemas/saved-views';
import { DEFAULT_STATUS_FILTER, dayDate, POST_PLATFORMS, TASK_STATUSES, TASK_TYPES, type TaskStatus } from '#shared/schemas/task';
import { DEFAULT_VIEW_MODE, defaultTaskFilters, type TaskFilters, type ViewMode } from '../settings/settings-defaults';

/** The list route's query as the client sends it: every value a string. */
export type ListTasksInput = RouteQuery<Routes['listTasks']>;

/** Which tasks a list shows: the working ones (the status filter decides) or only drafts. */
export type TaskScope = 'tasks' | 'drafts';

export const VIEW_MODES: readonly ViewMode[] = ['table', 'kanban', 'calendar'];
export const VIEW_MODE_PARAM = 'viewMode';
export const SCOPE_PARAM = 'scope';
/** The saved view a list was opened from (the filter parameters still say what it shows). */
export const SAVED_VIEW_PARAM = 'view';
/** The value of the assignee filter that means "nobody" (the list route's own word). */
export const UNASSIGNED = 'unassigned';
/** The value of the assignee filter that means the viewer; the list route reads it as the caller. */
export const ME = 'me';

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
const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * Persisted (or linked, or saved) filters as the list route accepts them: whatever an older version, a hand-edited
 * storage or a hand-written address left is dropped rather than sent for a 400. An updated range may be open on
 * one side ('' for that side).
 */
export const cleanFilters = (stored: Partial<TaskFilters> | undefined): TaskFilters => {
  const defaults = defaultTaskFilters();
  if (!stored) return defaults;
  const range = stored.updatedDateRange;
  const start = range && isDay(range.start) ? range.start : '';
  const end = range && isDay(range.end) ? range.end : '';
  return {
    status: Array.isArray(stored.status) ? unique(only(TASK_STATUSES)(stored.status)) : defaults.status,
    tags: unique(strings(stored.tags)),
    projectFilter: unique(strings(stored.projectFilter)),
    milestones: unique(strings(stored.milestones)),
    teamFilter: unique(strings(stored.teamFilter)),
    userFilter: unique(strings(stored.userFilter)),
    filter: typeof stored.filter === 'string' ? stored.filter : '',
    ticket_type: unique(only(TASK_TYPES)(stored.ticket_type)),
    updatedDateRange: start || end ? { start, end } : null,
    post_platform: unique(only(POST_PLATFORMS)(stored.post_platform)),
    due: isDuePreset(stored.due) ? stored.due : null,
  };
};

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The statuses are the default ones (every open status). */
export const isDefaultStatus = (status: readonly string[]) => sameList(status, DEFAULT_STATUS_FILTER);

/** True when the filters differ from the defaults: the "Clear filters" button and the empty state say so. */
export const hasActiveFilters = (filters: TaskFilters, options: { ignoreProjects?: boolean } = {}) => activeFilterCount(filters, options) > 0;

/**
 * How many filters restrict the list beyond the default statuses (one per property, as its token shows): the
 * phone's "Filters (n)" button.
 */
export const activeFilterCount = (filters: TaskFilters, options: { ignoreProjects?: boolean } = {}) =>
  [
    !isDefaultStatus(filters.status),
    filters.tags.length > 0,
    !options.ignoreProjects && filters.projectFilter.length > 0,
    filters.milestones.length > 0,
    filters.teamFilter.length > 0,
    filters.userFilter.length > 0,
    filters.filter.trim() !== '',
    filters.ticket_type.length > 0,
    filters.updatedDateRange !== null,
    filters.post_platform.length > 0,
    filters.due !== null,
  ].filter(Boolean).length;

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
  /** The viewer's time zone, in which a due preset's days are counted (the browser's by default). */
  timeZone?: string;
};

const csv = (values: readonly string[]) => (values.length > 0 ? values.join(',') : undefined);

/** The browser's time zone (IANA name), where "today" is for the person looking. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The task filters as the list route's query: lists comma-separated, updatedDateRange as updated_from/updated_to,
 * the due preset with the viewer's time zone, the brand's uid on its own page. Empty values are left out.
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
    updated_from: filters.updatedDateRange?.start || undefined,
    updated_to: filters.updatedDateRange?.end || undefined,
    due_from: options.due?.from,
    due_to: options.due?.to,
    due: filters.due ?? undefined,
    tz: filters.due ? (options.timeZone ?? browserTimeZone()) : undefined,
    post_platform: csv(filters.post_platform),
    order: options.order,
    limit: options.limit === undefined ? undefined : String(options.limit),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as ListTasksInput;
};

// ---------------------------------------------------------------------------------------------------------------
// The filter in the address and in saved views. Both use the words of TaskViewFilter (shared/schemas/saved-views):
// status, brand, assignee, creator, type, platform, tag, milestone, q, due, updated_from, updated_to.

/** The query parameters that carry the filter; the page's others (viewMode, scope, task, view) are left alone. */
export const FILTER_PARAMS = ['status', 'brand', 'assignee', 'creator', 'type', 'platform', 'tag', 'milestone', 'q', 'due', 'updated_from', 'updated_to'] as const;
type ListParam = 'status' | 'brand' | 'assignee' | 'creator' | 'type' | 'platform' | 'tag' | 'milestone';
/** `status=all`: no status restriction (an absent status means the default, the open statuses). */
export const ALL_STATUSES = 'all';
/** `status=open`: the default statuses, said in a word so a shared address stays short and readable. */
export const OPEN_STATUS_WORD = 'open';

/** The filters in the saved-view (and address) words. */
export const toViewFilter = (filters: TaskFilters): TaskViewFilter => {
  const list = (values: readonly string[]) => (values.length > 0 ? [...values] : undefined);
  const view: TaskViewFilter = {
    status: isDefaultStatus(filters.status) ? undefined : ([...filters.status] as TaskViewFilter['status']),
    brand: list(filters.projectFilter),
    assignee: list(filters.userFilter),
    creator: list(filters.teamFilter),
    type: list(filters.ticket_type) as TaskViewFilter['type'],
    platform: list(filters.post_platform) as TaskViewFilter['platform'],
    tag: list(filters.tags),
    milestone: list(filters.milestones),
    q: filters.filter.trim() || undefined,
    due: filters.due ?? undefined,
    updated_from: filters.updatedDateRange?.start || undefined,
    updated_to: filters.updatedDateRange?.end || undefined,
  };
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined)) as TaskViewFilter;
};

/** Filters from the saved-view words (anything unknown dropped, as for stored filters). */
export const fromViewFilter = (view: Partial<Record<keyof TaskViewFilter, unknown>>): TaskFilters =>
  cleanFilters({
    status: view.status === undefined ? [...DEFAULT_STATUS_FILTER] : (view.status as string[]),
    projectFilter: view.brand as string[],
    userFilter: view.assignee as string[],
    teamFilter: view.creator as string[],
    ticket_type: view.type as string[],
    post_platform: view.platform as string[],
    tags: view.tag as string[],
    milestones: view.milestone as string[],
    filter: typeof view.q === 'string' ? view.q : '',
    due: view.due as TaskFilters['due'],
    updatedDateRange: { start: String(view.updated_from ?? ''), end: String(view.updated_to ?? '') },
  });

/** The address carries a filter (any of its parameters); without one the persisted filters apply. */
export const hasFilterParams = (search: URLSearchParams) => FILTER_PARAMS.some((name) => search.has(name));

/** The filter an address says; lists are comma-separated (repeated parameters add up). */
export const filtersFromSearch = (search: URLSearchParams): TaskFilters => {
  const list = (name: ListParam) => search.getAll(name).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);
  const status = list('status');
  return fromViewFilter({
    status: !search.has('status') ? undefined : status.includes(ALL_STATUSES) ? [] : status.includes(OPEN_STATUS_WORD) ? [...DEFAULT_STATUS_FILTER] : status,
    brand: list('brand'),
    assignee: list('assignee'),
    creator: list('creator'),
    type: list('type'),
    platform: list('platform'),
    tag: list('tag'),
    milestone: list('milestone'),
    q: search.get('q') ?? '',
    due: search.get('due') ?? undefined,
    updated_from: search.get('updated_from') ?? undefined,
    updated_to: search.get('updated_to') ?? undefined,
  });
};

/**
 * The address's query with this filter written in (replacing any earlier one, keeping the other parameters). The
 * status is always written, so the address says the whole filter: a shared link shows the same list to anyone.
 */
export const withFilterParams = (search: URLSearchParams, filters: TaskFilters): URLSearchParams => {
  const next = new URLSearchParams(search);
  for (const name of FILTER_PARAMS) next.delete(name);
  const view = toViewFilter(filters);
  next.set('status', view.status === undefined ? OPEN_STATUS_WORD : view.status.length === 0 ? ALL_STATUSES : view.status.join(','));
  for (const [name, value] of Object.entries(view)) {
    if (name === 'status' || value === undefined) continue;
    next.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return next;
};

/**
 * The query string of a task list showing this filter, for links from elsewhere (the dashboard): only what is
 * given, so the list fills in the default statuses when `status` is left out. `assignee: ['me']` is the viewer.
 */
export const taskListSearch = (filter: TaskViewFilter): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) params.set(name, name === 'status' && value.length === 0 ? ALL_STATUSES : value.join(','));
    else params.set(name, String(value));
  }
  return params.toString();
};
