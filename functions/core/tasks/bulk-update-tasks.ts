import { MAX_BULK_TASKS_STATUS_AND_ASSIGNEE, type BulkTaskChanges, type BulkUpdateTasksBody, type BulkUpdateTasksResult } from '#shared/schemas/task-bulk';
import { canTransition } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { StoredFileRef, TaskActivityItem, TaskChange, TaskItem } from '#data/tasks';
import type { RecordingItem, RecordingRef } from '#data/recordings';
import { existingCalendarEvents, followDueDate, removeCalendarEvents } from '../integrations/calendar-events';
import { assignmentEvents } from '../notifications/events';
import type { OpenedTask } from './open-task';
import { applyFields, WRITABLE_ATTRIBUTES } from './task-fields';
import { signFiles, toTask } from './task-view';
import { checkAssignee, nextVersion, type UpdateTaskDeps } from './update-task';

export type BulkUpdateTasksDeps = Pick<
  UpdateTaskDeps,
  'clock' | 'newActivityId' | 'openTask' | 'getProjectAndMember' | 'findMembership' | 'signFile' | 'appUrl' | 'calendarEvents' | 'approvalGate' | 'retryTiming'
> & {
  bulkUpdateTransaction: (changes: readonly TaskChange[]) => Promise<GuardedOutcome>;
  removeTaskItems: (tasks: readonly TaskItem[]) => Promise<GuardedOutcome>;
  purgeTaskLeftovers: (task: TaskItem) => Promise<StoredFileRef[]>;
  getRecording: (ref: RecordingRef) => Promise<RecordingItem | undefined>;
  /** Deletes a recording and its share links (its task is gone already: `false` leaves the task alone). */
  deleteRecording: (recording: RecordingItem, taskStillCarriesIt: false) => Promise<GuardedOutcome>;
  deleteObjects: (keys: readonly string[]) => Promise<void>;
};

/** A change that changes something: at least one field present. */
const changedFields = (changes: BulkTaskChanges | undefined) =>
  Object.entries(changes ?? {}).filter(([, value]) => value !== undefined) as [keyof BulkTaskChanges, unknown][];

/** A refusal about one task names it by its place in `ids`, so the client can point at the row. */
const about = (index: number, error: unknown): never => {
  if (error instanceof DomainError && !error.field) throw new DomainError(error.code, { field: `ids.${index}` });
  throw error;
};

/** Each task, opened as its own edit would open it (task_not_found, user_not_in_project), or the refusal naming it. */
const openAll = (deps: BulkUpdateTasksDeps, ctx: WorkspaceContext, ids: readonly string[]): Promise<OpenedTask[]> =>
  Promise.all(ids.map((taskId, index) => deps.openTask(ctx, taskId).catch((error: unknown) => about(index, error))));

/**
 * The table's bulk action (pattern: bulkUpdateTasks): the same status, assignee or due date for every selected task,
 * or their deletion. Every task is checked first exactly as its own edit would be (the caller may open it, the
 * status move is allowed, the assignee may work on its brand, an assignee locked by a calendar event stays); the
 * first refusal names the task (`ids.N`) and nothing is written. Then one transaction writes them all, each on
 * the version read; when one changed meanwhile, everything is read and checked once more, else task_changed.
 */
