import type { NotificationKind } from '#shared/schemas/collab';
import type { EmailMessage, NotificationMessage, PushMessage } from '#shared/queues';
import type { Membership } from '#data/memberships';
import type { TaskWatchItem } from '#data/watches';
import type { NotificationDigestEntryItem, NotificationEventItem, NotificationItem } from '#data/notifications';
import type { Clock } from '../clock';
import { NOTIFICATION_KEEP_SECONDS } from '../reminders/send-reminders';
import { whoCanOpen, type AudienceDeps } from './audience';
import { EVENT_KEEP_SECONDS, recipientsOf } from './events';
import { watchersOf } from './watchers';
import { isOff } from './settings';

/** A closed window's digest is read this long after the window ends: writes of its last moments have landed. */
export const DIGEST_GRACE_SECONDS = 2;

export type FanOutDeps = AudienceDeps & {
  clock: Clock;
  getNotificationEvent: (eventId: string) => Promise<NotificationEventItem | undefined>;
  /** The watch choices made on the event's task (its watchers beside the creator and assignee the event names). */
  listTaskWatches: (workspaceId: string, taskId: string) => Promise<Pick<TaskWatchItem, 'userId' | 'watching'>[]>;
  getWorkspaceName: (workspaceId: string) => Promise<string | undefined>;
  getUserNames: (userIds: readonly string[]) => Promise<Map<string, string>>;
  getNotificationsOffOfMany: (userIds: readonly string[]) => Promise<Map<string, string[]>>;
  /** Writes the notifications that do not exist yet. */
  putNotifications: (items: readonly NotificationItem[]) => Promise<void>;
  /** Puts an event into a person's digest window unless a first handling did; answers the window it is in. */
  placeDigestEntry: (entry: NotificationDigestEntryItem) => Promise<number>;
  enqueue: (message: NotificationMessage, delaySeconds: number) => Promise<void>;
  /** Queues a push to a person's devices (the push queue; a person without devices costs one Query there). */
  enqueuePush: (message: PushMessage) => Promise<void>;
  /** The length of an email digest window (config.notificationDigestSeconds). */
  digestSeconds: number;
};

/** The start (epoch seconds) of the digest window that holds this moment. */
export const windowOf = (now: Date, digestSeconds: number) => Math.floor(now.getTime() / 1000 / digestSeconds) * digestSeconds;

const taskLabel = (event: NotificationEventItem) => `#${event.taskNumber} ${event.taskSummary}`;

/** A notification's title and body as one person reads it (in the bell and in the email). */
export const describeEvent = (event: NotificationEventItem, kind: NotificationKind, actor: string, workspaceName: string): { title: string; body: string } => {
  const where = `${event.projectName} · ${workspaceName}`;
  switch (kind) {
    case 'review_decision': {
      const who = event.reviewerName ?? 'Your reviewer';
      const title = event.decision === 'approved' ? `${who} approved ${taskLabel(event)}` : `${who} requested changes on ${taskLabel(event)}`;
      return { title, body: where };
    }
    case 'comment':
      return { title: `${actor} commented on ${taskLabel(event)}`, body: event.excerpt || where };
    case 'mention':
      return { title: `${actor} mentioned you on ${taskLabel(event)}`, body: event.excerpt || where };
    case 'assignment':
      return { title: `${actor} assigned ${taskLabel(event)} to you`, body: where };
  }
};

export type FanOutSummary = { inApp: number; email: number; push: number; skipped: number };

/**
 * Who hears of an event: those it names (the one who shared the link, the mentioned, the assignee), then, for an
 * event of the task's watchers, each watcher as the event's kind: the creator and assignee it names unless they
 * stopped watching, and whoever chose to watch, as the choices stand now. Once each, never the actor.
 */
const recipientsWithWatchers = async (deps: FanOutDeps, event: NotificationEventItem): Promise<NotificationEventItem['recipients']> => {
  if (!event.watchers) return event.recipients;
  const watchers = watchersOf(event.watchers, await deps.listTaskWatches(event.workspaceId, event.taskId));
  return recipientsOf([...event.recipients, ...watchers.map((userId) => ({ userId, kind: event.kind }))], event.actorId);
};

/**
 * One event that left the outbox, to its recipients: those who can still open the task (joined, with access to
 * its brand) get, each as their settings allow, the in-app notification (id = the event's: a redelivery finds it
 * written, and writes nothing) and a place in their current email digest window; the window's digest message is queued
 * to run when the window has closed. The event may be gone (expired): nothing to do.
 */
