import type { EntityItem } from 'electrodb';
import { db } from './db';
import { exactly } from './exact-ids';
import { cancelledOutcome, type GuardedOutcome } from './conditions';
import type { reviewLinkEntity } from './task-entities';
import type { ProjectItem } from './projects';
import type { TaskItem } from './tasks';
import { liveWorkspace, type WorkspaceItem } from './workspaces';

export type ReviewLinkItem = EntityItem<typeof reviewLinkEntity>;

type TaskRef = Pick<TaskItem, 'workspaceId' | 'taskId' | 'reviewToken'>;

/** The task names exactly the review token that was read (or none): the guard of every link change. */
const tokenStill = (task: TaskRef) => (attr: any, op: any) =>
  task.reviewToken === undefined ? op.notExists(attr.reviewToken) : op.eq(attr.reviewToken, task.reviewToken);

/**
 * Shares a task for review with a new link (pattern: reviewLinkRotate), in one TransactWriteItems: the new link
 * item, the task naming its token (only if it still names the token read), and the previous link deleted, so
 * the old token stops working the moment the new one exists.
 */
export const rotateReviewLink = async (task: TaskRef, link: ReviewLinkItem): Promise<GuardedOutcome> => {
  const { canceled, data } = await db()
    .transaction.write(({ task: tasks, reviewLink }) => [
      reviewLink.create(link).commit(),
      tasks.patch({ workspaceId: task.workspaceId, taskId: task.taskId }).set({ reviewToken: link.token }).where(tokenStill(task)).commit(),
      ...(task.reviewToken ? [reviewLink.delete({ token: task.reviewToken }).commit()] : []),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** Withdraws the task's review link: the link item and the task's token together (pattern: reviewLinkRotate). */
export const withdrawReviewLink = async (task: TaskRef & { reviewToken: string }): Promise<GuardedOutcome> => {
  const { canceled, data } = await db()
    .transaction.write(({ task: tasks, reviewLink }) => [
      tasks.patch({ workspaceId: task.workspaceId, taskId: task.taskId }).remove(['reviewToken']).where(tokenStill(task)).commit(),
      reviewLink.delete({ token: task.reviewToken }).commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** The link behind a review token (pattern: reviewLinkByToken). */
export const getReviewLink = async (token: string): Promise<ReviewLinkItem | undefined> => {
  const { data } = await db().entities.reviewLink.get({ token }).go();
  // The token is the credential: one differing in case must not open the link.
  return exactly(data, { token });
};

/**
 * What a review link shows: its task, the task's workspace (its name; a deleted workspace reads as absent) in one
 * TransactGetItems, then the task's project (pattern: reviewSubject). Nothing of it is answered as is: the core
 * picks the public review view out of it.
 */
export const getReviewSubject = async (link: ReviewLinkItem): Promise<{ task?: TaskItem; workspace?: WorkspaceItem; project?: ProjectItem }> => {
  const { workspaceId, taskId } = link;
  const { data } = await db()
    .transaction.get(({ task, workspace }) => [task.get({ workspaceId, taskId }).commit(), workspace.get({ workspaceId }).commit()])
    .go();
  const task = (data[0]?.item ?? undefined) as TaskItem | undefined;
  const workspace = liveWorkspace(data[1]?.item as WorkspaceItem | null);
  if (!task || !workspace) return {};
  const { data: project } = await db().entities.project.get({ workspaceId, projectId: task.projectId }).go();
  return { task, workspace, ...(project ? { project: project as ProjectItem } : {}) };
};
