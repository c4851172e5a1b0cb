import { canTransition, type Task, type UpdateTaskBody } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { Membership } from '#data/memberships';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { TaskActivityItem, TaskChange, TaskItem } from '#data/tasks';
import type { Clock } from '../clock';
import { existingCalendarEvents, followDueDate, type CalendarEventDeps } from '../integrations/calendar-events';
import { hasPermission } from '../projects/project-rules';
import type { OpenedTask } from './open-task';
import { applyFields, newLabels, WRITABLE_ATTRIBUTES } from './task-fields';
import { signFiles, toTask, type FileSigner } from './task-view';
import { assignmentEvents } from '../notifications/events';
import type { ApprovalGate } from '../generation/approval-gate';

export type UpdateTaskDeps = {
  clock: Clock;
  newActivityId: (now: Date) => string;
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  getProjectAndMember: (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  updateTaskTransaction: (change: TaskChange) => Promise<GuardedOutcome>;
  signFile: FileSigner;
  appUrl: string;
  /** The task's Google Calendar events, which follow its due date and lock its assignee. */
  calendarEvents: CalendarEventDeps;
  /** The brand's brand-fit minimum, checked when a task moves to Needs approval (#core/generation/approval-gate). */
  approvalGate?: ApprovalGate;
  retryTiming?: RetryTiming;
};

/** Writes racing ours: a changed task is re-read and re-checked once; a transaction conflict is retried a few times. */
const MAX_STALE_RETRIES = 1;

/** The new updatedAt: now, but always after the version read, so every write makes a new version. */
export const nextVersion = (now: Date, previous: string) => new Date(Math.max(now.getTime(), Date.parse(previous) + 1)).toISOString();

/** A task's assignee must be a joined member of the workspace who can open the task's project. */
export const checkAssignee = async (
  deps: Pick<UpdateTaskDeps, 'getProjectAndMember' | 'findMembership'>,
  ctx: WorkspaceContext,
  assignee: string,
  projectId: string,
) => {
  const [membership, { member }] = await Promise.all([deps.findMembership(ctx.workspaceId, assignee), deps.getProjectAndMember(ctx, projectId, assignee)]);
  if (membership?.status !== 'joined' || !hasPermission({ role: membership.role }, member)) throw new DomainError('assignee_not_in_project');
};

/** The project a task moves to: it must exist and the caller must be able to open it (as well as the one it leaves). */
const targetProject = async (deps: Pick<UpdateTaskDeps, 'getProjectAndMember'>, ctx: WorkspaceContext, projectId: string) => {
  const { project, member } = await deps.getProjectAndMember(ctx, projectId, ctx.userId);
  if (!project) throw new DomainError('project_not_found');
  if (!hasPermission(ctx, member)) throw new DomainError('user_not_in_project');
  return project;
};

/**
 * Changes some fields of a task (PATCH: absent keeps, null clears). A status change must be an allowed
 * transition (task_transition_refused) and is recorded as a 'status' activity in the same transaction. The write
 * applies only to the version read: when another write landed first, the change is checked again on the new
 * version and written once more if still valid, else task_changed. While the task has a calendar event, its
 * assignee cannot change (cant_change_assignee_with_existing_calendar_event) and a due date change moves or
 * deletes the event first (calendar_update_failed: nothing saved).
 */
export const updateTask = async (deps: UpdateTaskDeps, ctx: WorkspaceContext, taskId: string, input: UpdateTaskBody): Promise<Task> => {
  let staleRetries = 0;
  return retry(async () => {
    const { task, project } = await deps.openTask(ctx, taskId);
    const view = async (item: TaskItem, of: ProjectItem) =>
      toTask(item, { project: of, fileUrls: await signFiles([item], deps.signFile), appUrl: deps.appUrl });
    if (Object.values(input).every((value) => value === undefined)) return view(task, project);

    if (input.status !== undefined && !canTransition(task.status, input.status)) {
      // After a racing write the task is no longer what the client saw: say so rather than blame the transition.
      throw new DomainError(staleRetries ? 'task_changed' : 'task_transition_refused');
    }
    const next = applyFields(task, input);
    if (next.status === 'needs_approval' && task.status !== 'needs_approval') await deps.approvalGate?.(ctx, next);
    const moved = next.projectId !== task.projectId;
    const target = moved ? await targetProject(deps, ctx, next.projectId) : project;
    if (next.assignee && (next.assignee !== task.assignee || moved)) await checkAssignee(deps, ctx, next.assignee, next.projectId);
    const assigneeChanged = (next.assignee ?? null) !== (task.assignee ?? null);
    const dueDateChanged = (next.dueDate ?? null) !== (task.dueDate ?? null);
    const events = assigneeChanged || dueDateChanged ? await existingCalendarEvents(deps.calendarEvents, ctx, task) : [];
    if (assigneeChanged && events.length) throw new DomainError('cant_change_assignee_with_existing_calendar_event', { field: 'assignee' });
    const followed = dueDateChanged && events.length ? await followDueDate(deps.calendarEvents, events, task.dueDate, next.dueDate) : undefined;

    const now = deps.clock();
    next.updatedAt = nextVersion(now, task.updatedAt);
    const activity: TaskActivityItem | undefined =
      next.status !== task.status
        ? { workspaceId: ctx.workspaceId, taskId, activityId: deps.newActivityId(now), type: 'status', at: next.updatedAt, actor: ctx.userId, from: task.status, to: next.status }
        : undefined;
    const notices = assignmentEvents({ task: next, project: target, now, actorId: ctx.userId, previousAssignee: task.assignee });
    const outcome = await deps
      .updateTaskTransaction({ current: task, next, attributes: WRITABLE_ATTRIBUTES, activity, labels: newLabels(task, next), events: notices })
      .catch(async (error: unknown) => {
        await followed?.undo();
        throw error;
      });
    if (outcome === 'done') return view(next, target);
    // Not written: the events go back with the task as stored (best effort); a next round moves them again if the change still holds.
    await followed?.undo();
    if (outcome === 'stale' && staleRetries++ >= MAX_STALE_RETRIES) throw new DomainError('task_changed');
    return RETRY;
  }, { exhausted: 'task_changed', ...deps.retryTiming });
};
