import * as z from 'zod/mini';
import { REVIEWABLE_STATUSES } from '#shared/schemas/task';
import { REVIEW_TEAM_ACTOR, type reviewDecisionBody, type reviewLink, type reviewPosts, type reviewView, type sharedReview } from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { ProjectItem } from '#data/projects';
import type { ReviewLinkItem, ReviewPostSubject } from '#data/review-links';
import type { TaskActivityItem, TaskChange, TaskItem } from '#data/tasks';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { workspaceStatus } from '../workspaces/workspace-status';
import { logoUrlOf } from '../workspaces/workspace-view';
import type { OpenedTask } from './open-task';
import { reviewPostsPath, reviewUrl } from './task-links';
import { signFiles, toActivity, toTask, type FileSigner } from './task-view';
import { nextVersion } from './update-task';
import { reviewDecisionEvents } from '../notifications/events';

type ReviewLink = z.output<typeof reviewLink>;
type ReviewView = z.output<typeof reviewView>;
type ReviewDecision = z.output<typeof reviewDecisionBody>;
type SharedReview = z.output<typeof sharedReview>;
type ReviewPosts = z.output<typeof reviewPosts>;
type ReviewTask = ReviewView['task'];

export type ShareDeps = {
  clock: Clock;
  /** An unguessable token: 32 random bytes (the link is the only secret between the reviewer and the task). */
  newToken: () => string;
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  rotateReviewLink: (task: TaskItem, link: ReviewLinkItem) => Promise<GuardedOutcome>;
  withdrawReviewLink: (task: TaskItem & { reviewToken: string }) => Promise<GuardedOutcome>;
  appUrl: string;
  retryTiming?: RetryTiming;
};

/** Shares a task for external review with a new link; a previous link stops working at once. */
export const createReviewLink = async (deps: ShareDeps, ctx: WorkspaceContext, taskId: string): Promise<ReviewLink> =>
  retry(
    async () => {
      const { task, project } = await deps.openTask(ctx, taskId);
      const link: ReviewLinkItem = { workspaceId: ctx.workspaceId, taskId, token: deps.newToken(), createdBy: ctx.userId, createdAt: deps.clock().toISOString() };
      const outcome = await deps.rotateReviewLink(task, link);
      if (outcome === 'done') return { url: reviewUrl(deps.appUrl, project.slug, taskId, link.token), token: link.token, created_at: link.createdAt };
      // Another share or withdrawal landed first: read the task's current token and replace that one.
      return RETRY;
    },
    { exhausted: 'task_changed', ...deps.retryTiming },
  );

/** Withdraws the task's review link (nothing to do when none is shared). */
export const deleteReviewLink = async (deps: ShareDeps, ctx: WorkspaceContext, taskId: string): Promise<void> =>
  retry(
    async () => {
      const { task } = await deps.openTask(ctx, taskId);
      if (!task.reviewToken) return undefined;
      return (await deps.withdrawReviewLink(task as TaskItem & { reviewToken: string })) === 'done' ? undefined : RETRY;
    },
    { exhausted: 'task_changed', ...deps.retryTiming },
  );

/** What showing a review needs: reads only, so the read-only route (get-review) is wired to no write. */
export type ReviewViewDeps = {
  getReviewLink: (token: string) => Promise<ReviewLinkItem | undefined>;
  getReviewSubject: (link: ReviewLinkItem) => Promise<{ task?: TaskItem; workspace?: WorkspaceItem; project?: ProjectItem }>;
  listTaskActivity: (ctx: Pick<WorkspaceContext, 'workspaceId'>, taskId: string) => Promise<TaskActivityItem[]>;
  signFile: FileSigner;
};

/** What a decision needs on top: the clock and the guarded write. */
export type ReviewDeps = ReviewViewDeps & {
  clock: Clock;
  newActivityId: (now: Date) => string;
  updateTaskTransaction: (change: TaskChange) => Promise<GuardedOutcome>;
  retryTiming?: RetryTiming;
};

type Subject = { link: ReviewLinkItem; task: TaskItem; workspace: WorkspaceItem; project: ProjectItem };

/** The task behind a live review token, or review_link_not_found (unknown, withdrawn or replaced token). */
const subjectOf = async (deps: ReviewViewDeps, token: string): Promise<Subject> => {
  const link = await deps.getReviewLink(token);
  if (!link) throw new DomainError('review_link_not_found');
  const { task, workspace, project } = await deps.getReviewSubject(link);
  if (!task || !workspace || !project || task.reviewToken !== token) throw new DomainError('review_link_not_found');
  return { link, task, workspace, project };
};

/**
 * The public review view: only what reviewView names (the route's response schema drops any other field; the
 * task is built without the app's origin so even the review link itself is not in it). Team members' actions
 * name no one (REVIEW_TEAM_ACTOR): a user id is internal, and the team's names are not the visitor's business.
 */
