import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { RecordingItem, RecordingRef } from '#data/recordings';
import type { StoredFileRef, TaskItem } from '#data/tasks';
import { existingCalendarEvents, removeCalendarEvents, type CalendarEventDeps } from '../integrations/calendar-events';
import type { OpenedTask } from './open-task';

export type DeleteTaskDeps = {
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  removeTaskItem: (task: TaskItem) => Promise<boolean>;
  getRecording: (ref: RecordingRef) => Promise<RecordingItem | undefined>;
  removeTaskWithRecording: (task: TaskItem, recording: RecordingItem) => Promise<GuardedOutcome>;
  purgeTaskLeftovers: (task: TaskItem) => Promise<StoredFileRef[]>;
  deleteObjects: (keys: readonly string[]) => Promise<void>;
  calendarEvents: CalendarEventDeps;
  retryTiming?: RetryTiming;
};

/**
 * Deletes a task the caller can open. Its Google Calendar events go first, as a cleared due date takes them:
 * Google refusing (calendar_update_failed) or a disconnected integration (integration_needs_reconnect) keeps the
 * task, so no event is left pointing at a task that is gone. The task item goes next, alone, so the task is gone
 * for everyone at once (no page can show half of it) — together with its screen recording and the recording's
 * share links when it carries one (one transaction, so /play stops playing the moment the task is gone); then what
 * hung off it (comments, activity, review link, time entries) and, last, its files in the bucket, the recording's
 * video and poster too: bytes go only after the table no longer names them, and each step is idempotent.
 */
export const deleteTask = async (deps: DeleteTaskDeps, ctx: WorkspaceContext, taskId: string): Promise<void> => {
  const removed = await retry(
    async () => {
      const { task } = await deps.openTask(ctx, taskId);
      // Read on each try: an event deleted by an earlier one is marked, so it is not looked for again.
      const events = await existingCalendarEvents(deps.calendarEvents, ctx, task);
      if (events.length) await removeCalendarEvents(deps.calendarEvents, events);
      const recording = task.recording ? await deps.getRecording({ workspaceId: task.workspaceId, recordingId: task.recording.recordingId }) : undefined;
      if (!recording) {
        if (!(await deps.removeTaskItem(task))) throw new DomainError('task_not_found');
        return { task, recording };
      }
      // stale: the task went, or its recording was deleted meanwhile; read both again.
      return (await deps.removeTaskWithRecording(task, recording)) === 'done' ? { task, recording } : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  const { task, recording } = removed;
  const commentFiles = await deps.purgeTaskLeftovers(task);
  const recordingKeys = recording ? [recording.key, ...(recording.posterKey ? [recording.posterKey] : [])] : [];
  const keys = [...[...(task.attachments ?? []), ...(task.audio ?? []), ...commentFiles].map((file) => file.key), ...recordingKeys];
  if (keys.length) await deps.deleteObjects(keys);
};
