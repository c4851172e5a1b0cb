import type { CreateTaskBody, Task } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { Membership } from '#data/memberships';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { RecordingAttachment, TaskActivityItem, TaskItem, TaskLabel } from '#data/tasks';
import type { RecordingItem, RecordingRef } from '#data/recordings';
import type { NewDeliveryItem } from '#data/deliveries';
import type { Clock } from '../clock';
import { hasPermission } from '../projects/project-rules';
import { labelsOf, newTaskItem, uniqueLabels } from './task-fields';
import { signFiles, toTask, type FileSigner } from './task-view';
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
    recordings: RecordingAttachment[],
  ) => Promise<GuardedOutcome>;
  /** A recording of the workspace (read only for tasks that name one). */
  getRecording: (ref: RecordingRef) => Promise<RecordingItem | undefined>;
  /** Signs the links of a created task's recording. */
  signFile: FileSigner;
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

/** Where a refusal of the i-th task's field points in the request: the field itself (one task), `tickets.i.<field>` (bulk). */
export type TaskFieldOf = (index: number, field: string) => string;
const ownField: TaskFieldOf = (_index, field) => field;

/**
 * The recordings the tasks name, each checked (else recording_invalid naming its recording_uid): of this
 * workspace, uploaded by the caller, ready, on no task yet, and named by one task only. The create transaction
 * holds them to this (createTasksTransaction).
 */
const attachableRecordings = async (deps: Pick<CreateTasksDeps, 'getRecording'>, ctx: WorkspaceContext, inputs: readonly CreateTaskBody[], fieldOf: TaskFieldOf) => {
  const named = inputs.flatMap((input, index) => (input.recording_uid ? [{ index, recordingId: input.recording_uid }] : []));
  const items = await Promise.all(named.map(({ recordingId }) => deps.getRecording({ workspaceId: ctx.workspaceId, recordingId })));
  const seen = new Set<string>();
  return new Map(
    named.map(({ index, recordingId }, n) => {
      const item = items[n];
      if (!item || item.createdBy !== ctx.userId || item.status !== 'ready' || item.taskId || seen.has(recordingId)) {
        throw new DomainError('recording_invalid', { field: fieldOf(index, 'recording_uid') });
      }
      seen.add(recordingId);
      return [index, item] as const;
    }),
  );
};

/** What a task keeps of its recording: enough to answer it without reading the recording again. */
const taskRecordingOf = (item: RecordingItem): NonNullable<TaskItem['recording']> => ({
  recordingId: item.recordingId,
  key: item.key,
  ...(item.posterKey ? { posterKey: item.posterKey } : {}),
  durationMs: item.durationMs ?? 0,
  size: item.size ?? 0,
  contentType: item.contentType,
});

/**
 * Creates tasks (one, or a bulk of up to 50): every task is checked first (its project exists and the caller can
 * open it; its assignee is a joined member who can open it; the integrations it is sent to are its project's,
 * connected, with a Jira epic where one is required), then the numbers are reserved at once and all tasks with
 * their 'created' activity and a pending delivery per integration are written in one transaction: all or none.
 * The create never waits for a send: the table's stream hands the pending deliveries to their queues.
 */
export const createTasks = async (deps: CreateTasksDeps, ctx: WorkspaceContext, inputs: readonly CreateTaskBody[], fieldOf: TaskFieldOf = ownField): Promise<Task[]> => {
  const view = await projectAccessView(deps, ctx, inputs.flatMap((input) => (input.assignee ? [input.assignee] : [])));
  for (const input of inputs) checkTask(view, input);
  let recordingsOf = await attachableRecordings(deps, ctx, inputs, fieldOf);
  const integrationsOf = await projectIntegrations(deps, ctx, inputs);
  const chosen = inputs.map((input) => chosenIntegrations(input, integrationsOf.get(input.project_uid) ?? []));

  const first = await deps.reserveTaskNumbers(ctx, inputs.length);
  const now = deps.clock();
  const at = now.toISOString();
  const deliveries: NewDeliveryItem[] = [];
  const tasks = inputs.map((input, i) => {
    const task = newTaskItem(input, { workspaceId: ctx.workspaceId, taskId: deps.newTaskId(), number: first + i, createdBy: ctx.userId, now: at, status: input.status ?? 'todo' });
    if (input.jira_epic) task.jiraEpic = input.jira_epic;
    const recording = recordingsOf.get(i);
    if (recording) task.recording = taskRecordingOf(recording);
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
  const attachments = tasks.flatMap((task) => (task.recording ? [{ recordingId: task.recording.recordingId, taskId: task.taskId, createdBy: ctx.userId }] : []));
  // A racing transaction on a shared label item: the same write again (the tasks are creates, never overwrites).
  // A recording taken meanwhile (another task, a delete) fails its condition: checked again, it is refused.
  await retry(
    async () => {
      const outcome = await deps.createTasksTransaction(ctx, tasks, activities, labels, deliveries, attachments);
      if (outcome === 'stale' && attachments.length) recordingsOf = await attachableRecordings(deps, ctx, inputs, fieldOf);
      return outcome === 'done' ? undefined : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  const fileUrls = attachments.length ? await signFiles(tasks, deps.signFile) : new Map<string, string>();
  return tasks.map((task) => toTask(task, { project: view.project(task.projectId)!, fileUrls, appUrl: deps.appUrl }));
};
