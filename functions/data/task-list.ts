import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { isOpenStatus, type TaskStatus } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { dynamo } from '#lib/clients/dynamo';
import { comparePositions, positionOf, type ListMode, type Position, type SortOrder, type StreamRead } from '#lib/stream-paging';
import { db } from './db';
import { tableSpec } from './table-spec';
import type { TaskItem } from './tasks';

/**
 * The task list's reads (patterns: openTasks, tasksByStatus, tasksByProjectStatus, tasksByDueDate). Each stream is one
 * index partition read in sort-key order, Query page after Query page, until it has a page of matches, runs
 * out, or spends its read budget. Keys and filters are built by the ElectroDB entity (the real key shapes);
 * the Queries are sent here so every request is counted and the last evaluated key is known.
 */

/** One index partition to read: the open tasks, a status (optionally of one project), or the whole calendar. */
export type TaskStream =
  | { index: 'byOpen' }
  | { index: 'byStatus'; status: TaskStatus }
  | { index: 'byProjectStatus'; status: TaskStatus; projectId: string }
  | { index: 'byDueDate' }
  | { index: 'byStatusDue'; status: TaskStatus };

/** The filters of spec 3, normalised; each present list is "any of". */
export type TaskFilters = {
  statuses?: readonly TaskStatus[];
  projectIds?: readonly string[];
  tags?: readonly string[];
  milestones?: readonly string[];
  assignees?: readonly string[];
  /** Tasks without an assignee also match (userFilter 'unassigned'). */
  unassigned?: boolean;
  creators?: readonly string[];
  types?: readonly string[];
  platforms?: readonly string[];
  /** Lower-cased; contained in searchText. */
  text?: string;
  /** Due days from `from` (inclusive) until `until` (exclusive), when the list is not ordered by due date. */
  dueDays?: { from?: string; until?: string };
  /** Update times from `from` (inclusive) until `until` (exclusive), when the list is ordered by due date. */
  updated?: { from?: string; until?: string };
};

export type TaskStreamsRequest = {
  mode: ListMode;
  order: SortOrder;
  streams: readonly TaskStream[];
  filters: TaskFilters;
  /** The sort-key range asked for: from `from` (inclusive) up to `until` (exclusive). */
  from?: Position;
  until?: Position;
  /** The cursor: only keys strictly beyond it in list order. */
  after?: Position;
  /** Matches each stream looks for. */
  limit: number;
  /** Query calls each stream may make. */
  budget: number;
};

export type TaskStreamsResult = { streams: StreamRead<TaskItem>[]; requests: number };

/**
 * Beyond this many projects the project restriction is checked on the items read rather than in the
 * FilterExpression, which DynamoDB caps at 4 KB (with the other filters' values capped by the core).
 */
const MAX_FILTERED_PROJECTS = 30;

const anyOf = (values: readonly unknown[], clause: (value: any) => string) => `(${values.map(clause).join(' OR ')})`;

/** The FilterExpression of the filters, through ElectroDB's where (names and values bound by it). */
const filterOf = (filters: TaskFilters) => (attr: any, op: any) => {
  const clauses: string[] = [];
  const { statuses, projectIds, tags, milestones, assignees, unassigned, creators, types, platforms, text, dueDays, updated } = filters;
  if (statuses?.length) clauses.push(anyOf(statuses, (s) => op.eq(attr.status, s)));
  if (projectIds?.length && projectIds.length <= MAX_FILTERED_PROJECTS) clauses.push(anyOf(projectIds, (p) => op.eq(attr.projectId, p)));
  if (tags?.length) clauses.push(anyOf(tags, (t) => op.contains(attr.tags, t)));
  if (milestones?.length) clauses.push(anyOf(milestones, (m) => op.eq(attr.milestone, m)));
  if (assignees?.length || unassigned) {
    clauses.push(`(${[...(assignees ?? []).map((a) => op.eq(attr.assignee, a)), ...(unassigned ? [op.notExists(attr.assignee)] : [])].join(' OR ')})`);
  }
  if (creators?.length) clauses.push(anyOf(creators, (c) => op.eq(attr.createdBy, c)));
  if (types?.length) clauses.push(anyOf(types, (t) => op.eq(attr.ticketType, t)));
  if (platforms?.length) clauses.push(anyOf(platforms, (p) => op.eq(attr.postPlatform, p)));
  if (text) clauses.push(op.contains(attr.searchText, text));
  // Any day sorts after NO_KEY ('-'), so a lower bound also leaves out the tasks without a due date.
  if (dueDays) clauses.push(op.gte(attr.calendarDay, dueDays.from ?? FIRST_DAY));
  if (dueDays?.until) clauses.push(op.lt(attr.calendarDay, dueDays.until));
  if (updated?.from) clauses.push(op.gte(attr.updatedAt, updated.from));
  if (updated?.until) clauses.push(op.lt(attr.updatedAt, updated.until));
  return clauses.join(' AND ');
};

