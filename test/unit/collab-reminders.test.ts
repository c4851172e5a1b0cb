import { describe, expect, it, vi } from 'vitest';
import type { EmailMessage } from '#shared/queues';
import type { GuardedOutcome } from '#data/conditions';
import type { Membership } from '#data/memberships';
import type { NotificationItem } from '#data/notifications';
import type { TaskItem } from '#data/tasks';
import { renderEmail } from '#core/email/templates';
import { reminderDedupeKey, sendReminders, type SendRemindersDeps } from '#core/reminders/send-reminders';
import { clock, NOW, project, task } from './collab-fixtures';

const due = (over: Partial<TaskItem> = {}) =>
  task({ assignee: 'bob', reminderAt: '2026-11-21T09:59:00.000Z', reminderEnabled: true, reminderDueAt: '2026-11-21T09:59:00.000Z', ...over });
const bob: Membership = { workspaceId: 'ws1', userId: 'bob', email: 'bob@acme.com', role: 'member', status: 'joined', joinedAt: NOW.toISOString() };

/**
 * A tiny model of the table: the reminder index holds unsent tasks, markReminderSent takes one out once (its
 * condition), notifications and emails are recorded. Emails dedupe by key like the email consumer does.
 */
const world = (tasks: TaskItem[], member: Membership | undefined = bob) => {
  const indexed = new Map(tasks.map((t) => [t.taskId, t]));
  const notifications: NotificationItem[] = [];
  const emails = new Map<string, EmailMessage>();
  const markReminderSent = vi.fn(async (t: TaskItem, sentAt: string, notification: NotificationItem | undefined): Promise<GuardedOutcome> => {
    const current = indexed.get(t.taskId);
    if (!current || current.reminderSentAt || current.updatedAt !== t.updatedAt) return 'stale';
    indexed.delete(t.taskId);
    current.reminderSentAt = sentAt;
    if (notification) notifications.push(notification);
    return 'done';
  });
  const deps: SendRemindersDeps = {
    clock,
    appUrl: 'https://app.example',
    sendPush: vi.fn(async () => {}),
    listDueReminders: vi.fn(async (nowIso: string, cursor: string | null) => {
      // Pages of 2, the cursor being the last key read (like LastEvaluatedKey).
      const sortKey = (t: TaskItem) => `${t.reminderDueAt}#${t.taskId}`;
      const all = [...indexed.values()].filter((t) => t.reminderDueAt <= nowIso && (!cursor || sortKey(t) > cursor)).sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
      const page = all.slice(0, 2);
      return { items: page.map((t) => ({ ...t })), cursor: all.length > 2 ? sortKey(page[1]!) : null };
    }),
    getReminderContext: vi.fn(async () => ({ workspace: { workspaceId: 'ws1', name: 'Acme studio', ownerId: 'alice', whitelisted: false, createdAt: NOW.toISOString() }, project: project(), assignee: member })),
    sendEmail: vi.fn(async (message: EmailMessage) => void (emails.has(message.dedupeKey) || emails.set(message.dedupeKey, message))),
    markReminderSent,
    dropFromReminderIndex: vi.fn(async (t: TaskItem) => (indexed.delete(t.taskId), 'done' as const)),
    newNotificationId: () => `n-${notifications.length + 1}`,
  };
  return { deps, indexed, notifications, emails };
};

