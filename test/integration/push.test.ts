import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionToken } from '#shared/mentions';
import { API_PREFIX } from '#shared/routes';
import { NOTIFICATION_KINDS } from '#shared/schemas/collab';
import { queues as queueTable } from '#shared/queues';
import { getPushSubscription } from '#data/push-subscriptions';
import { startStack, type Stack } from '../../local/stack';
import { eventually } from './support/deliveries';
import { ownUser } from './support/own-stack';
import { fakeSubscription, makeGone, receivedPushes, type FakeSubscription } from './support/push';
import { userIdOf } from './support/team';

/**
 * Web Push end to end on a stack of this file's own (the push queue's visibility timeout shortened, so retries
 * come in seconds): devices subscribe at the fake push service (local/fakes/push.ts, which decrypts what it gets),
 * the fan-out and the push queue's consumer send, a 410 removes the subscription.
 */
let stack: Stack;
type Person = Awaited<ReturnType<typeof ownUser>> & { userId: string };
let owner: Person;
let sam: Person;
let mallory: Person;
let projectId: string;

const person = async (name: string): Promise<Person> => {
  const user = await ownUser(stack, name);
  return { ...user, userId: userIdOf(user.token) };
};

const subscribe = async (who: Person, deviceId: string) => {
  const subscription = await fakeSubscription(stack.fakes.url);
  const answer = await who.call('PUT', `/me/push-subscriptions/${deviceId}`, subscription);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return subscription;
};
const pushesOf = (subscription: FakeSubscription, count: number, what = `${count} push(es)`) =>
  eventually(() => receivedPushes(subscription, stack.fakes.url), (list) => list.length >= count, 30_000, what);