export const bulkUpdateTasks = async (deps: BulkUpdateTasksDeps, ctx: WorkspaceContext, body: BulkUpdateTasksBody): Promise<BulkUpdateTasksResult> => {
  const repeated = body.ids.findIndex((taskId, index) => body.ids.indexOf(taskId) !== index);
  if (repeated >= 0) throw new ValidationError(`ids.${repeated}`, `ids.${repeated} names a task already in the list`);
  const fields = changedFields(body.changes);
  if (body.delete === true && fields.length) throw new ValidationError('delete', 'delete cannot be combined with changes');
  if (body.delete === true) return deleteTasks(deps, ctx, body.ids);
  if (!fields.length) throw new ValidationError('changes', 'changes must set at least one of status, assignee, due_date (or send delete: true)');
  const changes = body.changes!;
  if (changes.status !== undefined && changes.assignee && body.ids.length > MAX_BULK_TASKS_STATUS_AND_ASSIGNEE) {
    throw new ValidationError('ids', `ids must have at most ${MAX_BULK_TASKS_STATUS_AND_ASSIGNEE} tasks when status and assignee change together`);
  }

  let staleRetries = 0;
  return retry(async () => {
    const opened = await openAll(deps, ctx, body.ids);
    opened.forEach(({ task }, index) => {
      if (changes.status !== undefined && !canTransition(task.status, changes.status)) {
        throw new DomainError(staleRetries ? 'task_changed' : 'task_transition_refused', { field: `ids.${index}` });
      }
    });
    if (changes.status === 'needs_approval' && deps.approvalGate) {
      const gate = deps.approvalGate;
      await Promise.all(
        opened.map(({ task }, index) =>
          task.status === 'needs_approval'
            ? undefined
            : gate(ctx, applyFields(task, changes)).catch((error: unknown) => {
                // The brand-fit refusal names the task's row, as every refusal of a bulk change does.
                throw error instanceof DomainError ? new DomainError(error.code, { field: `ids.${index}` }) : error;
              }),
        ),
      );
    }
    // The assignee once per brand: the same person on many tasks of one brand is one check.
    if (changes.assignee) {
      const assignee = changes.assignee;
      const projects = [...new Set(opened.map(({ task }) => task.projectId))];
      await Promise.all(projects.map((projectId) => checkAssignee(deps, ctx, assignee, projectId)));
    }

    const now = deps.clock();
    const undos: (() => Promise<void>)[] = [];
    const undoAll = () => Promise.all(undos.map((undo) => undo())).then(() => undefined);
    const writes: TaskChange[] = [];
    try {
      for (const [index, { task }] of opened.entries()) {
        const next = applyFields(task, changes);
        const assigneeChanged = (next.assignee ?? null) !== (task.assignee ?? null);
        const dueDateChanged = (next.dueDate ?? null) !== (task.dueDate ?? null);
        const events = assigneeChanged || dueDateChanged ? await existingCalendarEvents(deps.calendarEvents, ctx, task) : [];
        if (assigneeChanged && events.length) throw new DomainError('cant_change_assignee_with_existing_calendar_event', { field: `ids.${index}` });
        if (dueDateChanged && events.length) {
          const followed = await followDueDate(deps.calendarEvents, events, task.dueDate, next.dueDate).catch((error: unknown) => about(index, error));
          undos.push(followed.undo);
        }
        next.updatedAt = nextVersion(now, task.updatedAt);
        const activity: TaskActivityItem | undefined =
          next.status !== task.status
            ? { workspaceId: ctx.workspaceId, taskId: task.taskId, activityId: deps.newActivityId(now), type: 'status', at: next.updatedAt, actor: ctx.userId, from: task.status, to: next.status }
            : undefined;
        const notices = assignmentEvents({ task: next, project: opened[index]!.project, now, actorId: ctx.userId, previousAssignee: task.assignee });
        writes.push({ current: task, next, attributes: WRITABLE_ATTRIBUTES, activity, events: notices });
      }
    } catch (error) {
      await undoAll();
      throw error;
    }

    const outcome = await deps.bulkUpdateTransaction(writes).catch(async (error: unknown) => {
      await undoAll();
      throw error;
    });
    if (outcome === 'done') {
      const fileUrls = await signFiles(writes.map((write) => write.next), deps.signFile);
      return {
        items: writes.map((write, index) => toTask(write.next, { project: opened[index]!.project, fileUrls, appUrl: deps.appUrl })),
        deleted: [],
      };
    }
    await undoAll();
    if (outcome === 'stale' && staleRetries++ >= 1) throw new DomainError('task_changed');
    return RETRY;
  }, { exhausted: 'task_changed', ...deps.retryTiming });
};

/**
 * A removed task's screen recording with its share links (then /play stops playing it), answering the keys of its
 * video and poster. The recording is read again on a conflict; one that went meanwhile, or that is another task's,
 * is left alone.
 */
const removeRecordingOf = async (deps: BulkUpdateTasksDeps, task: TaskItem): Promise<string[]> => {
  if (!task.recording) return [];
  const ref = { workspaceId: task.workspaceId, recordingId: task.recording.recordingId };
  return retry(
    async () => {
      const recording = await deps.getRecording(ref);
      if (recording?.taskId !== task.taskId) return [];
      if ((await deps.deleteRecording(recording, false)) !== 'done') return RETRY;
      return [recording.key, ...(recording.posterKey ? [recording.posterKey] : [])];
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
};

/**
 * Deletes every task or none: their calendar events first (a refusal keeps every task; an event deleted before it
 * stays deleted, its record saying so), the task items in one transaction (each on the version checked), then what hung
 * off each (comments, activity, review link, time entries, the screen recording and its share links, files), as a
 * single delete does — the recordings after the tasks rather than with them, since a hundred tasks' recordings and
 * links do not fit the tasks' transaction.
 */
const deleteTasks = async (deps: BulkUpdateTasksDeps, ctx: WorkspaceContext, ids: readonly string[]): Promise<BulkUpdateTasksResult> => {
  let staleRetries = 0;
  const removed = await retry(async () => {
    const opened = await openAll(deps, ctx, ids);
    // Their Google Calendar events first, as a single delete takes them; a refusal names its task (ids.N).
    for (const [index, { task }] of opened.entries()) {
      const events = await existingCalendarEvents(deps.calendarEvents, ctx, task);
      if (events.length) await removeCalendarEvents(deps.calendarEvents, events).catch((error: unknown) => about(index, error));
    }
    const outcome = await deps.removeTaskItems(opened.map(({ task }) => task));
    if (outcome === 'done') return opened.map(({ task }) => task);
    if (outcome === 'stale' && staleRetries++ >= 1) throw new DomainError('task_changed');
    return RETRY;
  }, { exhausted: 'task_changed', ...deps.retryTiming });
  const files = await Promise.all(removed.map(async (task) => [...(task.attachments ?? []), ...(task.audio ?? []), ...(await deps.purgeTaskLeftovers(task))]));
  const recordings = await Promise.all(removed.map((task) => removeRecordingOf(deps, task)));
  const keys = [...files.flat().map((file) => file.key), ...recordings.flat()];
  if (keys.length) await deps.deleteObjects(keys);
  return { items: [], deleted: [...ids] };
};
