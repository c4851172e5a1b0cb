import type { CreateTaskBody, Task } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { Membership } from '#data/memberships';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { TaskActivityItem, TaskItem, TaskLabel } from '#data/tasks';
import type { NewDeliveryItem } from '#data/deliveries';
import type { Clock } from '../clock';
import { hasPermission } from '../projects/project-rules';
import { labelsOf, newTaskItem, uniqueLabels } from './task-fields';
import { toTask } from './task-view';
import { chosenIntegrations, planDeliveries, type PlannableIntegration } from '../integrations/plan-deliveries';

export type CreateTasksDeps = {
  clock: Clock;
  newTaskId: () => string;
  newActivityId: (now: Date) => string;
  listProjectsWithMembers: (ctx: WorkspaceContext) => Promise<{ projects: ProjectItem[]; members: ProjectMemberItem[] }>;
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  reserveTaskNumbers: (ctx: WorkspaceContext, count: number) => Promise<number>;
  createTasksTransaction: (
    ctx: WorkspaceContext,
    tasks: TaskItem[],
    activities: TaskActivityItem[],
    labels: TaskLabel[],
    deliveries: NewDeliveryItem[],
  ) => Promise<GuardedOutcome>;
  /** A project's integrations (read only for projects a task names integrations of). */
  listIntegrations: (ctx: WorkspaceContext, projectId: string) => Promise<PlannableIntegration[]>;
  newDeliveryId: () => string;
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

/** The integrations of each project a task asks to be sent through, read once per project. */
const projectIntegrations = async (deps: Pick<CreateTasksDeps, 'listIntegrations'>, ctx: WorkspaceContext, inputs: readonly CreateTaskBody[]) => {
  const projectIds = [...new Set(inputs.filter((input) => input.integrations?.length).map((input) => input.project_uid))];
  const lists = await Promise.all(projectIds.map((projectId) => deps.listIntegrations(ctx, projectId)));
  return new Map(projectIds.map((projectId, i) => [projectId, lists[i]!]));
};

/**
 * Creates tasks (one, or a bulk of up to 50): every task is checked first (its project exists and the caller can
 * open it; its assignee is a joined member who can open it; the integrations it is sent to are its project's,
 * connected, with a Jira epic where one is required), then the numbers are reserved at once and all tasks with
 * their 'created' activity and a pending delivery per integration are written in one transaction: all or none.
 * The create never waits for a send: the table's stream hands the pending deliveries to their queues.
 */
export const createTasks = async (deps: CreateTasksDeps, ctx: WorkspaceContext, inputs: readonly CreateTaskBody[]): Promise<Task[]> => {
  const view = await projectAccessView(deps, ctx, inputs.flatMap((input) => (input.assignee ? [input.assignee] : [])));
  for (const input of inputs) checkTask(view, input);
  const integrationsOf = await projectIntegrations(deps, ctx, inputs);
  const chosen = inputs.map((input) => chosenIntegrations(input, integrationsOf.get(input.project_uid) ?? []));

  const first = await deps.reserveTaskNumbers(ctx, inputs.length);
  const now = deps.clock();
  const at = now.toISOString();
  const deliveries: NewDeliveryItem[] = [];
  const tasks = inputs.map((input, i) => {
    const task = newTaskItem(input, { workspaceId: ctx.workspaceId, taskId: deps.newTaskId(), number: first + i, createdBy: ctx.userId, now: at, status: input.status ?? 'todo' });
    if (input.jira_epic) task.jiraEpic = input.jira_epic;
    if (task.assignee && task.assignee !== ctx.userId) task.notifyAssignee = true;
    if (!chosen[i]!.length) return task;
    const plan = planDeliveries(task, chosen[i]!, { now: at, newDeliveryId: deps.newDeliveryId });
    deliveries.push(...plan.deliveries);
    return { ...task, integrations: plan.summary.map((entry, n) => ({ ...entry, deliveryId: plan.deliveries[n]!.deliveryId })) };
  });
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
    async () => ((await deps.createTasksTransaction(ctx, tasks, activities, labels, deliveries)) === 'done' ? undefined : RETRY),
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  return tasks.map((task) => toTask(task, { project: view.project(task.projectId)!, fileUrls: new Map(), appUrl: deps.appUrl }));
};
