import type { IntegrationMessage } from '#shared/queues';
import type { IntegrationType } from '#shared/schemas/integrations';
import type { DeliveryItem, NewDeliveryItem } from '#data/deliveries';
import type { TaskItem } from '#data/tasks';

/**
 * The outbox's hand-off: a pending delivery committed to the table (with its task, or by a retry) goes to its
 * provider's queue as the message of its next attempt. The table's stream brings each record at least once, so
 * a record handled twice sends two messages for one attempt: the delivery's claim lets one through.
 */
export type OutboxDeps = {
  enqueue: (type: IntegrationType, message: IntegrationMessage) => Promise<void>;
  createDeliveriesIfMissing: (items: readonly NewDeliveryItem[]) => Promise<number>;
};

export const sendPendingDelivery = (deps: Pick<OutboxDeps, 'enqueue'>, delivery: DeliveryItem) =>
  deps.enqueue(delivery.type, { workspaceId: delivery.workspaceId, taskId: delivery.taskId, deliveryId: delivery.deliveryId, attempt: delivery.attempts + 1 });

/**
 * The deliveries of a task whose create could not hold them (a big bulk create), from its summary entries (each
 * names its delivery id): created once each, and each sent to its queue in the same step, so they reach their
 * provider without waiting for their own records to come round the stream. A record handled again (at least once)
 * creates nothing twice and sends messages the deliveries' claims turn away.
 */
export const createTaskDeliveries = async (deps: OutboxDeps, task: TaskItem): Promise<void> => {
  const items = (task.integrations ?? []).flatMap((entry, index): NewDeliveryItem[] =>
    entry.deliveryId
      ? [
          {
            workspaceId: task.workspaceId,
            taskId: task.taskId,
            deliveryId: entry.deliveryId,
            projectId: task.projectId,
            integrationUid: entry.projectIntegrationUid,
            type: entry.type as IntegrationType,
            summaryIndex: index,
            status: 'pending',
            attempts: 0,
            seriesStart: 0,
            createdAt: task.createdAt,
            updatedAt: task.createdAt,
          },
        ]
      : [],
  );
  await deps.createDeliveriesIfMissing(items);
  await Promise.all(items.map((item) => sendPendingDelivery(deps, item as DeliveryItem)));
};