const viewOf = async (deps: ReviewViewDeps, { task, workspace, project }: Omit<Subject, 'link'>): Promise<ReviewView> => {
  const [activity, fileUrls, logoUrl] = await Promise.all([
    deps.listTaskActivity(workspace, task.taskId),
    signFiles([task], deps.signFile),
    logoUrlOf(deps.signFile, workspace),
  ]);
  const anonymous = reviewDecisions(activity).map((item): ReviewView['activity'][number] => ({ ...toActivity(item), actor: item.actor ? REVIEW_TEAM_ACTOR : null }));
  return {
    task: reviewTaskOf({ task, project }, fileUrls),
    workspace_name: workspace.name,
    workspace_logo_url: logoUrl,
    can_decide: REVIEWABLE_STATUSES.includes(task.status),
    activity: anonymous,
  };
};

/** What a visitor reads of a task's history: the review decisions only (the team's own moves are internal). */
const reviewDecisions = (activity: readonly TaskActivityItem[]) => activity.filter((item) => item.type === 'review');

/** The task as a reviewer reads it: only the fields the review view names, built without the app's origin. */
const reviewTaskOf = ({ task, project }: ReviewPostSubject, fileUrls: ReadonlyMap<string, string>): ReviewTask => {
  const full = toTask({ ...task, reviewToken: undefined }, { project, fileUrls, appUrl: '' });
  return {
    uid: full.uid, id: full.id, summary: full.summary, status: full.status, ticket_type: full.ticket_type, due_date: full.due_date,
    projects: full.projects, project: full.project, caption: full.caption, hook: full.hook, hook_variations: full.hook_variations,
    script: full.script, overview: full.overview, post_platform: full.post_platform, post_format: full.post_format,
    post_audience: full.post_audience, live_link: full.live_link, reference_images: full.reference_images,
    attachments: full.attachments, audio: full.audio, details: full.details,
  };
};

export const getReview = async (deps: ReviewViewDeps, token: string): Promise<ReviewView> => viewOf(deps, await subjectOf(deps, token));

type Decided = { link: ReviewLinkItem; workspace: WorkspaceItem; task: TaskItem; project: ProjectItem };
type DecisionWriteDeps = Omit<ReviewDeps, keyof ReviewViewDeps>;

/**
 * The one write of a reviewer's decision: approved or rejected (changes requested), only while the task waits for
 * review (task_not_in_review), and only in an active workspace. The status and a 'review' activity (the
 * reviewer's name and comment, no actor) commit in one transaction on the version read; a one-task link also on
 * its token still being the task's. Answers the task as written, or undefined when it changed meanwhile.
 */
const writeDecision = async (deps: DecisionWriteDeps, { link, workspace, task, project }: Decided, decision: ReviewDecision): Promise<TaskItem | undefined> => {
  const now = deps.clock();
  if (!workspaceStatus(workspace, now).active) throw new DomainError('workspace_inactive');
  if (!REVIEWABLE_STATUSES.includes(task.status)) throw new DomainError('task_not_in_review');
  const next: TaskItem = { ...task, status: decision.decision, updatedAt: nextVersion(now, task.updatedAt) };
  const activity: TaskActivityItem = {
    workspaceId: task.workspaceId,
    taskId: task.taskId,
    activityId: deps.newActivityId(now),
    type: 'review',
    at: next.updatedAt,
    from: task.status,
    to: next.status,
    ...(decision.reviewer_name ? { reviewerName: decision.reviewer_name } : {}),
    ...(decision.comment ? { comment: decision.comment } : {}),
  };
  // Whoever shared the link and the task's watchers hear of it (functions/core/notifications/events.ts).
  const events = reviewDecisionEvents({ task: next, project, now, sharedBy: link.createdBy }, { decision: decision.decision, reviewerName: decision.reviewer_name });
  const outcome = await deps.updateTaskTransaction({ current: task, next, attributes: [], activity, events, ...(link.taskIds ? {} : { reviewToken: link.token }) });
  return outcome === 'done' ? next : undefined;
};

/** A reviewer's decision through a one-task link (see writeDecision); answers the view as it now stands. */
export const decideReview = async (deps: ReviewDeps, token: string, decision: ReviewDecision): Promise<ReviewView> =>
  retry(async () => {
    const { link, task, workspace, project } = await subjectOf(deps, token);
    const next = await writeDecision(deps, { link, workspace, task, project }, decision);
    // Changed meanwhile: read again; a task no longer in review, or a withdrawn link, then says so.
    return next ? viewOf(deps, { task: next, workspace, project }) : RETRY;
  }, { exhausted: 'task_changed', ...deps.retryTiming });

