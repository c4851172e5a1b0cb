import type { EntityItem } from 'electrodb';
import { db } from './db';
import { exactly, sameIds } from './exact-ids';
import { cancelledOutcome, unlessRefused } from './conditions';
import type { notificationEntity } from './task-entities';
import type { notificationDigestEntryEntity, notificationEventEntity } from './notification-entities';

export type NotificationItem = EntityItem<typeof notificationEntity>;

/** A person's newest notifications, across workspaces (pattern: notificationsOfUser). */
export const listNotificationItems = async (userId: string, limit: number): Promise<NotificationItem[]> => {
  const { data } = await db().entities.notification.query.primary({ userId }).go({ order: 'desc', limit });
  return data;
};

/** Marks one of the person's notifications read; undefined when they have no such notification (pattern: notificationRead). */
export const markNotificationRead = async (userId: string, notificationId: string): Promise<NotificationItem | undefined> => {
  return unlessRefused(async () => {
    const { data } = await db()
      .entities.notification.patch({ userId, notificationId })
      .set({ read: true })
      .where((attr, { eq }) => sameIds(attr, eq, { userId, notificationId }))
      .go({ response: 'all_new' });
    return data as NotificationItem;
  }, undefined);
};

export type NotificationEventItem = EntityItem<typeof notificationEventEntity>;
export type NotificationDigestEntryItem = EntityItem<typeof notificationDigestEntryEntity>;

/** The attribute ElectroDB names each item's entity by (stream records are raw items). */
const ENTITY_ATTRIBUTE = '__edb_e__';

/** The outbox record of a notification event (its INSERT), for the stream's event filter (OUTBOX_RECORDS). */
export const NOTIFICATION_EVENT_RECORD = { eventNames: ['INSERT'], image: { [ENTITY_ATTRIBUTE]: 'notificationEvent' } } as const;

/** The event id of a stream record's new image when it is a notification event. */
export const notificationEventIdOf = (image: Record<string, unknown>): string | undefined =>
  image[ENTITY_ATTRIBUTE] === NOTIFICATION_EVENT_RECORD.image[ENTITY_ATTRIBUTE] && typeof image.eventId === 'string' ? image.eventId : undefined;

/** One notification event, as committed with its change (pattern: notificationEvent). */
export const getNotificationEvent = async (eventId: string): Promise<NotificationEventItem | undefined> => {
  const { data } = await db().entities.notificationEvent.get({ eventId }).go();
  return exactly(data, { eventId });
};

/** The kind × channel pairs a person turned off, `kind.channel` (pattern: notificationSettingsOfUser). */
export const getNotificationsOff = async (userId: string): Promise<string[]> => {
  const { data } = await db().entities.notificationSettings.get({ userId }).go();
  return exactly(data, { userId })?.off ?? [];
};

/** The same for several people at once, by user id (one BatchGetItem; pattern: notificationSettingsOfUser). */
export const getNotificationsOffOfMany = async (userIds: readonly string[]): Promise<Map<string, string[]>> => {
  const unique = [...new Set(userIds)];
  if (!unique.length) return new Map();
  const { data, unprocessed } = await db()
    .entities.notificationSettings.get(unique.map((userId) => ({ userId })))
    .go();
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} settings unprocessed`);
  return new Map(data.filter((item) => unique.includes(item.userId)).map((item) => [item.userId, item.off ?? []]));
};

/** Replaces a person's turned-off pairs (pattern: notificationSettingsOfUser). */
export const saveNotificationsOff = async (userId: string, off: readonly string[], updatedAt: string): Promise<void> => {
  await db().entities.notificationSettings.put({ userId, off: [...off], updatedAt }).go();
};

/**
 * Puts an event into a person's digest window unless it went into one before (pattern: digestPlacement): the
 * entry and its placement in one transaction. Answers the window the event is in: this one, or the one a first
 * handling put it in (a redelivery after that window closed must not put it into the next one: two emails).
 */
export const placeDigestEntry = async (entry: NotificationDigestEntryItem): Promise<number> => {
  const { userId, eventId, window, expiresAt } = entry;
  const { canceled, data } = await db()
    .transaction.write(({ notificationDigestPlacement, notificationDigestEntry }) => [
      notificationDigestPlacement.create({ userId, eventId, window, ...(expiresAt !== undefined ? { expiresAt } : {}) }).commit(),
      notificationDigestEntry.put(entry).commit(),
    ])
    .go();
  if (!canceled) return window;
  // A conflict (the same event handled twice at once) throws: the queue hands it on again.
  if (cancelledOutcome(data) === 'conflict') throw new Error(`Digest placement of ${eventId} for ${userId} conflicted`);
  const { data: placed } = await db().entities.notificationDigestPlacement.get({ userId, eventId }).go({ consistent: true });
  if (!placed) throw new Error(`Digest placement of ${eventId} for ${userId} refused but not found`);
  return placed.window;
};

/** The events of a person's digest window, oldest first (pattern: digestWindow). */
export const listDigestEntries = async (userId: string, window: number): Promise<NotificationDigestEntryItem[]> => {
  const { data } = await db().entities.notificationDigestEntry.query.primary({ userId, window }).go({ pages: 'all', order: 'asc' });
  return data.filter((item) => item.userId === userId && item.window === window);
};

/**
 * Writes in-app notifications that do not exist yet (pattern: notificationsOfUser): a redelivered event finds its
 * notifications written, and one already read stays read.
 */
export const createNotificationsIfMissing = async (items: readonly NotificationItem[]): Promise<void> => {
  await Promise.all(
    items.map(async (item) => {
      await unlessRefused(() => db().entities.notification.create(item).go(), undefined);
    }),
  );
};

/** The outbox record of a task created assigned to someone else (its INSERT with notifyAssignee), for OUTBOX_RECORDS. */
export const ASSIGNED_TASK_RECORD = { eventNames: ['INSERT'], image: { [ENTITY_ATTRIBUTE]: 'task', notifyAssignee: true } } as const;

/** Creates a notification event unless one of its id exists (pattern: notificationEvent): a record handled twice makes one. */
export const createNotificationEventIfMissing = async (event: NotificationEventItem): Promise<void> => {
  await unlessRefused(() => db().entities.notificationEvent.create(event).go(), undefined);
};

/** A project's name and slug: one GetItem (pattern: notificationEvent, the outbox making a created task's assignment event). */
export const getProjectRef = async (workspaceId: string, projectId: string): Promise<{ projectId: string; name: string; slug: string } | undefined> => {
  const { data } = await db().entities.project.get({ workspaceId, projectId }).go();
  const project = exactly(data as { workspaceId: string; projectId: string; name: string; slug: string } | null, { workspaceId, projectId });
  return project && { projectId: project.projectId, name: project.name, slug: project.slug };
};
