import { pushRoutes } from '#shared/routes/push';
import { httpHandler } from '#lib/http';
import { listPushSubscriptions } from '#data/push-subscriptions';
import { subscriptionView } from '#core/push/subscriptions';

// The caller's own partition only: a person sees the devices that get their pushes, no one else's.
export const handler = httpHandler(pushRoutes.listPushSubscriptions, async ({ caller }) => {
  const items = await listPushSubscriptions(caller.userId);
  return { items: items.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).map(subscriptionView) };
});
