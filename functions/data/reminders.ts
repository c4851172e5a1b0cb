import type { Membership } from './memberships';
import type { ProjectItem } from './projects';
import type { NotificationItem } from './notifications';
import type { TaskItem } from './tasks';
import { liveWorkspace, type WorkspaceItem } from './workspaces';
import { db } from './db';
import { cancelledOutcome, type GuardedOutcome } from './conditions';
import { REMINDER_SHARD, taskIndexAttributes } from './task-entities';

/**
 * The reminders job's table access. Due reminders come from the sparse byReminder index (one constant partition,
 * sorted by time), so the job reads exactly what is due and nothing else.
 */

export type DuePage = { items: TaskItem[]; cursor: string | null };

/** Tasks whose reminder is due at `nowIso` or before, oldest first, one page (pattern: dueReminders). */
export const listDueReminders = async (nowIso: string, cursor: string | null, limit = 100): Promise<DuePage> => {
  const { data, cursor: next } = await db()
    .entities.task.query.byReminder({ reminderShard: REMINDER_SHARD })
    .lte({ reminderDueAt: nowIso })
    .go({ order: 'asc', limit, cursor });
  return { items: data, cursor: next ?? null };
};

/** What the reminder email and notification say about a task: its workspace, project and assignee's membership (pattern: reminderContext). */
export const getReminderContext = async (
  task: Pick<TaskItem, 'workspaceId' | 'projectId'>,
  assignee: string,
): Promise<{ workspace?: WorkspaceItem; project?: ProjectItem; assignee?: Membership }> => {
  const { workspaceId, projectId } = task;
  const { data } = await db()
    .transaction.get(({ workspace, project, member }) => [
      workspace.get({ workspaceId }).commit(),
      project.get({ workspaceId, projectId }).commit(),
      member.get({ workspaceId, userId: assignee }).commit(),
    ])
    .go();
  return {
    workspace: liveWorkspace(data[0]?.item as WorkspaceItem | null),
    project: (data[1]?.item ?? undefined) as ProjectItem | undefined,
    assignee: (data[2]?.item ?? undefined) as Membership | undefined,
  };
};

/**
 * Marks the reminder sent and, with an assignee to tell, writes their notification, in one TransactWriteItems
 * (pattern: reminderSent). The task write applies only while its reminder is unsent and the task is as read
 * (updatedAt, reminderAt), so the index attributes recomputed from the read state are right; it takes the task
 * out of byReminder. `stale`: the task changed or another run marked it; the notification is then not written.
 */
export const markReminderSent = async (task: TaskItem, sentAt: string, notification: NotificationItem | undefined): Promise<GuardedOutcome> => {
  const { workspaceId, taskId } = task;
  const { canceled, data } = await db()
    .transaction.write(({ task: tasks, notification: notifications }) => [
      tasks
        .patch({ workspaceId, taskId })
        .set({ reminderSentAt: sentAt, ...taskIndexAttributes({ ...task, reminderSentAt: sentAt }) })
        .where(({ reminderSentAt, updatedAt, reminderAt }, { notExists, eq }) =>
          [notExists(reminderSentAt), eq(updatedAt, task.updatedAt), eq(reminderAt, task.reminderAt!)].join(' AND '),
        )
        .commit(),
      ...(notification ? [notifications.create(notification).commit()] : []),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/**
 * Takes a task whose reminder can no longer fire out of byReminder (a write elsewhere left it indexed), if the
 * task is still as read (pattern: reminderSent).
 */
export const dropFromReminderIndex = async (task: TaskItem): Promise<GuardedOutcome> => {
  const { workspaceId, taskId } = task;
  const { canceled, data } = await db()
    .transaction.write(({ task: tasks }) => [
      tasks
        .patch({ workspaceId, taskId })
        .set(taskIndexAttributes(task))
        .where(({ updatedAt }, { eq }) => eq(updatedAt, task.updatedAt))
        .commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};