const task = async (fields: Record<string, unknown>) => {
  const created = await owner.call('POST', `/workspaces/${owner.workspaceId}/tickets`, { summary: `Post ${Date.now()}`, project_uid: projectId, ...fields });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { uid: string; id: number; summary: string };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

beforeAll(async () => {
  stack = await startStack({ queues: queueTable.map((queue) => (queue.id === 'push' ? { ...queue, visibilityTimeoutSeconds: 2 } : queue)) });
  [owner, sam, mallory] = await Promise.all([person('owner'), person('sam'), person('mallory')]);
  await owner.call('PATCH', '/me', { name: 'Olive Owner' });
  const invite = await owner.call('POST', `/workspaces/${owner.workspaceId}/invites`, { email: sam.email, role: 'member' });
  expect((await sam.call('POST', `/invites/${invite.body.uid}/accept`)).status).toBe(200);
  projectId = (await owner.call('POST', `/workspaces/${owner.workspaceId}/projects`, { name: `Brand ${Date.now()}` })).body.uid;
  expect((await owner.call('POST', `/workspaces/${owner.workspaceId}/projects/${projectId}/users`, { userId: sam.userId })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.fakes.failures.clear();
  await stack?.stop();
});

describe('subscriptions', () => {
  it('refuses an endpoint that is no push service and malformed keys, naming the field', async () => {
    const subscription = await fakeSubscription(stack.fakes.url);
    const notPush = await sam.call('PUT', '/me/push-subscriptions/phone', { ...subscription, endpoint: 'https://example.com/collect' });
    expect(notPush).toMatchObject({ status: 400, body: { field: 'endpoint' } });
    const plainHttp = await sam.call('PUT', '/me/push-subscriptions/phone', { ...subscription, endpoint: 'http://fcm.googleapis.com/fcm/send/x' });
    expect(plainHttp).toMatchObject({ status: 400, body: { field: 'endpoint' } });
    const badKey = await sam.call('PUT', '/me/push-subscriptions/phone', { ...subscription, keys: { ...subscription.keys, p256dh: 'not base64url!' } });
    expect(badKey).toMatchObject({ status: 400, body: { field: 'keys.p256dh' } });
    expect((await sam.call('PUT', '/me/push-subscriptions/bad!id', subscription)).body.field).toBe('deviceId');
    expect(await getPushSubscription(sam.userId, 'phone')).toBeUndefined();
  });

  it("keeps each person's devices their own: the same device id of another person touches nothing of theirs", async () => {
    const mine = await subscribe(sam, 'shared-id');
    const theirs = await fakeSubscription(stack.fakes.url);
    expect((await mallory.call('PUT', '/me/push-subscriptions/shared-id', theirs)).status).toBe(200);
    expect((await mallory.call('DELETE', '/me/push-subscriptions/shared-id')).status).toBe(204);
    expect((await getPushSubscription(sam.userId, 'shared-id'))?.endpoint).toBe(mine.endpoint);
    expect(await getPushSubscription(mallory.userId, 'shared-id')).toBeUndefined();
    // Sign-out removes the device's own; removing it again is no error.
    expect((await sam.call('DELETE', '/me/push-subscriptions/shared-id')).status).toBe(204);
    expect((await sam.call('DELETE', '/me/push-subscriptions/shared-id')).status).toBe(204);
    expect(await getPushSubscription(sam.userId, 'shared-id')).toBeUndefined();
  });

  it('needs a signed-in caller', async () => {
    const response = await fetch(`${stack.url}${API_PREFIX}/push/key`);
    expect(response.status).toBe(401);
  });
});

describe('pushes', () => {
  it("reach every device of the assignee, encrypted and VAPID-signed, with ticket_url and workspace_uid as the bell's", async () => {
    const phone = await subscribe(sam, 'sam-phone');
    const laptop = await subscribe(sam, 'sam-laptop');
    const ownerPhone = await subscribe(owner, 'owner-phone');
    const post = await task({ assignee: sam.userId });
    const [[push], [other]] = await Promise.all([pushesOf(phone, 1), pushesOf(laptop, 1)]);
    const key = (await sam.call('GET', '/push/key')).body.public_key;
    expect(push).toMatchObject({ vapidKey: key, ttl: 86_400, payload: { title: `Olive Owner assigned #${post.id} ${post.summary} to you`, workspace_uid: owner.workspaceId } });
    expect(push!.payload.ticket_url).toMatch(new RegExp(`/${post.uid}$`));
    expect(other!.payload).toEqual(push!.payload);
    const bell = (await sam.call('GET', '/notifications')).body as { ticket_url: string; workspace_uid: string; type: string }[];
    expect(bell.find((item) => item.type === 'assignment' && item.ticket_url === push!.payload.ticket_url)?.workspace_uid).toBe(owner.workspaceId);
    // The one who assigned it hears nothing of their own act.
    await settle();
    expect(await receivedPushes(ownerPhone, stack.fakes.url)).toEqual([]);
  });

  it('reach the mentioned member, unless they turned push off for mentions (the bell still has it)', async () => {
    const phone = await subscribe(sam, 'sam-mentions');
    const post = await task({});
    await owner.call('POST', `/tickets/${post.uid}/comments`, { text: `Look, ${mentionToken('Sam', sam.userId)}` });
    const [push] = await pushesOf(phone, 1);
    expect(push!.payload.title).toBe(`Olive Owner mentioned you on #${post.id} ${post.summary}`);

    const settings = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { in_app: true, email: true, push: kind !== 'mention' }]));
    expect((await sam.call('PUT', '/me/notification-settings', settings)).body.mention).toEqual({ in_app: true, email: true, push: false });
    const quiet = await task({});
    await owner.call('POST', `/tickets/${quiet.uid}/comments`, { text: `Again, ${mentionToken('Sam', sam.userId)}` });
    await eventually(async () => (await sam.call('GET', '/notifications')).body as { ticket_url: string }[], (items) => items.some((item) => item.ticket_url.endsWith(quiet.uid)), 20_000, 'the bell');
    await settle();
    expect(await receivedPushes(phone, stack.fakes.url)).toHaveLength(1);
    expect((await sam.call('PUT', '/me/notification-settings', Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { in_app: true, email: true }])))).body.mention.push).toBe(true);
  });

  it('remove a subscription the push service calls gone (410), and still reach the other devices', async () => {
    const gone = await subscribe(sam, 'sam-old-phone');
    const alive = await subscribe(sam, 'sam-tablet');
    await makeGone(gone, stack.fakes.url);
    await task({ assignee: sam.userId });
    await pushesOf(alive, 1);
    await eventually(() => getPushSubscription(sam.userId, 'sam-old-phone'), (item) => item === undefined, 20_000, 'the gone subscription removed');
    expect(await getPushSubscription(sam.userId, 'sam-tablet')).toBeDefined();
  });

  it('are tried again while the push service fails (503), and arrive once it answers', async () => {
    // Sam's only device now, so the two failures are its own.
    for (const deviceId of ['sam-phone', 'sam-laptop', 'sam-mentions', 'sam-tablet']) await sam.call('DELETE', `/me/push-subscriptions/${deviceId}`);
    const phone = await subscribe(sam, 'sam-flaky');
    stack.fakes.failures.set('push', { rate: 1, status: 503, times: 2 });
    try {
      await task({ assignee: sam.userId });
      const [push] = await pushesOf(phone, 1, 'the push after two failures');
      expect(push!.payload.workspace_uid).toBe(owner.workspaceId);
      const attempts = stack.fakes.recorder
        .list('push')
        .filter((record) => record.path.endsWith(phone.endpoint.split('/').at(-1)!))
        .reverse();
      // Two refusals, then delivered. Delivery is at least once: under load SQS may hand the message over again while
      // the first delivery finishes, and the repeat carries the same tag, so the device shows one notification.
      const statuses = attempts.map((record) => record.status);
      expect(statuses.slice(0, 3)).toEqual([503, 503, 201]);
      expect(statuses.slice(3).every((status) => status === 201)).toBe(true);
      expect(new Set((await receivedPushes(phone, stack.fakes.url)).map((received) => received.payload.tag)).size).toBe(1);
    } finally {
      stack.fakes.failures.clear('push');
    }
    expect(await getPushSubscription(sam.userId, 'sam-flaky')).toBeDefined();
  });
});
