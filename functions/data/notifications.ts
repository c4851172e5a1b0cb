import type { EntityItem } from 'electrodb';
import { db } from './db';
import { sameIds } from './exact-ids';
import { isConditionFailure } from './conditions';
import type { notificationEntity } from './task-entities';

export type NotificationItem = EntityItem<typeof notificationEntity>;

/** A person's newest notifications, across workspaces (pattern: notificationsOfUser). */
export const listNotificationItems = async (userId: string, limit: number): Promise<NotificationItem[]> => {
  const { data } = await db().entities.notification.query.primary({ userId }).go({ order: 'desc', limit });
  return data;
};

/** Marks one of the person's notifications read; undefined when they have no such notification (pattern: notificationRead). */
export const markNotificationRead = async (userId: string, notificationId: string): Promise<NotificationItem | undefined> => {
  try {
    const { data } = await db()
      .entities.notification.patch({ userId, notificationId })
      .set({ read: true })
      .where((attr, { eq }) => sameIds(attr, eq, { userId, notificationId }))
      .go({ response: 'all_new' });
    return data as NotificationItem;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};
