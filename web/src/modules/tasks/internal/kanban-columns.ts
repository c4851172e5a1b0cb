import {
  canTransition,
  DEFAULT_STATUS_FILTER,
  FINISHED_STATUSES,
  PIPELINE_STATUSES,
  REVIEWABLE_STATUSES,
  STATUS_TRANSITIONS,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
} from '#shared/schemas/task';
import type { TaskEntities } from '../task-store';

/** What the board shows: the content pipeline (the default), or a column for every status. */
export type BoardLayout = 'pipeline' | 'all';
export const BOARD_LAYOUTS: readonly BoardLayout[] = ['pipeline', 'all'];

/**
 * Every status in the order a task meets it, left to right: each detour (paused, blocked, sent back) beside the
 * step it leaves from, the finished ones last.
 */
export const BOARD_ORDER: readonly TaskStatus[] = [
  'draft',
  'todo',
  'in_progress',
  'paused',
  'blocked',
  'needs_approval',
  'in_review',
  'rejected',
  'approved',
  'published',
  'posted',
  'done',
  'will_not_do',
];

/** One column of the board; an optional one is left out while it has no card. */
export type BoardColumn = { status: TaskStatus; optional: boolean };

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));

/** The status filter says nothing beyond "what is open" (or everything): the layout decides the columns. */
const isLayoutFilter = (statuses: readonly TaskStatus[]) =>
  statuses.length === 0 || sameSet(statuses, DEFAULT_STATUS_FILTER) || sameSet(statuses, TASK_STATUSES);

/**
 * The board's columns. "Every status" shows all of them. The pipeline shows its steps, and an open detour
 * (paused, blocked, sent back) only while it holds a card, so nothing open is out of sight. A status filter that
 * names statuses of its own is followed in either layout, its statuses in board order.
 */
export const boardColumns = (filterStatuses: readonly TaskStatus[], layout: BoardLayout): BoardColumn[] => {
  if (layout === 'all') return BOARD_ORDER.map((status) => ({ status, optional: false }));
  if (!isLayoutFilter(filterStatuses)) return BOARD_ORDER.filter((status) => filterStatuses.includes(status)).map((status) => ({ status, optional: false }));
  return BOARD_ORDER.filter((status) => PIPELINE_STATUSES.includes(status) || DEFAULT_STATUS_FILTER.includes(status)).map((status) => ({
    status,
    optional: !PIPELINE_STATUSES.includes(status),
  }));
};

/**
 * A column is narrow (its name and count, expandable) when it is finished or, once loaded, empty; the reader's
 * own choice for it wins.
 */
export const isCollapsed = (status: TaskStatus, state: { loading: boolean; count: number; chosen?: boolean }) =>
  state.chosen !== undefined ? !state.chosen : FINISHED_STATUSES.includes(status) || (!state.loading && state.count === 0);

/**
 * Cards per column from what the columns loaded: a card sits in the column of its CURRENT status (an optimistic
 * move shows at once, a rollback puts it back), newest update first, each task once.
 */
export const groupCards = (loaded: readonly (readonly string[])[], entities: TaskEntities, statuses: readonly TaskStatus[]) => {
  const groups = new Map<TaskStatus, Task[]>(statuses.map((status) => [status, []]));
  const seen = new Set<string>();
  for (const uids of loaded) {
    for (const uid of uids) {
      if (seen.has(uid)) continue;
      seen.add(uid);
      const task = entities[uid];
      if (task) groups.get(task.status)?.push(task);
    }
  }
  for (const cards of groups.values()) cards.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
  return groups;
};

/** Where a dragged card may land: its own column (no change) or one the transition table allows. */
export const canDropOn = (from: TaskStatus | undefined, to: TaskStatus) => from !== undefined && canTransition(from, to);

/** The statuses only a review leads to. */
const AFTER_REVIEW: readonly TaskStatus[] = ['approved', 'published', 'posted'];

/**
 * Why a card may not go from one status to another, for the person who dropped it there: a step that needs a
 * review first names the review statuses to go through, any other names the statuses it may go to.
 */
export type MoveRefusal =
  | { kind: 'review'; via: readonly TaskStatus[] }
  | { kind: 'approve' }
  | { kind: 'step'; allowed: readonly TaskStatus[] };

export const moveRefusal = (from: TaskStatus, to: TaskStatus): MoveRefusal | undefined => {
  if (canTransition(from, to)) return undefined;
  if (AFTER_REVIEW.includes(to) && REVIEWABLE_STATUSES.includes(from)) return { kind: 'approve' };
  const via = REVIEWABLE_STATUSES.filter((status) => STATUS_TRANSITIONS[from].includes(status));
  if (AFTER_REVIEW.includes(to) && via.length > 0) return { kind: 'review', via };
  return { kind: 'step', allowed: BOARD_ORDER.filter((status) => STATUS_TRANSITIONS[from].includes(status)) };
};
