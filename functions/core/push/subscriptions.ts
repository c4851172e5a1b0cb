import type { PushSubscriptionBody } from '#shared/schemas/push';
import type { Caller } from '#lib/context';
import { ValidationError } from '#lib/errors';
import type { PushSubscriptionItem } from '#data/push-subscriptions';
import type { Clock } from '../clock';
import { pushEndpointAllowed } from './endpoint';

export type SubscriptionDeps = {
  clock: Clock;
  /** The outbound allow-list (host:port), parsed: allow-listed push services besides the known ones. */
  allowlist: ReadonlySet<string>;
  getPushSubscription: (userId: string, deviceId: string) => Promise<PushSubscriptionItem | undefined>;
  putPushSubscription: (item: PushSubscriptionItem) => Promise<void>;
};

export const subscriptionView = (item: PushSubscriptionItem) => ({
  device_id: item.deviceId,
  endpoint: item.endpoint,
  label: item.label ?? null,
  created_at: item.createdAt,
  updated_at: item.updatedAt,
});

/**
 * Stores the caller's subscription for one device. The endpoint must be a push service's (./endpoint.ts): a 400
 * naming `endpoint` otherwise. The key is the caller's own partition, so one person cannot touch another's device.
 */
export const putSubscription = async (deps: SubscriptionDeps, caller: Caller, deviceId: string, body: PushSubscriptionBody) => {
  if (!pushEndpointAllowed(body.endpoint, deps.allowlist)) {
    throw new ValidationError('endpoint', "endpoint must be a browser push service's address (https)");
  }
  const now = deps.clock().toISOString();
  const existing = await deps.getPushSubscription(caller.userId, deviceId);
  const item: PushSubscriptionItem = {
    userId: caller.userId,
    deviceId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    ...(body.label ? { label: body.label } : {}),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  await deps.putPushSubscription(item);
  return subscriptionView(item);
};
