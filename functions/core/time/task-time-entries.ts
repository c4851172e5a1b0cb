import type * as z from 'zod/mini';
import {
  MAX_TIME_ENTRY_SECONDS,
  TIME_ENTRY_LEAD_SECONDS,
  type createTimeEntryBody,
  type taskTimeEntries,
  type taskTimeEntry,
  type updateTimeEntryBody,
} from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { CreateEntryOutcome, TimeEntryItem } from '#data/time-entries';
import type { OpenedTask } from '#core/tasks/open-task';
import type { Clock } from '../clock';

/**
 * Time tracked on a task. A timer is an entry without an end (seconds 0 until stopped); a manual entry has both
 * times. Every change of an entry's seconds moves the task's totalSpent by the difference in the same
 * transaction, so the total is always the sum of the entries.
 */
export type TaskTimeEntry = z.output<typeof taskTimeEntry>;

export const toTaskTimeEntry = (item: TimeEntryItem): TaskTimeEntry => ({
  uid: item.entryId,
  task_uid: item.taskId,
  project_uid: item.projectId,
  user_uid: item.userId,
  started_at: item.startedAt,
  ended_at: item.endedAt ?? null,
  seconds: item.seconds,
});

/** A browser clock a little ahead of ours must not make "now" look like the future. */
export const CLOCK_SKEW_MS = 60_000;

/**
 * Whole seconds between two times, after checking the entry is possible: it ends after it starts and not in the
 * future (time_entry_invalid), lasts at most a day (time_entry_too_long), and starts at most a week before its
 * task was created (time_entry_too_early: nobody worked on a task in 1900).
 */
export const secondsBetween = (startedAt: string, endedAt: string, now: Date, taskCreatedAt: string): number => {
  checkStart(startedAt, now, taskCreatedAt);
  const start = Date.parse(startedAt);
  const end = Date.parse(endedAt);
  if (!(end > start) || end > now.getTime() + CLOCK_SKEW_MS) throw new DomainError('time_entry_invalid', { field: 'ended_at' });
  const seconds = Math.floor((end - start) / 1000);
  if (seconds > MAX_TIME_ENTRY_SECONDS) throw new DomainError('time_entry_too_long', { field: 'ended_at' });
  return seconds;
};

/** A start is possible: not in the future, and not more than TIME_ENTRY_LEAD_SECONDS before the task was created. */
const checkStart = (startedAt: string, now: Date, taskCreatedAt: string) => {
  const start = Date.parse(startedAt);
  if (start > now.getTime() + CLOCK_SKEW_MS) throw new DomainError('time_entry_invalid', { field: 'started_at' });
  if (start < Date.parse(taskCreatedAt) - TIME_ENTRY_LEAD_SECONDS * 1000) throw new DomainError('time_entry_too_early', { field: 'started_at' });
};