/** Before every real day. */
const FIRST_DAY = '0000-00-00';

/** Some filter goes into the FilterExpression (the same conditions filterOf writes clauses for). */
const hasFilter = ({ statuses, projectIds, tags, milestones, assignees, unassigned, creators, types, platforms, text, dueDays, updated }: TaskFilters) =>
  [statuses, tags, milestones, assignees, creators, types, platforms].some((list) => !!list?.length) ||
  !!unassigned ||
  !!text ||
  !!dueDays ||
  !!(updated?.from || updated?.until) ||
  (!!projectIds?.length && projectIds.length <= MAX_FILTERED_PROJECTS);

/**
 * The first sort-key composite of a stream's index: the update time (byOpen's index-only copy of it, which
 * equals updatedAt on every item there), or the due day. The second is always taskId.
 */
const SORT_ATTRIBUTES = { byOpen: 'openUpdatedAt', byStatus: 'updatedAt', byProjectStatus: 'updatedAt', byDueDate: 'calendarDay', byStatusDue: 'statusDueDay' } as const;

const composite = (index: TaskStream['index'], position: Position) => ({
  [SORT_ATTRIBUTES[index]]: position.at,
  ...(position.id !== undefined ? { taskId: position.id } : {}),
});

/** An item's place in its stream. */
export const itemPosition = (mode: ListMode) => (item: TaskItem) =>
  positionOf(mode === 'due' ? item.calendarDay : item.updatedAt, item.taskId);

/** ElectroDB labels each composite of a key with its attribute name, lower-cased. */
const keyLabel = (index: TaskStream['index']) => new RegExp(`#${SORT_ATTRIBUTES[index].toLowerCase()}_(.+)#taskid_(.+)$`);

/** The position of a LastEvaluatedKey: the index sort key, parsed back into its composites. */
const keyPosition = (index: TaskStream['index'], key: Record<string, unknown>): Position => {
  const sortKey = String(key[tableSpec.indexes[index].sortKey] ?? '');
  const match = keyLabel(index).exec(sortKey);
  if (!match) throw new Error(`Unexpected ${index} sort key: ${sortKey}`);
  return positionOf(match[1]!, match[2]!);
};

type Bound = { position: Position; inclusive: boolean };

/**
 * The stream's sort-key bounds: the asked range, narrowed by the cursor (exclusive) on the side the list moves
 * towards. Answers undefined when nothing can be in range.
 */
const boundsOf = ({ from, until, after, order }: Pick<TaskStreamsRequest, 'from' | 'until' | 'after' | 'order'>) => {
  let low: Bound | undefined = from && { position: from, inclusive: true };
  let high: Bound | undefined = until && { position: until, inclusive: false };
  if (after && order === 'asc' && (!low || comparePositions(after, low.position) >= 0)) low = { position: after, inclusive: false };
  if (after && order === 'desc' && (!high || comparePositions(after, high.position) <= 0)) high = { position: after, inclusive: false };
  if (low && high && comparePositions(low.position, high.position) > 0) return undefined;
  return { low, high };
};

/** The entity query of one stream with its key condition (no filter yet). */
const keyedQuery = (ctx: Pick<WorkspaceContext, 'workspaceId'>, stream: TaskStream, bounds: NonNullable<ReturnType<typeof boundsOf>>) => {
  const query = db().entities.task.query;
  const { workspaceId } = ctx;
  const keys =
    stream.index === 'byOpen'
      ? query.byOpen({ workspaceId })
      : stream.index === 'byStatus'
        ? query.byStatus({ workspaceId, status: stream.status })
        : stream.index === 'byProjectStatus'
          ? query.byProjectStatus({ workspaceId, projectId: stream.projectId, status: stream.status })
          : stream.index === 'byStatusDue'
            ? query.byStatusDue({ workspaceId, status: stream.status })
            : query.byDueDate({ workspaceId });
  const { low, high } = bounds;
  const k = keys as any;
  const at = (position: Position) => composite(stream.index, position);
  if (low && high) return k.between(at(low.position), at(high.position));
  if (low) return low.inclusive ? k.gte(at(low.position)) : k.gt(at(low.position));
  if (high) return high.inclusive ? k.lte(at(high.position)) : k.lt(at(high.position));
  return k;
};