export type ShareForReviewDeps = Pick<ShareDeps, 'clock' | 'newToken' | 'openTask' | 'appUrl'> & {
  createSharedReviewLink: (link: ReviewLinkItem & { taskIds: string[] }) => Promise<void>;
};

/**
 * Shares several tasks in one review link (a week of a brand's posts): each must be one the caller may open in
 * this workspace (task_not_found, user_not_in_project) and wait for review (review_task_not_ready). The link is
 * its own item: the tasks' own one-task links are left as they are.
 */
export const shareForReview = async (deps: ShareForReviewDeps, ctx: WorkspaceContext, taskIds: readonly string[]): Promise<SharedReview> => {
  const opened = await Promise.all(taskIds.map((taskId) => deps.openTask(ctx, taskId)));
  if (opened.some(({ task }) => !REVIEWABLE_STATUSES.includes(task.status))) throw new DomainError('review_task_not_ready');
  const link = { workspaceId: ctx.workspaceId, taskId: taskIds[0]!, taskIds: [...taskIds], token: deps.newToken(), createdBy: ctx.userId, createdAt: deps.clock().toISOString() };
  await deps.createSharedReviewLink(link);
  return { url: `${deps.appUrl}${reviewPostsPath(link.token)}`, token: link.token, created_at: link.createdAt, task_ids: link.taskIds };
};

/** What showing the posts of a review link needs: reads only (get-review-posts is wired to no write). */
export type ReviewPostsDeps = Pick<ReviewViewDeps, 'getReviewLink' | 'listTaskActivity' | 'signFile'> & {
  getReviewPostsSubject: (link: ReviewLinkItem) => Promise<{ workspace?: WorkspaceItem; posts: ReviewPostSubject[] }>;
};
export type ReviewPostDecisionDeps = ReviewPostsDeps & DecisionWriteDeps;

type PostsSubject = { link: ReviewLinkItem; workspace: WorkspaceItem; posts: ReviewPostSubject[] };

/**
 * The live posts of a review token, or review_link_not_found. A one-task link lives while its task names the
 * token (sharing it again replaces it); a link of several lives on its own item, showing those of its tasks that
 * still exist.
 */
const postsSubjectOf = async (deps: ReviewPostsDeps, token: string): Promise<PostsSubject> => {
  const link = await deps.getReviewLink(token);
  if (!link) throw new DomainError('review_link_not_found');
  const { workspace, posts } = await deps.getReviewPostsSubject(link);
  const live = link.taskIds ? posts : posts.filter(({ task }) => task.reviewToken === token);
  if (!workspace || live.length === 0) throw new DomainError('review_link_not_found');
  return { link, workspace, posts: live };
};

/** The visitor's view of the posts: content, whether each waits for a decision, and the decisions given so far. */
const postsViewOf = async (deps: ReviewPostsDeps, { workspace, posts }: Omit<PostsSubject, 'link'>): Promise<ReviewPosts> => {
  const [fileUrls, activities, logoUrl] = await Promise.all([
    signFiles(posts.map(({ task }) => task), deps.signFile),
    Promise.all(posts.map(({ task }) => deps.listTaskActivity(workspace, task.taskId))),
    logoUrlOf(deps.signFile, workspace),
  ]);
  return {
    workspace_name: workspace.name,
    workspace_logo_url: logoUrl,
    posts: posts.map((post, index) => ({
      task: reviewTaskOf(post, fileUrls),
      can_decide: REVIEWABLE_STATUSES.includes(post.task.status),
      decisions: reviewDecisions(activities[index] ?? []).map((item) => ({
        decision: item.to === 'approved' ? 'approved' : 'rejected',
        at: item.at,
        reviewer_name: item.reviewerName ?? null,
        comment: item.comment ?? null,
      })),
    })),
  };
};

export const getReviewPosts = async (deps: ReviewPostsDeps, token: string): Promise<ReviewPosts> => postsViewOf(deps, await postsSubjectOf(deps, token));

/** A reviewer's decision on one post of a link (task_not_found when the link does not carry it); see writeDecision. */
export const decideReviewPost = async (deps: ReviewPostDecisionDeps, token: string, taskId: string, decision: ReviewDecision): Promise<ReviewPosts> =>
  retry(async () => {
    const { link, workspace, posts } = await postsSubjectOf(deps, token);
    const post = posts.find(({ task }) => task.taskId === taskId);
    if (!post) throw new DomainError('task_not_found');
    const next = await writeDecision(deps, { link, workspace, task: post.task, project: post.project }, decision);
    if (!next) return RETRY;
    return postsViewOf(deps, { workspace, posts: posts.map((p) => (p === post ? { ...p, task: next } : p)) });
  }, { exhausted: 'task_changed', ...deps.retryTiming });
