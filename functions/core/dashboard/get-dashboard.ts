import {
  AWAITING_CLIENT_STATUSES,
  CHANGES_REQUESTED_STATUSES,
  DASHBOARD_DECISIONS,
  DASHBOARD_SECTION_ITEMS,
  type Dashboard,
  type DashboardBrand,
  type DashboardDecision,
  type DashboardQuery,
  type DashboardSection,
  type DashboardTask,
} from '#shared/schemas/dashboard';
import { OPEN_STATUSES } from '#shared/schemas/task';
import { addDays, dayIn, duePresetRange } from '#shared/due-presets';
import type { ProjectRef, WorkspaceContext } from '#lib/context';
import { ValidationError } from '#lib/errors';
import type { TaskStreamsRequest, TaskStreamsResult } from '#data/task-list';
import type { TaskActivityItem, TaskItem } from '#data/tasks';
import type { Clock } from '../clock';
import { openableProjects, type ReadProjectDirectory } from '../projects/project-rules';

export type DashboardDeps = {
  projectDirectory: ReadProjectDirectory;
  readTaskStreams: (ctx: WorkspaceContext, request: TaskStreamsRequest) => Promise<TaskStreamsResult>;
  listTaskActivity: (ctx: Pick<WorkspaceContext, 'workspaceId'>, taskId: string) => Promise<TaskActivityItem[]>;
  clock: Clock;
};

export type DashboardResult = {
  dashboard: Dashboard;
  /** DynamoDB requests it took (a projects Query where the wrapper read no directory, the streams' Queries, one per decision looked up). */
  requests: number;
};

/**
 * Matches the read looks for, and the Query calls it may make: a workspace's open tasks are its live work
 * (finished ones are not in byOpen), so this is a ceiling for a very busy workspace, not a page size. A first
 * Query reads up to 1 MB (about a thousand tasks), each later one a few hundred (task-list.ts), so 12 calls cover
 * about 5,000 open tasks (measured: 2,407 open tasks of 10,000 took 6). Beyond it the answer says `complete: false`
 * and its counts are lower bounds.
 */