/**
 * Items a between() lets in at an exclusive end (the cursor itself), projects restricted off the expression, and
 * byOpen entries that do not match their task: the list orders and pages by the item's own updatedAt, so an
 * entry is only trusted when its key was written with it (a task last changed by code older than the index
 * carries stale keys until the reconcile in #data/task-list-index runs).
 */
const keepOf = (bounds: NonNullable<ReturnType<typeof boundsOf>>, stream: TaskStream, mode: ListMode, filters: TaskFilters) => {
  const position = itemPosition(mode);
  const allowed = filters.projectIds && filters.projectIds.length > MAX_FILTERED_PROJECTS ? new Set(filters.projectIds) : undefined;
  return (item: TaskItem) => {
    if (stream.index === 'byOpen' && (item.openUpdatedAt !== item.updatedAt || !isOpenStatus(item.status))) return false;
    // byStatusDue: the same for an entry that code older than the index left under the task's former status or
    // due date (it changed them without statusDueDay) until the reconcile in #data/task-due-index moves it.
    if (stream.index === 'byStatusDue' && (item.status !== stream.status || item.statusDueDay !== item.calendarDay)) return false;
    const at = position(item);
    if (bounds.low && !bounds.low.inclusive && comparePositions(at, bounds.low.position) <= 0) return false;
    if (bounds.high && !bounds.high.inclusive && comparePositions(at, bounds.high.position) >= 0) return false;
    return !allowed || allowed.has(item.projectId);
  };
};

/** The most items one Query of a filtered stream evaluates (DynamoDB's 1 MB page may stop it earlier). */
const MAX_PER_CALL = 400;

/**
 * How many items the next Query of a stream should evaluate: a page's worth at first (a filter may match nearly
 * everything, e.g. a member's brands), then as many as the match rate seen so far says the missing matches need.
 */
export const nextQueryLimit = (limit: number, found: number, evaluated: number) => {
  if (evaluated === 0) return limit;
  const rate = Math.max(found / evaluated, 1 / 16);
  return Math.min(MAX_PER_CALL, Math.max(limit, Math.ceil(((limit - found) / rate) * 1.25)));
};

/** Reads one stream: Query pages until `limit` matches, the end, or `budget` calls. */
const readStream = async (
  ctx: Pick<WorkspaceContext, 'workspaceId'>,
  stream: TaskStream,
  request: TaskStreamsRequest,
  count: () => void,
): Promise<StreamRead<TaskItem>> => {
  const { mode, order, filters, limit, budget } = request;
  const bounds = boundsOf(request);
  if (!bounds) return { items: [], exhausted: true };
  const filtered = hasFilter(filters);
  const keyed = keyedQuery(ctx, stream, bounds);
  const params: QueryCommandInput = (filtered ? keyed.where(filterOf(filters)) : keyed).params({ order });
  const keep = keepOf(bounds, stream, mode, filters);
  // A between() lets the cursor itself in (dropped by keep): read one more so a page of keys still fills the page.
  const wanted = bounds.low && bounds.high ? limit + 1 : limit;
  const items: TaskItem[] = [];
  let evaluated = 0;
  let startKey: Record<string, unknown> | undefined;
  for (let call = 1; call <= budget; call++) {
    count();
    const Limit = nextQueryLimit(wanted, items.length, evaluated);
    const page = await dynamo().send(new QueryCommand({ ...params, Limit, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }));
    const parsed = db().entities.task.parse({ Items: page.Items ?? [] }).data as TaskItem[];
    items.push(...parsed.filter(keep));
    evaluated += page.ScannedCount ?? parsed.length;
    startKey = page.LastEvaluatedKey;
    if (!startKey) return { items, exhausted: true };
    if (items.length >= limit) break;
  }
  return { items, exhausted: false, lastEvaluated: keyPosition(stream.index, startKey!) };
};

/** Reads every stream of a page in parallel; answers what each read and how many Queries were sent. */
export const readTaskStreams = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, request: TaskStreamsRequest): Promise<TaskStreamsResult> => {
  let requests = 0;
  const streams = await Promise.all(request.streams.map((stream) => readStream(ctx, stream, request, () => requests++)));
  return { streams, requests };
};
