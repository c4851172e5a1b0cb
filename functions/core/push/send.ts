import type { PushData } from '#shared/schemas/push';
import type { PushMessage } from '#shared/queues';
import type { PushSubscriptionItem } from '#data/push-subscriptions';
import { pushEndpointAllowed } from './endpoint';

/** What became of one device's push. */
export type DeviceOutcome = 'sent' | 'gone' | 'refused' | 'failed';

export type SendPushDeps = {
  allowlist: ReadonlySet<string>;
  listPushSubscriptions: (userId: string) => Promise<PushSubscriptionItem[]>;
  /** Encrypts and POSTs one push (web-push's request through the guarded fetcher); answers the push service's status. */
  deliver: (subscription: PushSubscriptionItem, data: PushData) => Promise<number>;
  deleteGonePushSubscription: (userId: string, deviceId: string, endpoint: string) => Promise<boolean>;
  log?: (message: string, detail: Record<string, unknown>) => void;
};

/**
 * The push service's answer as an outcome (RFC 8030): 201 (or any 2xx) accepted; 404 and 410 mean the
 * subscription is gone for good, so it is removed; 400 and 413 will not get better by sending again (a bad request,
 * a payload too large) and are dropped with a log line; 429, 5xx and anything else are tried again by the queue.
 */
export const outcomeOf = (status: number): DeviceOutcome => {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 400 || status === 401 || status === 403 || status === 413) return 'refused';
  return 'failed';
};

export class PushDeliveryFailed extends Error {
  constructor(readonly failed: number) {
    super(`${failed} push deliveries failed; the queue tries again`);
    this.name = 'PushDeliveryFailed';
  }
}

/**
 * One message of the push queue: the push to each of the person's devices. A device whose push service answers
 * 404/410 loses its subscription (only while it still has that endpoint); one that fails for a while makes the
 * message fail so the queue tries again (its DLQ after maxReceives). Devices that got it then get it again: the
 * notification's tag makes the second replace the first on the device, not add to it.
 */
export const sendPush = async (deps: SendPushDeps, message: PushMessage): Promise<Record<DeviceOutcome, number>> => {
  const summary: Record<DeviceOutcome, number> = { sent: 0, gone: 0, refused: 0, failed: 0 };
  const subscriptions = await deps.listPushSubscriptions(message.userId);
  await Promise.all(
    subscriptions.map(async (subscription) => {
      // Stored before the allow-list changed (or written around the route): never sent to.
      if (!pushEndpointAllowed(subscription.endpoint, deps.allowlist)) {
        summary.refused++;
        return;
      }
      let outcome: DeviceOutcome;
      try {
        outcome = outcomeOf(await deps.deliver(subscription, message.data));
      } catch (error) {
        // No answer (time cap, connection refused, the guard's refusal of a private address): tried again.
        deps.log?.('Push delivery failed', { deviceId: subscription.deviceId, error: (error as Error).message });
        outcome = 'failed';
      }
      if (outcome === 'gone') await deps.deleteGonePushSubscription(subscription.userId, subscription.deviceId, subscription.endpoint);
      if (outcome === 'refused') deps.log?.('Push refused by the push service', { deviceId: subscription.deviceId });
      summary[outcome]++;
    }),
  );
  if (summary.failed) throw new PushDeliveryFailed(summary.failed);
  return summary;
};
