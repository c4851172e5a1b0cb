import type { DeliveryItem } from '#data/deliveries';
import type { NotificationItem } from '#data/notifications';
import type { ProjectMemberItem } from '#data/projects';
import type { TaskItem } from '#data/tasks';
import { taskPagePath } from '../tasks/task-links';

/** Who hears that a delivery ran out of attempts: the brand's owners and admins. */
export const projectAdmins = (members: readonly ProjectMemberItem[]) =>
  [...new Set(members.filter((m) => m.status === 'granted' && (m.role === 'owner' || m.role === 'admin')).map((m) => m.userId))];

/**
 * The id of the notification about one exhaustion: ordered by its time like every notification id, and the same
 * however often it is written (the consumer may redo this step), so each admin hears of it once.
 */
export const exhaustedNotificationId = (delivery: Pick<DeliveryItem, 'updatedAt' | 'deliveryId' | 'attempts'>) =>
  `${Date.parse(delivery.updatedAt).toString(36).padStart(9, '0')}${delivery.deliveryId.slice(0, 10)}${delivery.attempts}`;

/** One in-app notification per admin: which task, where it was to go, what the provider last said. */
export const exhaustedNotifications = (
  delivery: DeliveryItem,
  context: { task?: Pick<TaskItem, 'number' | 'summary'>; integrationName?: string; projectSlug?: string; appUrl: string; admins: readonly string[] },
): NotificationItem[] => {
  const where = context.integrationName ? `${context.integrationName} (${delivery.type})` : delivery.type;
  const what = context.task ? `#${context.task.number} ${context.task.summary}` : 'A task';
  return context.admins.map((userId) => ({
    userId,
    notificationId: exhaustedNotificationId(delivery),
    type: 'delivery_failed',
    title: `Not delivered to ${where}`,
    body: `${what} could not be sent after ${delivery.attempts} attempts${delivery.lastError ? `: ${delivery.lastError}` : '.'} Retry it from the task's delivery log.`,
    ticketUrl: context.projectSlug ? `${context.appUrl}${taskPagePath(context.projectSlug, delivery.taskId)}` : context.appUrl,
    workspaceId: delivery.workspaceId,
    read: false,
    createdAt: delivery.updatedAt,
  }));
};
