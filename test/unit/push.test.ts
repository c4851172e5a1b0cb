import { describe, expect, it, vi } from 'vitest';
import webpush from 'web-push';
import { PUSH_ENV } from '#lib/config';
import { publicVapidKey, resolveVapidKeys } from '#lib/push';
import type { PushSubscriptionItem } from '#data/push-subscriptions';
import { pushEndpointAllowed } from '#core/push/endpoint';
import { outcomeOf, PushDeliveryFailed, sendPush, type SendPushDeps } from '#core/push/send';

const none = new Set<string>();

describe('push endpoints', () => {
  it("accept the browsers' push services over https only", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(pushEndpointAllowed(endpoint, none), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://notfcm.googleapis.co/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://169.254.169.254/latest',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(pushEndpointAllowed(endpoint, none), endpoint).toBe(false);
    }
  });

  it('accept an allow-listed host:port (the local fake), over http too, and nothing else there', () => {
    const allowlist = new Set(['127.0.0.1:4100']);
    expect(pushEndpointAllowed('http://127.0.0.1:4100/push/send/x', allowlist)).toBe(true);
    expect(pushEndpointAllowed('http://127.0.0.1:4101/push/send/x', allowlist)).toBe(false);
    expect(pushEndpointAllowed('http://127.0.0.1/push/send/x', allowlist)).toBe(false);
  });
});

describe('push outcomes', () => {
  it('read the push service status as RFC 8030 means it', () => {
    expect([201, 202, 204].map(outcomeOf)).toEqual(['sent', 'sent', 'sent']);
    expect([404, 410].map(outcomeOf)).toEqual(['gone', 'gone']);
    expect([400, 413].map(outcomeOf)).toEqual(['refused', 'refused']);
    expect([429, 500, 502, 503].map(outcomeOf)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });
});

const device = (deviceId: string, endpoint = `https://fcm.googleapis.com/fcm/send/${deviceId}`): PushSubscriptionItem => ({
  userId: 'u1',
  deviceId,
  endpoint,
  p256dh: 'k',
  auth: 'a',
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
});
const data = { title: 'T', body: 'B', ticket_url: '/project/p/tasks/t', workspace_uid: 'w1', tag: 'e1' };

const depsWith = (devices: PushSubscriptionItem[], statuses: Record<string, number | Error>) => {
  const deps: SendPushDeps = {
    allowlist: none,
    listPushSubscriptions: vi.fn(async () => devices),
    deliver: vi.fn(async (subscription: PushSubscriptionItem) => {
      const answer = statuses[subscription.deviceId]!;
      if (answer instanceof Error) throw answer;
      return answer;
    }),
    deleteGonePushSubscription: vi.fn(async () => true),
  };
  return deps;
};

describe('sending a push', () => {
  it('sends to each device, removes the gone ones by their endpoint, drops the refused', async () => {
    const deps = depsWith([device('a'), device('b'), device('c')], { a: 201, b: 410, c: 413 });
    expect(await sendPush(deps, { userId: 'u1', data })).toEqual({ sent: 1, gone: 1, refused: 1, failed: 0 });
    expect(deps.deleteGonePushSubscription).toHaveBeenCalledExactlyOnceWith('u1', 'b', 'https://fcm.googleapis.com/fcm/send/b');
  });

  it('fails the message (for the queue to try again) when a device failed or did not answer, after trying every device', async () => {
    const deps = depsWith([device('a'), device('b'), device('c')], { a: 503, b: new Error('ETIMEDOUT'), c: 201 });
    await expect(sendPush(deps, { userId: 'u1', data })).rejects.toBeInstanceOf(PushDeliveryFailed);
    expect(deps.deliver).toHaveBeenCalledTimes(3);
    expect(deps.deleteGonePushSubscription).not.toHaveBeenCalled();
  });

  it('never sends to a stored endpoint that is no push service', async () => {
    const deps = depsWith([device('a', 'https://example.com/hook')], {});
    expect(await sendPush(deps, { userId: 'u1', data })).toMatchObject({ refused: 1, sent: 0 });
    expect(deps.deliver).not.toHaveBeenCalled();
  });

  it('with no device, does nothing', async () => {
    expect(await sendPush(depsWith([], {}), { userId: 'u1', data })).toEqual({ sent: 0, gone: 0, refused: 0, failed: 0 });
  });
});

describe('VAPID keys', () => {
  const keys = webpush.generateVAPIDKeys();
  const subject = { [PUSH_ENV.subject]: 'mailto:push@example.com' };

  it('come from the environment when set, else from the secret named there', async () => {
    const readSecret = vi.fn(async () => JSON.stringify(keys));
    expect(await resolveVapidKeys({ env: { ...subject, [PUSH_ENV.publicKey]: keys.publicKey, [PUSH_ENV.privateKey]: keys.privateKey }, readSecret })).toEqual({ ...keys, subject: 'mailto:push@example.com' });
    expect(readSecret).not.toHaveBeenCalled();
    expect(await resolveVapidKeys({ env: { ...subject, [PUSH_ENV.secretId]: 'brandslate-prod/vapid' }, readSecret })).toEqual({ ...keys, subject: 'mailto:push@example.com' });
    expect(readSecret).toHaveBeenCalledWith('brandslate-prod/vapid');
  });

  it('refuse a secret still holding its placeholder, without echoing it', async () => {
    const error = await resolveVapidKeys({ env: { ...subject, [PUSH_ENV.secretId]: 's' }, readSecret: async () => '{"password":"hunter2"}' }).catch((e: Error) => e);
    expect(String(error)).toMatch(/must be JSON with non-empty "publicKey" and "privateKey"/);
    expect(String(error)).not.toContain('hunter2');
    await expect(resolveVapidKeys({ env: subject, readSecret: async () => undefined })).rejects.toThrow(PUSH_ENV.secretId);
  });

  it('not put in the secret yet: the key route answers push_not_configured (503), not a 500', async () => {
    const empty = () => resolveVapidKeys({ env: { ...subject, [PUSH_ENV.secretId]: 's' }, readSecret: async () => '' });
    await expect(publicVapidKey(empty)).rejects.toMatchObject({ code: 'push_not_configured', status: 503 });
    expect(await publicVapidKey(async () => ({ ...keys, subject: 'mailto:push@example.com' }))).toBe(keys.publicKey);
  });
});
