import * as z from 'zod/mini';
import { isoDate } from './common';
import { dayDate, REVIEWABLE_STATUSES, taskStatus, taskType, timeZone, type TaskStatus } from './task';

/**
 * The dashboard's "what needs me" (GET /workspaces/{workspaceId}/dashboard): the caller's overdue tasks and those
 * due this week, what waits on the client, what came back with changes, the latest client decisions, and the
 * same counts per brand. Only open tasks count (OPEN_STATUSES: a finished one is neither late nor due). Dates are the caller's calendar days (the browser sends its own today).
 */

/** Waiting on the client: shared for review, no decision yet. */
export const AWAITING_CLIENT_STATUSES: readonly TaskStatus[] = REVIEWABLE_STATUSES;
/** Sent back: the client (or a reviewer) requested changes. */
export const CHANGES_REQUESTED_STATUSES: readonly TaskStatus[] = ['rejected'];

/** How many tasks each section lists (its count says how many there are). */
export const DASHBOARD_SECTION_ITEMS = 5;
/** How many of the latest client decisions the dashboard shows. */
export const DASHBOARD_DECISIONS = 5;

export const dashboardQuery = z.object({
  /** The viewer's time zone: "today" is the day it is there (UTC when absent), as the list's due presets read it. */
  tz: z.optional(timeZone),
  /** A day to stand on instead of today in `tz` (a real date). */
  today: z.optional(dayDate),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

/** A task as a dashboard line names it, with the brand it belongs to (for its link). */
export const dashboardTask = z.object({
  uid: z.string(),
  id: z.number(),
  summary: z.string(),
  status: taskStatus,
  ticket_type: taskType,
  due_date: z.nullable(dayDate),
  assignee: z.nullable(z.string()),
  post_platform: z.nullable(z.string()),
  project_uid: z.string(),
  projects: z.object({ slug: z.string(), name: z.string() }),
  /** A review link is shared (the client can decide now). */
  review_shared: z.boolean(),
  updated_at: isoDate,
});
export type DashboardTask = z.output<typeof dashboardTask>;

const count = z.number();

/** One section: how many tasks, and the first few (most urgent first). */
export const dashboardSection = z.object({ count, items: z.array(dashboardTask) });
export type DashboardSection = z.output<typeof dashboardSection>;

export const DASHBOARD_SECTIONS = ['overdue', 'due_this_week', 'awaiting_client', 'changes_requested'] as const;
export type DashboardSectionId = (typeof DASHBOARD_SECTIONS)[number];

/** A client's decision from a review link (the task's 'review' activity). */
export const dashboardDecision = z.object({
  task: dashboardTask,
  decision: z.enum(['approved', 'rejected']),
  reviewer_name: z.nullable(z.string()),
  comment: z.nullable(z.string()),
  at: isoDate,
});
export type DashboardDecision = z.output<typeof dashboardDecision>;

/** A brand's counts: everyone's tasks in it (the sections above are the caller's for overdue and this week). */
export const dashboardBrand = z.object({
  project_uid: z.string(),
  overdue: count,
  due_this_week: count,
  awaiting_client: count,
  changes_requested: count,
});
export type DashboardBrand = z.output<typeof dashboardBrand>;

export const dashboard = z.object({
  today: dayDate,
  /** The last day of "this week" (Sunday; weeks start on Monday). */
  week_end: dayDate,
  /** Overdue and due this week: assigned to the caller. The others: every task of the brands the caller may open. */
  overdue: dashboardSection,
  due_this_week: dashboardSection,
  awaiting_client: dashboardSection,
  changes_requested: dashboardSection,
  decisions: z.array(dashboardDecision),
  /** Brands the caller may open that have something to count; a brand absent here has nothing. */
  brands: z.array(dashboardBrand),
  /** False when a read stopped at its budget: the counts are then lower bounds. */
  complete: z.boolean(),
});
export type Dashboard = z.output<typeof dashboard>;
