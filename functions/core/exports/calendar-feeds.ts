import { createHash, randomBytes } from 'node:crypto';
import { API_PREFIX } from '#shared/routes/route-spec';
import { exportsRoutes } from '#shared/routes/exports';
import { can } from '#shared/permissions';
import {
  CALENDAR_FEED_FUTURE_DAYS,
  CALENDAR_FEED_PAST_DAYS,
  type CalendarFeed,
  type CreateCalendarFeedBody,
} from '#shared/schemas/exports';
import { MAX_TASK_PAGE_SIZE, TASK_STATUSES, type Task, type TaskStatus } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { newTimeId } from '#lib/ids';
import type { CalendarFeedItem } from '#data/calendar-feeds';
import type { Membership } from '#data/memberships';
import type { getProjectAndMember } from '#data/projects';
import type { Clock } from '../clock';
import { hasPermission, openableProjects } from '../projects/project-rules';
import { listTasks, type ListTasksDeps } from '../tasks/list-tasks';
import { taskPagePath } from '../tasks/task-links';
import { toICalendar } from './icalendar';

/** Abandoned work has no place on a calendar. */
const FEED_STATUSES: readonly TaskStatus[] = TASK_STATUSES.filter((s) => s !== 'will_not_do' && s !== 'rejected');
/** Events a feed holds at most (the window's earliest due dates first). */
const MAX_FEED_EVENTS = 2_000;
const DAY_MS = 86_400_000;

export const hashFeedToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed's address: the public calendar-feed route on the app's origin. */
const feedUrl = (appUrl: string, token: string) => `${appUrl}${API_PREFIX}${exportsRoutes.calendarFeed.path.replace('{token}', token)}`;

const toFeed = (item: CalendarFeedItem): CalendarFeed => ({
  uid: item.feedId,
  scope: item.scope,
  project_uid: item.projectId ?? null,
  created_at: item.createdAt,
});

export type FeedDeps = {
  clock: Clock;
  appUrl: string;
  listCalendarFeeds: (workspaceId: string, userId: string) => Promise<CalendarFeedItem[]>;
  putCalendarFeed: (feed: CalendarFeedItem) => Promise<void>;
  deleteCalendarFeed: (workspaceId: string, userId: string, feedId: string) => Promise<boolean>;
  getProjectAndMember: typeof getProjectAndMember;
};

export const listMyCalendarFeeds = async (deps: Pick<FeedDeps, 'listCalendarFeeds'>, ctx: WorkspaceContext): Promise<CalendarFeed[]> =>
  (await deps.listCalendarFeeds(ctx.workspaceId, ctx.userId)).map(toFeed);

/** A new feed of my tasks, or of a brand I may open; its address (a 32-byte token) is answered this once. */
export const createCalendarFeed = async (deps: FeedDeps, ctx: WorkspaceContext, body: CreateCalendarFeedBody) => {
  if (body.scope === 'project') {
    if (!body.project_uid) throw new ValidationError('project_uid', 'project_uid is required for a brand feed');
    const { project, member } = await deps.getProjectAndMember(ctx, body.project_uid, ctx.userId);
    if (!project || !hasPermission(ctx, member)) throw new DomainError('project_not_found', { field: 'project_uid' });
  }
  const token = randomBytes(32).toString('base64url');
  const item: CalendarFeedItem = {
    tokenHash: hashFeedToken(token),
    workspaceId: ctx.workspaceId,
    userId: ctx.userId,
    feedId: newTimeId(deps.clock().getTime()),
    scope: body.scope,
    ...(body.scope === 'project' ? { projectId: body.project_uid } : {}),
    createdAt: deps.clock().toISOString(),
  };
  await deps.putCalendarFeed(item);
  return { ...toFeed(item), url: feedUrl(deps.appUrl, token) };
};

export const revokeCalendarFeed = async (deps: Pick<FeedDeps, 'deleteCalendarFeed'>, ctx: WorkspaceContext, feedId: string): Promise<void> => {
  if (!(await deps.deleteCalendarFeed(ctx.workspaceId, ctx.userId, feedId))) throw new DomainError('calendar_feed_not_found');
};

export type FeedReadDeps = Omit<ListTasksDeps, 'signFile'> & {
  clock: Clock;
  getCalendarFeed: (tokenHash: string) => Promise<CalendarFeedItem | undefined>;
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
};

/**
 * The iCalendar behind a feed address, read as its owner would see the list now: a feed whose owner left the
 * workspace, lost the right to read tasks, or lost the brand answers not-found, exactly like a revoked one.
 */
export const readCalendarFeed = async (deps: FeedReadDeps, token: string): Promise<string> => {
  const feed = await deps.getCalendarFeed(hashFeedToken(token));
  const membership = feed && (await deps.findMembership(feed.workspaceId, feed.userId));
  if (!feed || !membership || membership.status !== 'joined' || !can(membership.role, 'tasks.read')) throw new DomainError('calendar_feed_not_found');
  const owner: WorkspaceContext = { workspaceId: feed.workspaceId, userId: feed.userId, email: membership.email, role: membership.role };
  // A brand the owner may no longer open (or that was deleted) ends its feeds, as a revoke would.
  const directory = deps.projectDirectory(owner);
  const brand = feed.scope === 'project' ? openableProjects(owner, await directory).find((p) => p.projectId === feed.projectId) : undefined;
  if (feed.scope === 'project' && !brand) throw new DomainError('calendar_feed_not_found');
  const now = deps.clock();
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const listDeps: ListTasksDeps = { ...deps, projectDirectory: () => directory, signFile: async () => '' };
  const tasks: Task[] = [];
  let cursor: string | undefined;
  do {
    const { page } = await listTasks(listDeps, owner, {
      status: [...FEED_STATUSES],
      due_from: day(-CALENDAR_FEED_PAST_DAYS),
      due_to: day(CALENDAR_FEED_FUTURE_DAYS),
      ...(feed.scope === 'me' ? { userFilter: [feed.userId] } : { projectFilter: [feed.projectId!] }),
      limit: MAX_TASK_PAGE_SIZE,
      cursor,
    });
    tasks.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor && tasks.length < MAX_FEED_EVENTS);
  return toICalendar({
    name: brand ? `Brandslate: ${brand.name}` : 'Brandslate: my tasks',
    now: now.toISOString(),
    events: tasks.slice(0, MAX_FEED_EVENTS).map((task) => ({
      uid: `${task.uid}@brandslate`,
      date: task.due_date!,
      summary: `#${task.id} ${task.summary}`,
      description: `${task.project} · ${task.status.replace(/_/g, ' ')}`,
      url: `${deps.appUrl}${taskPagePath(task.projects.slug, task.uid)}`,
      lastModified: task.updated_at,
    })),
  });
};
