import { integrationQueueId, type IntegrationMessage } from '#shared/queues';
import type { IntegrationType } from '#shared/schemas/integrations';
import { batchingEnqueue } from '#lib/queue';
import { newImageOf, streamHandler } from '#lib/stream-consumer';
import { createDeliveriesIfMissing, isOutboxRecord, outboxItemOf } from '#data/deliveries';
import { createNotificationEventIfMissing, getProjectRef, notificationEventIdOf } from '#data/notifications';
import { createdAssignmentEvent } from '#core/notifications/events';
import { createTaskDeliveries, sendPendingDelivery } from '#core/integrations/outbox';

/** The records of a batch are handled concurrently: their messages leave together, ten a SendMessageBatch. */
const enqueue = batchingEnqueue();
const deps = { enqueue: (type: IntegrationType, message: IntegrationMessage) => enqueue(integrationQueueId(type), message), createDeliveriesIfMissing };

/**
 * The table's stream consumer (the outbox): pending deliveries to their provider's queue, notification events
 * to the notification fan-out. In AWS an event filter
 * (OUTBOX_RECORDS) hands it only those records; the local poller applies the same filter.
 */
export const handler = streamHandler('outbox', async (record) => {
  const image = newImageOf(record);
  if (!isOutboxRecord(record.eventName, image)) return;
  const found = outboxItemOf(image!);
  if (found?.kind === 'delivery') await sendPendingDelivery(deps, found.item);
  if (found?.kind === 'task' && found.item.deliveriesByOutbox) await createTaskDeliveries(deps, found.item);
  const eventId =
    notificationEventIdOf(image!) ??
    (found?.kind === 'task' && found.item.notifyAssignee ? await createdAssignmentEvent({ getProjectRef, createNotificationEventIfMissing }, found.item) : undefined);
  if (eventId) await enqueue('notifications', { type: 'event', eventId });
});
