import type { z } from 'zod/mini';
import type { timeEntries } from '#shared/schemas/workspace';
import type { TimeEntryItem } from '#data/time-entries';

/** The API shape of a workspace's time entries; `hasTimeTracking` says whether anyone has tracked time yet. */
export const toTimeEntries = (items: TimeEntryItem[]): z.output<typeof timeEntries> => ({
  hasTimeTracking: items.length > 0,
  entries: items.map((item) => ({
    uid: item.entryId,
    task_uid: item.taskId,
    project_uid: item.projectId,
    user_uid: item.userId,
    started_at: item.startedAt,
    ended_at: item.endedAt ?? null,
    seconds: item.seconds,
  })),
});
