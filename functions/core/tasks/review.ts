import * as z from 'zod/mini';
import { REVIEWABLE_STATUSES } from '#shared/schemas/task';
import { REVIEW_TEAM_ACTOR, type reviewDecisionBody, type reviewLink, type reviewView } from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { ProjectItem } from '#data/projects';
import type { ReviewLinkItem } from '#data/review-links';
import type { TaskActivityItem, TaskChange, TaskItem } from '#data/tasks';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { workspaceStatus } from '../workspaces/workspace-status';
import type { OpenedTask } from './open-task';
import { reviewUrl } from './task-links';
import { signFiles, toActivity, toTask, type FileSigner } from './task-view';
import { nextVersion } from './update-task';

type ReviewLink = z.output<typeof reviewLink>;
type ReviewView = z.output<typeof reviewView>;
type ReviewDecision = z.output<typeof reviewDecisionBody>;

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
  const [activity, fileUrls] = await Promise.all([deps.listTaskActivity(workspace, task.taskId), signFiles([task], deps.signFile)]);
  const full = toTask({ ...task, reviewToken: undefined }, { project, fileUrls, appUrl: '' });
  const picked = {
    uid: full.uid, id: full.id, summary: full.summary, status: full.status, ticket_type: full.ticket_type, due_date: full.due_date,
    projects: full.projects, project: full.project, caption: full.caption, hook: full.hook, hook_variations: full.hook_variations,
    script: full.script, overview: full.overview, post_platform: full.post_platform, post_format: full.post_format,
    post_audience: full.post_audience, live_link: full.live_link, reference_images: full.reference_images,
    attachments: full.attachments, audio: full.audio, details: full.details,
  } satisfies ReviewView['task'];
  const anonymous = activity.map((item): ReviewView['activity'][number] => ({ ...toActivity(item), actor: item.actor ? REVIEW_TEAM_ACTOR : null }));
  return { task: picked, workspace_name: workspace.name, can_decide: REVIEWABLE_STATUSES.includes(task.status), activity: anonymous };
};

export const getReview = async (deps: ReviewViewDeps, token: string): Promise<ReviewView> => viewOf(deps, await subjectOf(deps, token));

/**
 * A reviewer's decision through the link: approved or rejected (changes requested), only while the task waits
 * for review (task_not_in_review), and only in an active workspace. The status and a 'review' activity (the
 * reviewer's name and comment, no actor) commit in one transaction on the version read and the live token.
 */
export const decideReview = async (deps: ReviewDeps, token: string, decision: ReviewDecision): Promise<ReviewView> =>
  retry(async () => {
    const { task, workspace, project } = await subjectOf(deps, token);
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
    const outcome = await deps.updateTaskTransaction({ current: task, next, attributes: [], activity, reviewToken: token });
    if (outcome === 'done') return viewOf(deps, { task: next, workspace, project });
    // Changed meanwhile: read again; a task no longer in review, or a withdrawn link, then says so.
    return RETRY;
  }, { exhausted: 'task_changed', ...deps.retryTiming });
