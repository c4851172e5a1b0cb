import type * as z from 'zod/mini';
import type { createTimeEntryBody, taskTimeEntries, taskTimeEntry, updateTimeEntryBody } from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import type { GuardedOutcome } from '#data/conditions';
import type { TimeEntryItem } from '#data/time-entries';
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

/** Whole seconds between two times, after checking the entry is possible: ends after it starts, not in the future. */
export const secondsBetween = (startedAt: string, endedAt: string, now: Date): number => {
  const start = Date.parse(startedAt);
  const end = Date.parse(endedAt);
  if (!(end > start) || end > now.getTime() + CLOCK_SKEW_MS) throw new DomainError('time_entry_invalid');
  return Math.floor((end - start) / 1000);
};

type OpenTask = (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
const MAX_ATTEMPTS = 5;

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

export type CreateTimeEntryDeps = ListTaskTimeEntriesDeps & {
  clock: Clock;
  newEntryId: (now: Date) => string;
  createTimeEntryTransaction: (entry: TimeEntryItem) => Promise<GuardedOutcome>;
};

/**
 * Starts a timer (no times: from now, one running timer per person per task, else timer_already_running) or adds
 * a manual entry (both times). Only one of the two times is a 400 naming the missing one. The running-timer check
 * reads the task's entries first, so two starts in the same instant could both pass (a double click is caught;
 * a stopped duplicate is harmless to the total).
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
  let entry: TimeEntryItem;
  if (input.started_at && input.ended_at) {
    const seconds = secondsBetween(input.started_at, input.ended_at, now);
    entry = {
      workspaceId: ctx.workspaceId, entryId: deps.newEntryId(now), taskId, projectId: task.projectId, userId: ctx.userId,
      startedAt: new Date(input.started_at).toISOString(), endedAt: new Date(input.ended_at).toISOString(), seconds,
    };
  } else {
    const entries = await deps.listTaskTimeEntryItems(ctx, taskId);
    if (entries.some((e) => e.userId === ctx.userId && !e.endedAt)) throw new DomainError('timer_already_running');
    entry = { workspaceId: ctx.workspaceId, entryId: deps.newEntryId(now), taskId, projectId: task.projectId, userId: ctx.userId, startedAt: now.toISOString(), seconds: 0 };
  }
  for (let attempt = 1; ; attempt++) {
    const outcome = await deps.createTimeEntryTransaction(entry);
    if (outcome === 'done') return toTaskTimeEntry(entry);
    if (outcome === 'stale') throw new DomainError('task_not_found');
    if (attempt === MAX_ATTEMPTS) throw new Error(`Creating time entry gave '${outcome}' ${MAX_ATTEMPTS} times`);
  }
};

export type ChangeTimeEntryDeps = {
  clock: Clock;
  openTask: OpenTask;
  getTimeEntryItem: (ctx: WorkspaceContext, entryId: string) => Promise<TimeEntryItem | undefined>;
};

/** The entry of this task the caller may change: their own, or any as a workspace admin. */
const entryToChange = async (deps: ChangeTimeEntryDeps, ctx: WorkspaceContext, taskId: string, entryId: string) => {
  await deps.openTask(ctx, taskId);
  const entry = await deps.getTimeEntryItem(ctx, entryId);
  if (!entry || entry.taskId !== taskId) throw new DomainError('time_entry_not_found');
  if (entry.userId !== ctx.userId && ctx.role !== 'admin') throw new DomainError('time_entry_not_yours');
  return entry;
};

/** The entry's new times and seconds from an update, or undefined when it changes nothing (stopping a stopped timer). */
export const applyTimeEntryUpdate = (
  entry: TimeEntryItem,
  input: z.output<typeof updateTimeEntryBody>,
  now: Date,
): Pick<TimeEntryItem, 'startedAt' | 'endedAt' | 'seconds'> | undefined => {
  const editsTimes = input.started_at !== undefined || input.ended_at !== undefined;
  if (input.stop && editsTimes) throw new ValidationError('stop', 'stop cannot be combined with started_at or ended_at');
  if (!input.stop && !editsTimes) throw new ValidationError('body', 'body must have stop, started_at or ended_at');
  if (input.stop) {
    if (entry.endedAt) return undefined;
    const endedAt = now.toISOString();
    return { startedAt: entry.startedAt, endedAt, seconds: secondsBetween(entry.startedAt, endedAt, now) };
  }
  const startedAt = input.started_at ? new Date(input.started_at).toISOString() : entry.startedAt;
  const endedAt = input.ended_at ? new Date(input.ended_at).toISOString() : entry.endedAt;
  if (!endedAt) {
    // A running timer whose start is corrected: it cannot start in the future.
    if (Date.parse(startedAt) > now.getTime() + CLOCK_SKEW_MS) throw new DomainError('time_entry_invalid');
    return { startedAt, seconds: 0 };
  }
  return { startedAt, endedAt, seconds: secondsBetween(startedAt, endedAt, now) };
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
): Promise<TaskTimeEntry> => {
  for (let attempt = 1; ; attempt++) {
    const entry = await entryToChange(deps, ctx, taskId, entryId);
    const next = applyTimeEntryUpdate(entry, input, deps.clock());
    if (!next) return toTaskTimeEntry(entry);
    const outcome = await deps.updateTimeEntryTransaction(entry, next);
    if (outcome === 'done') {
      const { endedAt: _ended, ...rest } = entry;
      return toTaskTimeEntry({ ...rest, ...next });
    }
    if (attempt === MAX_ATTEMPTS) throw new DomainError('task_changed');
  }
};

export type DeleteTimeEntryDeps = ChangeTimeEntryDeps & {
  deleteTimeEntryTransaction: (read: TimeEntryItem) => Promise<GuardedOutcome>;
};

/** Deletes an entry; its seconds leave the task's total in the same transaction. */
export const deleteTimeEntry = async (deps: DeleteTimeEntryDeps, ctx: WorkspaceContext, taskId: string, entryId: string): Promise<void> => {
  for (let attempt = 1; ; attempt++) {
    const entry = await entryToChange(deps, ctx, taskId, entryId);
    if ((await deps.deleteTimeEntryTransaction(entry)) === 'done') return;
    if (attempt === MAX_ATTEMPTS) throw new DomainError('task_changed');
  }
};
