import type * as z from 'zod/mini';
import type { notification } from '#shared/schemas/collab';
import type { Caller } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { NotificationItem } from '#data/notifications';

export type Notification = z.output<typeof notification>;
/** The notification list shows the newest this many. */
export const NOTIFICATION_PAGE = 50;

export const toNotification = (item: NotificationItem): Notification => ({
  uid: item.notificationId,
  type: item.type,
  title: item.title,
  body: item.body,
  ticket_url: item.ticketUrl,
  workspace_uid: item.workspaceId,
  read: item.read ?? false,
  created_at: item.createdAt,
});

export type ListNotificationsDeps = { listNotificationItems: (userId: string, limit: number) => Promise<NotificationItem[]> };

/** The caller's newest notifications across workspaces. */
export const listNotifications = async (deps: ListNotificationsDeps, caller: Caller): Promise<Notification[]> =>
  (await deps.listNotificationItems(caller.userId, NOTIFICATION_PAGE)).map(toNotification);

export type ReadNotificationDeps = { markNotificationRead: (userId: string, notificationId: string) => Promise<NotificationItem | undefined> };

/** Marks one of the caller's notifications read; someone else's is as unknown as a missing one (notification_not_found). */
export const readNotification = async (deps: ReadNotificationDeps, caller: Caller, notificationId: string): Promise<Notification> => {
  const item = await deps.markNotificationRead(caller.userId, notificationId);
  if (!item) throw new DomainError('notification_not_found');
  return toNotification(item);
};
