import type { WorkspaceContext } from '#lib/context';
import { db } from './db';
import { allExactly, exactly } from './exact-ids';
import { cancelledOutcome, type GuardedOutcome } from './conditions';

export type TimeEntryItem = {
  workspaceId: string;
  entryId: string;
  taskId: string;
  projectId: string;
  userId: string;
  startedAt: string;
  endedAt?: string;
  seconds: number;
};

/** The workspace's time entries, newest first (pattern: timeEntriesOfWorkspace). */
export const listTimeEntries = async (ctx: WorkspaceContext, limit = 500): Promise<TimeEntryItem[]> => {
  const { data } = await db().entities.timeEntry.query.primary({ workspaceId: ctx.workspaceId }).go({ order: 'desc', limit });
  return data;
};

/** A task's time entries, newest first, every page (pattern: timeEntriesOfTask). */
export const listTaskTimeEntryItems = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, taskId: string): Promise<TimeEntryItem[]> => {
  const { data } = await db().entities.timeEntry.query.byTask({ workspaceId: ctx.workspaceId, taskId }).go({ order: 'desc', pages: 'all' });
  return allExactly(data, { workspaceId: ctx.workspaceId, taskId });
};

/** One entry of the workspace (pattern: timeEntryById). */
export const getTimeEntryItem = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, entryId: string): Promise<TimeEntryItem | undefined> => {
  const { data } = await db().entities.timeEntry.get({ workspaceId: ctx.workspaceId, entryId }).go();
  return exactly(data, { workspaceId: ctx.workspaceId, entryId });
};

/** The entry as read: a change applies only while seconds and end are still these (optimistic concurrency). */
const unchanged = (read: TimeEntryItem) => (attr: any, { eq, notExists }: any) =>
  `${eq(attr.seconds, read.seconds)} AND ${read.endedAt ? eq(attr.endedAt, read.endedAt) : notExists(attr.endedAt)}`;

/** The task's total moves by `delta` seconds; the task must still exist. */
const moveTotal = (task: any, entry: Pick<TimeEntryItem, 'workspaceId' | 'taskId'>, delta: number) =>
  delta !== 0
    ? task.patch({ workspaceId: entry.workspaceId, taskId: entry.taskId }).add({ totalSpent: delta }).commit()
    : task.check({ workspaceId: entry.workspaceId, taskId: entry.taskId }).where(({ taskId }: any, { exists }: any) => exists(taskId)).commit();

/** How a timer start ended: `running` when the person already has a running timer on the task. */
export type CreateEntryOutcome = GuardedOutcome | 'running';

/** The runningTimer guard of a running entry: deleted when the entry stops or goes (absent for older timers). */
const releaseTimer = (runningTimer: any, entry: TimeEntryItem) =>
  runningTimer
    .delete({ workspaceId: entry.workspaceId, taskId: entry.taskId, userId: entry.userId })
    .where((attr: any, { eq, notExists }: any) => `${notExists(attr.entryId)} OR ${eq(attr.entryId, entry.entryId)}`)
    .commit();

/**
 * A new entry and the task's totalSpent moved by its seconds, in one TransactWriteItems (pattern: timeEntryWrite).
 * A running timer (no end) also creates the person's runningTimer guard of the task, only if absent (pattern:
 * runningTimer). `stale`: the task is gone; `running`: a timer of theirs runs already.
 */
export const createTimeEntryTransaction = async (entry: TimeEntryItem): Promise<CreateEntryOutcome> => {
  const running = !entry.endedAt;
  const { canceled, data } = await db()
    .transaction.write(({ timeEntry, task, runningTimer }) => [
      timeEntry.create(entry).commit(),
      moveTotal(task, entry, entry.seconds),
      ...(running
        ? [runningTimer.create({ workspaceId: entry.workspaceId, taskId: entry.taskId, userId: entry.userId, entryId: entry.entryId }).commit()]
        : []),
    ])
    .go();
  if (!canceled) return 'done';
  const [, taskReason, guardReason] = data as readonly ({ code?: string } | null | undefined)[];
  if (guardReason?.code === 'ConditionalCheckFailed' && taskReason?.code !== 'ConditionalCheckFailed') return 'running';
  return cancelledOutcome(data);
};

/**
 * New times of an entry and the task's totalSpent moved by the change of seconds, in one TransactWriteItems,
 * only if the entry is still as read (pattern: timeEntryWrite); a timer that stops releases its guard.
 * `stale`: read again.
 */
export const updateTimeEntryTransaction = async (read: TimeEntryItem, next: Pick<TimeEntryItem, 'startedAt' | 'endedAt' | 'seconds'>): Promise<GuardedOutcome> => {
  const { workspaceId, entryId } = read;
  const { canceled, data } = await db()
    .transaction.write(({ timeEntry, task, runningTimer }) => [
      timeEntry
        .patch({ workspaceId, entryId })
        .data((attr: any, { set, remove }: any) => {
          set(attr.startedAt, next.startedAt);
          set(attr.seconds, next.seconds);
          if (next.endedAt) set(attr.endedAt, next.endedAt);
          else if (read.endedAt) remove(attr.endedAt);
        })
        .where(unchanged(read))
        .commit(),
      moveTotal(task, read, next.seconds - read.seconds),
      ...(!read.endedAt && next.endedAt ? [releaseTimer(runningTimer, read)] : []),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** Deletes the entry and takes its seconds off the task's total, if the entry is still as read (pattern: timeEntryWrite); a running one releases its guard. */
export const deleteTimeEntryTransaction = async (read: TimeEntryItem): Promise<GuardedOutcome> => {
  const { workspaceId, entryId } = read;
  const { canceled, data } = await db()
    .transaction.write(({ timeEntry, task, runningTimer }) => [
      timeEntry.delete({ workspaceId, entryId }).where(unchanged(read)).commit(),
      moveTotal(task, read, -read.seconds),
      ...(!read.endedAt ? [releaseTimer(runningTimer, read)] : []),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};