describe('sendReminders', () => {
  it("emails the assignee and writes one in-app notification with the task page, once", async () => {
    const w = world([due()]);
    expect(await sendReminders(w.deps)).toMatchObject({ notified: 1, failed: 0 });
    expect(await sendReminders(w.deps)).toMatchObject({ notified: 0 });
    expect(w.notifications).toEqual([
      expect.objectContaining({ userId: 'bob', type: 'reminder', title: 'Reminder: #7 Launch reel', ticketUrl: '/project/acme/tasks/t1', workspaceId: 'ws1', read: false }),
    ]);
    expect([...w.emails.values()]).toEqual([
      {
        template: 'reminder', dedupeKey: 'reminder:t1:2026-11-21T09:59:00.000Z', to: 'bob@acme.com',
        data: { workspaceName: 'Acme studio', taskNumber: 7, taskSummary: 'Launch reel', taskUrl: 'https://app.example/project/acme/tasks/t1', remindAt: '2026-11-21T09:59:00.000Z' },
      },
    ]);
    // And one push to the assignee's devices, opening the task in its workspace (spec 3: push notification data).
    expect(w.deps.sendPush).toHaveBeenCalledExactlyOnceWith({
      userId: 'bob',
      data: { title: 'Reminder: #7 Launch reel', body: expect.stringContaining('Acme studio'), ticket_url: '/project/acme/tasks/t1', workspace_uid: 'ws1', tag: 'reminder:t1:2026-11-21T09:59:00.000Z' },
    });
  });

  it('never notifies twice when a run repeats after the transaction lost a race (the email dedupes)', async () => {
    const w = world([due()]);
    w.deps.markReminderSent = vi.fn(async () => 'stale' as const);
    expect(await sendReminders(w.deps)).toMatchObject({ changed: 1, notified: 0 });
    expect(w.notifications).toHaveLength(0);
    expect(w.deps.sendPush).not.toHaveBeenCalled();
    expect(reminderDedupeKey(due())).toBe('reminder:t1:2026-11-21T09:59:00.000Z');
  });

  it('marks a reminder without an assignee, or whose assignee left, sent without telling anyone', async () => {
    const w = world([due({ assignee: undefined })]);
    expect(await sendReminders(w.deps)).toMatchObject({ marked: 1 });
    expect(w.deps.sendEmail).not.toHaveBeenCalled();
    expect(w.indexed.size).toBe(0);
    const left = world([due()], { ...bob, status: 'invited' });
    expect(await sendReminders(left.deps)).toMatchObject({ marked: 1 });
    expect(left.notifications).toHaveLength(0);
    expect(left.emails.size).toBe(0);
  });

  it('takes out of the index a task whose reminder can no longer fire, and waits for one not yet due', async () => {
    const w = world([due({ taskId: 'done', status: 'done' }), due({ taskId: 'later', reminderAt: '2026-11-21T09:30:00-02:00', reminderDueAt: '2026-11-21T09:30:00-02:00' })]);
    expect(await sendReminders(w.deps)).toMatchObject({ dropped: 1, not_due: 1, notified: 0 });
  });

  it('reads every page, oldest first, and one failure does not stop the others', async () => {
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((id, i) => due({ taskId: id, reminderDueAt: `2026-11-21T09:0${i}:00.000Z`, reminderAt: `2026-11-21T09:0${i}:00.000Z` }));
    const w = world(tasks);
    const send = w.deps.sendEmail;
    w.deps.sendEmail = vi.fn(async (message: EmailMessage) => (message.dedupeKey.includes(':c:') ? Promise.reject(new Error('SQS down')) : send(message)));
    await expect(sendReminders(w.deps)).rejects.toThrow('1 reminders failed');
    expect(w.notifications.map((n) => n.ticketUrl)).toEqual(['a', 'b', 'd', 'e'].map((id) => `/project/acme/tasks/${id}`));
    w.deps.sendEmail = send;
    expect(await sendReminders(w.deps)).toMatchObject({ notified: 1, failed: 0 });
  });
});

describe('the reminder email', () => {
  it('names the task and links to it, escaping user text in the HTML', () => {
    const email = renderEmail({
      template: 'reminder', dedupeKey: 'k', to: 'bob@acme.com',
      data: { workspaceName: 'Acme <b>', taskNumber: 7, taskSummary: '<script>x</script>', taskUrl: 'https://app.example/project/acme/tasks/t1', remindAt: '2026-11-21T09:59:00.000Z' },
    });
    expect(email.subject).toBe('Reminder: #7 <script>x</script>');
    expect(email.text).toContain('https://app.example/project/acme/tasks/t1');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Acme &lt;b&gt;');
  });
});