export const DASHBOARD_READ_LIMIT = 5000;
export const DASHBOARD_READ_BUDGET = 12;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists, with a four-digit year. */
const realDay = (day: string) => DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00.000Z`)) && addDays(day, 0) === day;

/**
 * The viewer's day (`today`, a real date, else the day it is in `tz`, else in UTC) and the due days of the list's
 * presets from it: overdue up to yesterday, this week from today to Sunday.
 */
export const daysOf = (query: DashboardQuery, now: Date): { today: string; overdueTo: string; weekEnd: string } => {
  const today = query.today ?? dayIn(now, query.tz ?? 'UTC');
  // The schema checks the shape only: 2026-02-30 rolls over to March, 2026-13-01 parses to nothing, and around
  // years 0 and 9999 the days either side leave the four-digit year.
  if (!realDay(today)) throw new ValidationError('today', 'today must be a real date');
  const days = { today, overdueTo: duePresetRange('overdue', today).to!, weekEnd: duePresetRange('this_week', today).to! };
  if (!realDay(days.overdueTo) || !realDay(days.weekEnd)) throw new ValidationError('today', 'today must be a real date');
  return days;
};

const toDashboardTask = (item: TaskItem, project: ProjectRef): DashboardTask => ({
  uid: item.taskId,
  id: item.number,
  summary: item.summary,
  status: item.status,
  ticket_type: item.ticketType,
  due_date: item.dueDate ?? null,
  assignee: item.assignee ?? null,
  post_platform: item.postPlatform ?? null,
  project_uid: item.projectId,
  projects: { slug: project.slug, name: project.name },
  review_shared: !!item.reviewToken,
  updated_at: item.updatedAt,
});

const byDue = (a: TaskItem, b: TaskItem) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || a.updatedAt.localeCompare(b.updatedAt);
const oldestFirst = (a: TaskItem, b: TaskItem) => a.updatedAt.localeCompare(b.updatedAt);
const newestFirst = (a: TaskItem, b: TaskItem) => b.updatedAt.localeCompare(a.updatedAt);

/**
 * What needs the caller (issue: "the dashboard answers what needs me"), over the brands they may open: their
 * overdue tasks and those due this week (assigned to them), the tasks waiting on the client and those sent back
 * with changes (everyone's), the latest client decisions given through review links, and per-brand counts.
 * One read of byOpen (the open tasks: one Query, more only past 1 MB), then one Query per decision looked up.
 */
export const getDashboard = async (deps: DashboardDeps, ctx: WorkspaceContext, query: DashboardQuery): Promise<DashboardResult> => {
  const { today, overdueTo, weekEnd } = daysOf(query, deps.clock());
  const directory = await deps.projectDirectory(ctx);
  const openable = new Map(openableProjects(ctx, directory).map((project) => [project.projectId, project]));
  const empty: DashboardSection = { count: 0, items: [] };
  if (openable.size === 0) {
    const dashboard = { today, week_end: weekEnd, overdue: empty, due_this_week: empty, awaiting_client: empty, changes_requested: empty, decisions: [], brands: [], complete: true };
    return { dashboard, requests: directory.requests };
  }

  // An admin opens every brand: no project filter (a task of a brand gone from the directory is dropped below).
  const projectIds = ctx.role === 'admin' ? undefined : [...openable.keys()];
  const read = await deps.readTaskStreams(ctx, {
    mode: 'updated',
    order: 'desc',
    streams: [{ index: 'byOpen' }],
    filters: projectIds ? { projectIds } : {},
    limit: DASHBOARD_READ_LIMIT,
    budget: DASHBOARD_READ_BUDGET,
  });
  const tasks = read.streams.flatMap((stream) => stream.items).filter((item) => openable.has(item.projectId) && OPEN_STATUSES.includes(item.status));

  const overdue = (item: TaskItem) => !!item.dueDate && item.dueDate <= overdueTo;
  const dueThisWeek = (item: TaskItem) => !!item.dueDate && item.dueDate >= today && item.dueDate <= weekEnd;
  const awaiting = (item: TaskItem) => AWAITING_CLIENT_STATUSES.includes(item.status);
  const changes = (item: TaskItem) => CHANGES_REQUESTED_STATUSES.includes(item.status);
  const mine = (item: TaskItem) => item.assignee === ctx.userId;

  const section = (matches: TaskItem[], order: (a: TaskItem, b: TaskItem) => number): DashboardSection => ({
    count: matches.length,
    items: [...matches]
      .sort(order)
      .slice(0, DASHBOARD_SECTION_ITEMS)
      .map((item) => toDashboardTask(item, openable.get(item.projectId)!)),
  });

  const brands = new Map<string, DashboardBrand>();
  const bump = (item: TaskItem, field: Exclude<keyof DashboardBrand, 'project_uid'>) => {
    const counts = brands.get(item.projectId) ?? { project_uid: item.projectId, overdue: 0, due_this_week: 0, awaiting_client: 0, changes_requested: 0 };
    counts[field]++;
    brands.set(item.projectId, counts);
  };
  for (const item of tasks) {
    if (overdue(item)) bump(item, 'overdue');
    if (dueThisWeek(item)) bump(item, 'due_this_week');
    if (awaiting(item)) bump(item, 'awaiting_client');
    if (changes(item)) bump(item, 'changes_requested');
  }

  // A decision leaves its task approved or rejected; the newest such tasks are where the latest decisions are,
  // each confirmed (and named) by the task's own last activity being a review.
  const decided = tasks.filter((item) => item.status === 'approved' || item.status === 'rejected').sort(newestFirst).slice(0, DASHBOARD_DECISIONS);
  const activities = await Promise.all(decided.map((item) => deps.listTaskActivity(ctx, item.taskId)));
  const decisions = decided.flatMap((item, i): DashboardDecision[] => {
    const last = activities[i]!.at(-1);
    if (last?.type !== 'review' || (last.to !== 'approved' && last.to !== 'rejected')) return [];
    return [{ task: toDashboardTask(item, openable.get(item.projectId)!), decision: last.to, reviewer_name: last.reviewerName ?? null, comment: last.comment ?? null, at: last.at }];
  });

  const dashboard: Dashboard = {
    today,
    week_end: weekEnd,
    overdue: section(tasks.filter((item) => mine(item) && overdue(item)), byDue),
    due_this_week: section(tasks.filter((item) => mine(item) && dueThisWeek(item)), byDue),
    awaiting_client: section(tasks.filter(awaiting), oldestFirst),
    changes_requested: section(tasks.filter(changes), newestFirst),
    decisions,
    brands: [...brands.values()],
    complete: read.streams.every((stream) => stream.exhausted),
  };
  return { dashboard, requests: directory.requests + read.requests + decided.length };
};