export const fanOutEvent = async (deps: FanOutDeps, eventId: string): Promise<FanOutSummary> => {
  const summary: FanOutSummary = { inApp: 0, email: 0, push: 0, skipped: 0 };
  const event = await deps.getNotificationEvent(eventId);
  if (!event) return summary;
  const recipients = await recipientsWithWatchers(deps, event);
  const ids = recipients.map((recipient) => recipient.userId);
  const [reachable, off, names, workspaceName] = await Promise.all([
    whoCanOpen(deps, event.workspaceId, event.projectId, ids),
    deps.getNotificationsOffOfMany(ids),
    deps.getUserNames(event.actorId ? [event.actorId] : []),
    deps.getWorkspaceName(event.workspaceId),
  ]);
  if (!workspaceName) return { ...summary, skipped: ids.length };
  // People without a display name are known by their email.
  const actor =
    (event.actorId && (names.get(event.actorId) || (await deps.getMemberships({ workspaceId: event.workspaceId }, [event.actorId]))[0]?.email)) ||
    'A team member';

  const now = deps.clock();
  const window = windowOf(now, deps.digestSeconds);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const notifications: NotificationItem[] = [];
  const entries: NotificationDigestEntryItem[] = [];
  const pushes: PushMessage[] = [];
  for (const { userId, kind } of recipients) {
    const member: Membership | undefined = reachable.get(userId);
    if (!member) {
      summary.skipped++;
      continue;
    }
    const { title, body } = describeEvent(event, kind, actor, workspaceName);
    const turnedOff = off.get(userId) ?? [];
    if (!isOff(turnedOff, kind, 'in_app')) {
      notifications.push({
        userId,
        notificationId: event.eventId,
        type: kind,
        title,
        body,
        ticketUrl: event.taskPath,
        workspaceId: event.workspaceId,
        read: false,
        createdAt: event.createdAt,
        expiresAt: nowSeconds + NOTIFICATION_KEEP_SECONDS,
      });
    }
    if (!isOff(turnedOff, kind, 'push')) {
      // The tag is the event's: a redelivered event's push replaces the first on the device.
      pushes.push({ userId, data: { title, body, ticket_url: event.taskPath, workspace_uid: event.workspaceId, tag: event.eventId } });
    }
    if (!isOff(turnedOff, kind, 'email')) {
      entries.push({
        userId,
        window,
        eventId: event.eventId,
        email: member.email,
        workspaceName,
        title,
        body,
        taskPath: event.taskPath,
        createdAt: event.createdAt,
        expiresAt: nowSeconds + EVENT_KEEP_SECONDS,
      });
    }
  }
  const [, windows] = await Promise.all([
    deps.putNotifications(notifications),
    Promise.all(entries.map((entry) => deps.placeDigestEntry(entry))),
    Promise.all(pushes.map((push) => deps.enqueuePush(push))),
  ]);
  // One digest message per person and event: every one of a window sends the same email, deduplicated by its key.
  // An event handled again is in the window of its first handling, maybe closed (and mailed) by now: its message
  // then finds that email sent, or sends it if the first handling stopped before queueing.
  await Promise.all(
    entries.map((entry, i) => {
      const placed = windows[i]!;
      return deps.enqueue({ type: 'digest', userId: entry.userId, window: placed }, Math.max(0, placed + deps.digestSeconds - nowSeconds + DIGEST_GRACE_SECONDS));
    }),
  );
  return { ...summary, inApp: notifications.length, email: entries.length, push: pushes.length };
};

export type DigestDeps = {
  listDigestEntries: (userId: string, window: number) => Promise<NotificationDigestEntryItem[]>;
  sendEmail: (message: EmailMessage) => Promise<void>;
  appUrl: string;
  /** Where the person turns notifications off (the profile page). */
  settingsPath: string;
};

/** The email queue's idempotency key of a person's digest window: however many messages the window got, one email. */
export const digestDedupeKey = (userId: string, window: number) => `notifications:${userId}:${window}`;

/**
 * A person's closed digest window: its events (one or many) in one email through the email queue, to the address
 * the latest event found them under. A window with nothing in it (expired) sends nothing.
 */
export const sendDigest = async (deps: DigestDeps, userId: string, window: number): Promise<'queued' | 'empty'> => {
  const entries = await deps.listDigestEntries(userId, window);
  if (!entries.length) return 'empty';
  await deps.sendEmail({
    template: 'notifications',
    dedupeKey: digestDedupeKey(userId, window),
    to: entries.at(-1)!.email,
    data: {
      items: entries.map((entry) => ({ title: entry.title, body: entry.body, taskUrl: `${deps.appUrl}${entry.taskPath}`, workspaceName: entry.workspaceName })),
      settingsUrl: `${deps.appUrl}${deps.settingsPath}`,
    },
  });
  return 'queued';
};
