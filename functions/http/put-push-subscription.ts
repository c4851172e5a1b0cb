import { pushRoutes } from '#shared/routes/push';
import { httpHandler } from '#lib/http';
import { configuredPolicy } from '#lib/outbound/policy';
import { getPushSubscription, putPushSubscription } from '#data/push-subscriptions';
import { systemClock as clock } from '#core/clock';
import { putSubscription } from '#core/push/subscriptions';

export const handler = httpHandler(pushRoutes.putPushSubscription, ({ caller, params, body }) =>
  putSubscription({ clock, allowlist: configuredPolicy().allowlist, getPushSubscription, putPushSubscription }, caller, params.deviceId, body),
);
