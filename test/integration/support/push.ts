import { randomUUID } from 'node:crypto';
import { api } from './api';
import { fakesOrigin } from './deliveries';

export type FakeSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** A subscription of the fake push service (local/fakes/push.ts), as a browser's PushSubscription.toJSON(). */
export const fakeSubscription = async (origin = fakesOrigin()): Promise<FakeSubscription> => {
  const response = await fetch(`${origin}/push/subscribe`, { method: 'POST' });
  return (await response.json()) as FakeSubscription;
};

/** The fake's id of a subscription (the last segment of its endpoint). */
export const subscriptionId = (subscription: FakeSubscription) => subscription.endpoint.split('/').at(-1)!;

export type ReceivedPush = { ttl: number; topic: string | null; vapidKey: string; payload: { title: string; body: string; ticket_url: string; workspace_uid: string; tag: string } };

/** What reached a subscription at the fake, decrypted. */
export const receivedPushes = async (subscription: FakeSubscription, origin = fakesOrigin()): Promise<ReceivedPush[]> =>
  (await (await fetch(`${origin}/push/received/${subscriptionId(subscription)}`)).json()) as ReceivedPush[];

/** The push service forgets the subscription: 410 from now on. */
export const makeGone = async (subscription: FakeSubscription, origin = fakesOrigin()) => {
  await fetch(`${origin}/push/gone/${subscriptionId(subscription)}`, { method: 'POST' });
};

/** Subscribes a new device of `token` at the fake; answers the device id and the subscription. */
export const subscribeDevice = async (token: string) => {
  const deviceId = `d-${randomUUID()}`;
  const subscription = await fakeSubscription();
  const answer = await api('PUT', `/me/push-subscriptions/${deviceId}`, { token, body: subscription });
  if (answer.status !== 200) throw new Error(`subscribe answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return { deviceId, subscription };
};
