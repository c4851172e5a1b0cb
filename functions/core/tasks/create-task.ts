import type { CreateTaskBody, Task } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { Membership } from '#data/memberships';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { TaskActivityItem, TaskItem, TaskLabel } from '#data/tasks';
import type { Clock } from '../clock';
import { hasPermission } from '../projects/project-rules';
import { labelsOf, newTaskItem, uniqueLabels } from './task-fields';
import { toTask } from './task-view';

export type CreateTasksDeps = {
  clock: Clock;
  newTaskId: () => string;
  newActivityId: (now: Date) => string;
  listProjectsWithMembers: (ctx: WorkspaceContext) => Promise<{ projects: ProjectItem[]; members: ProjectMemberItem[] }>;
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  reserveTaskNumbers: (ctx: WorkspaceContext, count: number) => Promise<number>;
  createTasksTransaction: (ctx: WorkspaceContext, tasks: TaskItem[], activities: TaskActivityItem[], labels: TaskLabel[]) => Promise<GuardedOutcome>;
  appUrl: string;
  retryTiming?: RetryTiming;
};

/**
 * Who may be given tasks of which project: the projects by id and a check "this person can open that project"
 * (a joined member of the workspace who is an admin, or holds a granted membership of the project).
 */
export const projectAccessView = async (
  deps: Pick<CreateTasksDeps, 'listProjectsWithMembers' | 'findMembership'>,
  ctx: WorkspaceContext,
  assignees: readonly string[],
) => {
  const [{ projects, members }, memberships] = await Promise.all([
    deps.listProjectsWithMembers(ctx),
    Promise.all([...new Set(assignees)].map((userId) => deps.findMembership(ctx.workspaceId, userId))),
  ]);
  const byId = new Map(projects.map((p) => [p.projectId, p]));
  const granted = new Set(members.filter((m) => m.status === 'granted').map((m) => `${m.projectId}/${m.userId}`));
  const workspaceRoles = new Map(memberships.filter((m) => m?.status === 'joined').map((m) => [m!.userId, m!.role]));
  const canOpen = (userId: string, role: WorkspaceContext['role'] | undefined, projectId: string) =>
    !!role && hasPermission({ role }, granted.has(`${projectId}/${userId}`) ? { status: 'granted' } : undefined);
  return {
    project: (projectId: string) => byId.get(projectId),
    callerCanOpen: (projectId: string) => canOpen(ctx.userId, ctx.role, projectId),
    assigneeCanOpen: (userId: string, projectId: string) => canOpen(userId, workspaceRoles.get(userId), projectId),
  };
};

/** Checks one task's project (exists, the caller can open it) and assignee (can open it too). */
const checkTask = (view: Awaited<ReturnType<typeof projectAccessView>>, input: CreateTaskBody) => {
  if (!view.project(input.project_uid)) throw new DomainError('project_not_found');
  if (!view.callerCanOpen(input.project_uid)) throw new DomainError('user_not_in_project');
  if (input.assignee && !view.assigneeCanOpen(input.assignee, input.project_uid)) throw new DomainError('assignee_not_in_project');
};

/**
 * Creates tasks (one, or a bulk of up to 50): every task is checked first (its project exists and the caller can
 * open it; its assignee is a joined member who can open it), then the numbers are reserved at once and all
 * tasks with their 'created' activity are written in one transaction: all or none.
 */
export const createTasks = async (deps: CreateTasksDeps, ctx: WorkspaceContext, inputs: readonly CreateTaskBody[]): Promise<Task[]> => {
  const view = await projectAccessView(deps, ctx, inputs.flatMap((input) => (input.assignee ? [input.assignee] : [])));
  for (const input of inputs) checkTask(view, input);

  const first = await deps.reserveTaskNumbers(ctx, inputs.length);
  const now = deps.clock();
  const at = now.toISOString();
  const tasks = inputs.map((input, i) =>
    newTaskItem(input, { workspaceId: ctx.workspaceId, taskId: deps.newTaskId(), number: first + i, createdBy: ctx.userId, now: at, status: input.status ?? 'todo' }),
  );
  const activities: TaskActivityItem[] = tasks.map((task) => ({
    workspaceId: ctx.workspaceId,
    taskId: task.taskId,
    activityId: deps.newActivityId(now),
    type: 'created',
    at,
    actor: ctx.userId,
    to: task.status,
  }));
  const labels = uniqueLabels(tasks.flatMap(labelsOf));
  // A racing transaction on a shared label item: the same write again (the tasks are creates, never overwrites).
  await retry(
    async () => ((await deps.createTasksTransaction(ctx, tasks, activities, labels)) === 'done' ? undefined : RETRY),
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  return tasks.map((task) => toTask(task, { project: view.project(task.projectId)!, fileUrls: new Map(), appUrl: deps.appUrl }));
};
