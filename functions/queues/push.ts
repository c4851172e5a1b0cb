import { queueById } from '#shared/queues';
import { logger } from '#lib/logger';
import { configuredPolicy } from '#lib/outbound/policy';
import { deliverPush } from '#lib/push';
import { queueHandler } from '#lib/queue-consumer';
import { deleteGonePushSubscription, listPushSubscriptions } from '#data/push-subscriptions';
import { sendPush } from '#core/push/send';

/** Web Push to a person's devices (shared/queues.ts): encrypted, VAPID-signed, through the guarded fetcher. */
export const handler = queueHandler(queueById('push'), async (message) => {
  const summary = await sendPush(
    {
      allowlist: configuredPolicy().allowlist,
      listPushSubscriptions,
      deliver: deliverPush,
      deleteGonePushSubscription,
      log: (text, detail) => logger.warn(text, detail),
    },
    message,
  );
  if (summary.gone) logger.info('Push subscriptions gone', { gone: summary.gone });
});
