import { integrationQueueId } from '#shared/queues';
import { jobHandler } from '#lib/job';
import { logger } from '#lib/logger';
import { enqueue } from '#lib/queue';
import { listDueDeliveries, markRequeued } from '#data/deliveries';
import { systemClock as clock } from '#core/clock';
import { requeueDueDeliveries } from '#core/integrations/retry-due';

/** Every minute (shared/jobs.ts): deliveries whose next attempt is due, back to their queue. */
export const handler = jobHandler('retry-deliveries', async () => {
  const summary = await requeueDueDeliveries({
    clock,
    listDueDeliveries,
    markRequeued,
    enqueue: (type, message, delaySeconds) => enqueue(integrationQueueId(type), message, { delaySeconds }),
  });
  if (summary.handed + summary.rescued > 0) logger.info('Deliveries handed back to their queues', summary);
  return summary;
});
