import type { IntegrationMessage } from '#shared/queues';
import type { IntegrationType } from '#shared/schemas/integrations';
import type { DeliveryItem } from '#data/deliveries';
import type { Clock } from '../clock';
import { queueDelaySeconds } from './delivery-schedule';

export type RetryDueDeps = {
  clock: Clock;
  listDueDeliveries: (until: string, limit: number) => Promise<DeliveryItem[]>;
  markRequeued: (item: DeliveryItem, now: string) => Promise<boolean>;
  enqueue: (type: IntegrationType, message: IntegrationMessage, delaySeconds: number) => Promise<void>;
};

/** The job runs every minute: it hands over what falls due before its next run. */
const HORIZON_MS = 60_000;
/** A wait its delayed message should have ended this long ago was lost with that message: sent again. */
const OVERDUE_MS = 5 * 60_000;
const PAGE = 500;

/**
 * The retry job's run: waiting deliveries whose next attempt falls due before the next run. A wait longer than a
 * queue message can be delayed (scheduledBy 'job') is handed to its queue now, delayed to its time, and marked
 * handed over; a wait a delayed message should have ended long ago (the message was lost) is sent again. A
 * message sent twice claims one attempt.
 */
export const requeueDueDeliveries = async (deps: RetryDueDeps): Promise<{ handed: number; rescued: number }> => {
  const now = deps.clock();
  const due = await deps.listDueDeliveries(new Date(now.getTime() + HORIZON_MS).toISOString(), PAGE);
  let handed = 0;
  let rescued = 0;
  for (const item of due) {
    const at = Date.parse(item.nextAttemptAt ?? item.retryDueAt);
    const message = { workspaceId: item.workspaceId, taskId: item.taskId, deliveryId: item.deliveryId, attempt: item.attempts + 1 };
    if (item.scheduledBy === 'job') {
      await deps.enqueue(item.type, message, queueDelaySeconds((at - now.getTime()) / 1000));
      if (await deps.markRequeued(item, now.toISOString())) handed += 1;
    } else if (at < now.getTime() - OVERDUE_MS) {
      await deps.enqueue(item.type, message, 0);
      rescued += 1;
    }
  }
  return { handed, rescued };
};
