import type { EmailMessage, PushMessage } from '#shared/queues';
import type { GuardedOutcome } from '#data/conditions';
import type { Membership } from '#data/memberships';
import type { NotificationItem } from '#data/notifications';
import type { ProjectItem } from '#data/projects';
import type { DuePage } from '#data/reminders';
import type { TaskItem } from '#data/tasks';
import type { WorkspaceItem } from '#data/workspaces';
import { reminderPending } from '#shared/schemas/task';
import { taskPagePath } from '#core/tasks/task-links';
import type { Clock } from '../clock';

/** In-app notifications go away (TTL) this long after they were written. */
export const NOTIFICATION_KEEP_SECONDS = 90 * 86_400;
/** Pages of due reminders one run reads at most (the rest waits a minute: the index keeps them). */
export const MAX_PAGES_PER_RUN = 20;

export type SendRemindersDeps = {
  clock: Clock;
  appUrl: string;
  listDueReminders: (nowIso: string, cursor: string | null) => Promise<DuePage>;
  getReminderContext: (task: TaskItem, assignee: string) => Promise<{ workspace?: WorkspaceItem; project?: ProjectItem; assignee?: Membership }>;
  sendEmail: (message: EmailMessage) => Promise<void>;
  /** Queues a push to the assignee's devices (the push queue). */
  sendPush: (message: PushMessage) => Promise<void>;
  markReminderSent: (task: TaskItem, sentAt: string, notification: NotificationItem | undefined) => Promise<GuardedOutcome>;
  dropFromReminderIndex: (task: TaskItem) => Promise<GuardedOutcome>;
  newNotificationId: (now: Date) => string;
  log?: (message: string, detail?: Record<string, unknown>) => void;
};

export type ReminderOutcome = 'notified' | 'marked' | 'changed' | 'dropped' | 'not_due';
export type RemindersSummary = Record<ReminderOutcome, number> & { failed: number };

/** The email queue's idempotency key: a run repeated after a crash, or a redelivery, sends nothing twice. */
export const reminderDedupeKey = (task: Pick<TaskItem, 'taskId' | 'reminderAt'>) => `reminder:${task.taskId}:${task.reminderAt}`;

/**
 * One due reminder (spec 4: once, only while To Do or In Progress, only when enabled — the byReminder index
 * holds exactly those). With a joined assignee: the email is queued first (deduped by task and reminder time),
 * then one transaction marks the reminder sent (only if still unsent and the task unchanged) and writes the
 * assignee's in-app notification, so the notification exists at most once and the email at least once. Without
 * an assignee to tell (none, or no longer a member, or the brand is gone) the reminder is marked sent silently:
 * nobody can be reminded, and it must not wait in the index forever. A task changed meanwhile is left to the
 * next run.
 */
export const sendReminder = async (deps: SendRemindersDeps, task: TaskItem, now: Date): Promise<ReminderOutcome> => {
  if (!reminderPending(task)) {
    // Indexed although its reminder cannot fire (a write elsewhere left it there): take it out.
    return (await deps.dropFromReminderIndex(task)) === 'done' ? 'dropped' : 'changed';
  }
  if (Date.parse(task.reminderAt!) > now.getTime()) return 'not_due';
  const sentAt = now.toISOString();
  const context = task.assignee ? await deps.getReminderContext(task, task.assignee) : {};
  const { workspace, project, assignee } = context;
  if (!workspace || !project || !assignee || assignee.status !== 'joined') {
    return (await deps.markReminderSent(task, sentAt, undefined)) === 'done' ? 'marked' : 'changed';
  }
  const path = taskPagePath(project.slug, task.taskId);
  await deps.sendEmail({
    template: 'reminder',
    dedupeKey: reminderDedupeKey(task),
    to: assignee.email,
    data: { workspaceName: workspace.name, taskNumber: task.number, taskSummary: task.summary, taskUrl: `${deps.appUrl}${path}`, remindAt: task.reminderAt! },
  });
  const notification: NotificationItem = {
    userId: assignee.userId,
    notificationId: deps.newNotificationId(now),
    type: 'reminder',
    title: `Reminder: #${task.number} ${task.summary}`,
    body: `${project.name} · ${workspace.name}`,
    ticketUrl: path,
    workspaceId: task.workspaceId,
    read: false,
    createdAt: sentAt,
    expiresAt: Math.floor(now.getTime() / 1000) + NOTIFICATION_KEEP_SECONDS,
  };
  const outcome = (await deps.markReminderSent(task, sentAt, notification)) === 'done' ? 'notified' : 'changed';
  // After the mark, so a run that loses the race pushes nothing; a crash in between loses the push, not the email.
  if (outcome === 'notified') {
    await deps.sendPush({
      userId: assignee.userId,
      data: { title: notification.title, body: notification.body, ticket_url: path, workspace_uid: task.workspaceId, tag: reminderDedupeKey(task) },
    });
  }
  return outcome;
};

/**
 * The scheduled job: every due reminder, oldest first, page by page. One task's failure does not stop the others;
 * the run fails at the end (so it shows as an error) and the next run retries what is still due.
 */
export const sendReminders = async (deps: SendRemindersDeps): Promise<RemindersSummary> => {
  const now = deps.clock();
  const summary: RemindersSummary = { notified: 0, marked: 0, changed: 0, dropped: 0, not_due: 0, failed: 0 };
  const errors: unknown[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES_PER_RUN; page++) {
    const due: DuePage = await deps.listDueReminders(now.toISOString(), cursor);
    for (const task of due.items) {
      try {
        summary[await sendReminder(deps, task, now)]++;
      } catch (error) {
        summary.failed++;
        errors.push(error);
        deps.log?.('Reminder failed', { taskId: task.taskId, error: error as Error });
      }
    }
    cursor = due.cursor;
    if (!cursor) break;
  }
  if (errors.length) throw new AggregateError(errors, `${errors.length} reminders failed`);
  return summary;
};
