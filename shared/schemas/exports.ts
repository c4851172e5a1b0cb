import * as z from 'zod/mini';
import { id, isoDate, pattern } from './common';
import { dayDate, listTasksQuery } from './task';

/**
 * Exports: the other way teams move work between tools. Tasks and time entries as CSV (spreadsheets, invoicing),
 * and due dates as an iCalendar feed at a secret URL that Google Calendar or Outlook subscribe to.
 */

/** The task export takes the task list's filters (the list the person is looking at), without paging. */
export const exportTasksQuery = z.omit(listTasksQuery, { limit: true, cursor: true });
export type ExportTasksQuery = z.output<typeof exportTasksQuery>;
/** Rows an export holds at most: a larger one asks for a narrower filter instead of timing out. */
export const MAX_EXPORT_ROWS = 10_000;

/** One row per time entry, or the hours rolled up per brand, per person or per ISO week (for invoicing). */
export const TIME_EXPORT_GROUPS = ['entries', 'brand', 'person', 'week'] as const;
export type TimeExportGroup = (typeof TIME_EXPORT_GROUPS)[number];
export const exportTimeQuery = z.object({
  group: z.optional(z.enum(TIME_EXPORT_GROUPS)),
  /** Entries started on or after this day (UTC). */
  from: z.optional(dayDate),
  /** Entries started on or before this day (UTC). */
  to: z.optional(dayDate),
});
export type ExportTimeQuery = z.output<typeof exportTimeQuery>;

/** A feed of the caller's own tasks ('me') or of one brand's ('project'). */
export const CALENDAR_FEED_SCOPES = ['me', 'project'] as const;
export const createCalendarFeedBody = z.object({
  scope: z.enum(CALENDAR_FEED_SCOPES),
  project_uid: z.optional(id),
});
export type CreateCalendarFeedBody = z.output<typeof createCalendarFeedBody>;

export const calendarFeed = z.object({
  uid: id,
  scope: z.enum(CALENDAR_FEED_SCOPES),
  project_uid: z.nullable(id),
  created_at: isoDate,
});
export type CalendarFeed = z.infer<typeof calendarFeed>;
export const calendarFeedList = z.array(calendarFeed);
/** The create answer: the secret address, shown this once (only its hash is stored). */
export const createdCalendarFeed = z.object({ ...calendarFeed.shape, url: z.string() });
export const calendarFeedParams = z.object({ workspaceId: id, feedUid: id });
/** The secret part of a feed's address: 32 random bytes, base64url. */
export const calendarFeedTokenParams = z.object({ token: pattern(/^[A-Za-z0-9_-]{43}$/, 'must be a calendar feed address') });

/** The feed holds tasks due from this many days ago to this many days ahead. */
export const CALENDAR_FEED_PAST_DAYS = 60;
export const CALENDAR_FEED_FUTURE_DAYS = 365;
