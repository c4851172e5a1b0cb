import type { z } from 'zod/mini';
import type { timeEntries } from '#shared/schemas/workspace';
import type { TimeEntryItem } from '#data/time-entries';
import { toTaskTimeEntry } from './task-time-entries';

/** The API shape of a workspace's time entries; `hasTimeTracking` says whether anyone has tracked time yet. */
export const toTimeEntries = (items: TimeEntryItem[]): z.output<typeof timeEntries> => ({
  hasTimeTracking: items.length > 0,
  entries: items.map(toTaskTimeEntry),
});