type OpenTask = (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;

export type ListTaskTimeEntriesDeps = {
  openTask: OpenTask;
  listTaskTimeEntryItems: (ctx: WorkspaceContext, taskId: string) => Promise<TimeEntryItem[]>;
};

/** A task's entries, newest first, with the task's total. */
export const listTaskTimeEntries = async (deps: ListTaskTimeEntriesDeps, ctx: WorkspaceContext, taskId: string): Promise<z.output<typeof taskTimeEntries>> => {
  const { task } = await deps.openTask(ctx, taskId);
  const items = await deps.listTaskTimeEntryItems(ctx, taskId);
  return { total_spent: task.totalSpent ?? 0, entries: items.map(toTaskTimeEntry) };
};

export type CreateTimeEntryDeps = {
  openTask: OpenTask;
  clock: Clock;
  newEntryId: (now: Date) => string;
  createTimeEntryTransaction: (entry: TimeEntryItem) => Promise<CreateEntryOutcome>;
  retryTiming?: RetryTiming;
};

/**
 * Starts a timer (no times: from now) or adds a manual entry (both times). Only one of the two times is a 400
 * naming the missing one. One running timer per person per task is the transaction's guarantee: the timer and
 * its guard item commit together only if the guard is absent (else timer_already_running), so starts racing
 * each other leave exactly one.
 */
export const createTimeEntry = async (
  deps: CreateTimeEntryDeps,
  ctx: WorkspaceContext,
  taskId: string,
  input: z.output<typeof createTimeEntryBody>,
): Promise<TaskTimeEntry> => {
  if (!!input.started_at !== !!input.ended_at) {
    const missing = input.started_at ? 'ended_at' : 'started_at';
    throw new ValidationError(missing, `${missing} is required with ${missing === 'ended_at' ? 'started_at' : 'ended_at'} (a manual entry has both times; a timer neither)`);
  }
  const { task } = await deps.openTask(ctx, taskId);
  const now = deps.clock();
  const base = { workspaceId: ctx.workspaceId, entryId: deps.newEntryId(now), taskId, projectId: task.projectId, userId: ctx.userId };
  const entry: TimeEntryItem =
    input.started_at && input.ended_at
      ? {
          ...base,
          startedAt: new Date(input.started_at).toISOString(),
          endedAt: new Date(input.ended_at).toISOString(),
          seconds: secondsBetween(input.started_at, input.ended_at, now, task.createdAt),
        }
      : { ...base, startedAt: now.toISOString(), seconds: 0 };
  return retry(
    async () => {
      const outcome = await deps.createTimeEntryTransaction(entry);
      if (outcome === 'done') return toTaskTimeEntry(entry);
      if (outcome === 'running') throw new DomainError('timer_already_running');
      if (outcome === 'stale') throw new DomainError('task_not_found');
      return RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
};

export type ChangeTimeEntryDeps = {
  clock: Clock;
  openTask: OpenTask;
  getTimeEntryItem: (ctx: WorkspaceContext, entryId: string) => Promise<TimeEntryItem | undefined>;
  retryTiming?: RetryTiming;
};

/** The entry of this task the caller may change (their own, or any as a workspace admin), and when the task was created. */
const entryToChange = async (deps: ChangeTimeEntryDeps, ctx: WorkspaceContext, taskId: string, entryId: string) => {
  const { task } = await deps.openTask(ctx, taskId);
  const entry = await deps.getTimeEntryItem(ctx, entryId);
  if (!entry || entry.taskId !== taskId) throw new DomainError('time_entry_not_found');
  if (entry.userId !== ctx.userId && ctx.role !== 'admin') throw new DomainError('time_entry_not_yours');
  return { entry, taskCreatedAt: task.createdAt };
};

/**
 * The entry's new times and seconds from an update, or undefined when it changes nothing (stopping a stopped
 * timer). A timer forgotten for more than a day stops a day after its start (an entry lasts at most that).
 */
export const applyTimeEntryUpdate = (
  entry: TimeEntryItem,
  input: z.output<typeof updateTimeEntryBody>,
  now: Date,
  taskCreatedAt: string,
): Pick<TimeEntryItem, 'startedAt' | 'endedAt' | 'seconds'> | undefined => {
  const editsTimes = input.started_at !== undefined || input.ended_at !== undefined;
  if (input.stop && editsTimes) throw new ValidationError('stop', 'stop cannot be combined with started_at or ended_at');
  if (!input.stop && !editsTimes) throw new ValidationError('body', 'body must have stop, started_at or ended_at');
  if (input.stop) {
    if (entry.endedAt) return undefined;
    const endedAt = new Date(Math.min(now.getTime(), Date.parse(entry.startedAt) + MAX_TIME_ENTRY_SECONDS * 1000)).toISOString();
    return { startedAt: entry.startedAt, endedAt, seconds: secondsBetween(entry.startedAt, endedAt, now, taskCreatedAt) };
  }
  const startedAt = input.started_at ? new Date(input.started_at).toISOString() : entry.startedAt;
  const endedAt = input.ended_at ? new Date(input.ended_at).toISOString() : entry.endedAt;
  if (!endedAt) {
    // A running timer whose start is corrected: possible starts only.
    checkStart(startedAt, now, taskCreatedAt);
    return { startedAt, seconds: 0 };
  }
  return { startedAt, endedAt, seconds: secondsBetween(startedAt, endedAt, now, taskCreatedAt) };
};

export type UpdateTimeEntryDeps = ChangeTimeEntryDeps & {
  updateTimeEntryTransaction: (read: TimeEntryItem, next: Pick<TimeEntryItem, 'startedAt' | 'endedAt' | 'seconds'>) => Promise<GuardedOutcome>;
};

/** Stops a running timer or edits an entry's times; the task's total moves by the change. Retried when the entry changed meanwhile. */
export const updateTimeEntry = async (
  deps: UpdateTimeEntryDeps,
  ctx: WorkspaceContext,
  taskId: string,
  entryId: string,
  input: z.output<typeof updateTimeEntryBody>,
): Promise<TaskTimeEntry> =>
  retry(
    async () => {
      const { entry, taskCreatedAt } = await entryToChange(deps, ctx, taskId, entryId);
      const next = applyTimeEntryUpdate(entry, input, deps.clock(), taskCreatedAt);
      if (!next) return toTaskTimeEntry(entry);
      if ((await deps.updateTimeEntryTransaction(entry, next)) !== 'done') return RETRY;
      const { endedAt: _ended, ...rest } = entry;
      return toTaskTimeEntry({ ...rest, ...next });
    },
    { exhausted: 'task_changed', ...deps.retryTiming },
  );

export type DeleteTimeEntryDeps = ChangeTimeEntryDeps & {
  deleteTimeEntryTransaction: (read: TimeEntryItem) => Promise<GuardedOutcome>;
};

/** Deletes an entry; its seconds leave the task's total in the same transaction. */
export const deleteTimeEntry = async (deps: DeleteTimeEntryDeps, ctx: WorkspaceContext, taskId: string, entryId: string): Promise<void> =>
  retry(
    async () => {
      const { entry } = await entryToChange(deps, ctx, taskId, entryId);
      return (await deps.deleteTimeEntryTransaction(entry)) === 'done' ? undefined : RETRY;
    },
    { exhausted: 'task_changed', ...deps.retryTiming },
  );
