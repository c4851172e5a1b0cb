import { pushRoutes } from '#shared/routes/push';
import { httpHandler } from '#lib/http';
import { deletePushSubscription } from '#data/push-subscriptions';

// The caller's own partition: another person's device id names nothing of theirs.
export const handler = httpHandler(pushRoutes.deletePushSubscription, async ({ caller, params }) => {
  await deletePushSubscription(caller.userId, params.deviceId);
  return {};
});
