import type { EntityItem } from 'electrodb';
import { db } from './db';
import { exactly } from './exact-ids';
import { cancelledOutcome, type GuardedOutcome } from './conditions';
import type { reviewLinkEntity } from './task-entities';
import type { ProjectItem } from './projects';
import { getTaskItems, type TaskItem } from './tasks';
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

/** A link shared for several tasks at once: its own item, created once (pattern: reviewLinkShare). */
export const createSharedReviewLink = async (link: ReviewLinkItem & { taskIds: string[] }): Promise<void> => {
  await db().entities.reviewLink.create(link).go();
};

/** One post of a review link: the task and its project (for the brand's name and slug). */
export type ReviewPostSubject = { task: TaskItem; project: ProjectItem };

/**
 * What a review link of one task or several shows (pattern: reviewPostsSubject): the workspace (a deleted one
 * reads as absent) and the link's tasks in one BatchGet each, then their projects; in the link's order, deleted
 * tasks (and tasks of a deleted project) left out.
 */
export const getReviewPostsSubject = async (link: ReviewLinkItem): Promise<{ workspace?: WorkspaceItem; posts: ReviewPostSubject[] }> => {
  const { workspaceId } = link;
  const ids = link.taskIds ?? [link.taskId];
  const [{ data: found }, tasks] = await Promise.all([db().entities.workspace.get({ workspaceId }).go(), getTaskItems({ workspaceId }, ids)]);
  const workspace = liveWorkspace(exactly(found as WorkspaceItem | null, { workspaceId }));
  if (!workspace || tasks.length === 0) return { posts: [] };
  const projectIds = [...new Set(tasks.map((task) => task.projectId))];
  const { data: projects, unprocessed } = await db().entities.project.get(projectIds.map((projectId) => ({ workspaceId, projectId }))).go();
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} projects unprocessed`);
  const projectById = new Map(projects.filter((p) => p.workspaceId === workspaceId).map((p) => [p.projectId, p as ProjectItem]));
  const taskById = new Map(tasks.map((task) => [task.taskId, task]));
  const posts = ids.flatMap((taskId) => {
    const task = taskById.get(taskId);
    const project = task && projectById.get(task.projectId);
    return task && project ? [{ task, project }] : [];
  });
  return { workspace, posts };
};
