import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { fakeSubscription, subscribeDevice } from '../support/push';
import type { Case } from '../support/route-case';

/** Web Push (routes under the caller's own /me and the stage's key: no workspace, so no foreign case). */
export const pushCases = {
  getPushKey: {
    happy: (w) => api('GET', '/push/key', { token: w.alice.token }),
    // An uncompressed P-256 point: 65 bytes, 87 base64url characters.
    expectHappy: ({ body }) => expect(body.public_key).toMatch(/^B[A-Za-z0-9_-]{86}$/),
  },
  listPushSubscriptions: {
    happy: async (w) => {
      await api('PUT', '/me/push-subscriptions/device-listed', { token: w.alice.token, body: { ...(await fakeSubscription()), label: 'Laptop' } });
      return api('GET', '/me/push-subscriptions', { token: w.alice.token });
    },
    expectHappy: ({ body }) => {
      expect(body.items).toContainEqual(expect.objectContaining({ device_id: 'device-listed', label: 'Laptop' }));
      // The device's keys stay on the server: a list shows which devices, not how to push to them.
      expect(JSON.stringify(body)).not.toMatch(/p256dh|"auth"/);
    },
  },
  putPushSubscription: {
    happy: async (w) => api('PUT', '/me/push-subscriptions/device-1', { token: w.alice.token, body: { ...(await fakeSubscription()), label: 'Phone' } }),
    expectHappy: ({ body }) => expect(body).toMatchObject({ device_id: 'device-1', label: 'Phone', endpoint: expect.stringContaining('/push/send/') }),
    bad: {
      call: async (w) => api('PUT', '/me/push-subscriptions/device-1', { token: w.alice.token, body: { ...(await fakeSubscription()), endpoint: 'https://example.com/not-a-push-service' } }),
      field: 'endpoint',
    },
  },
  deletePushSubscription: {
    happy: async (w) => api('DELETE', `/me/push-subscriptions/${(await subscribeDevice(w.alice.token)).deviceId}`, { token: w.alice.token }),
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: (w) => api('DELETE', '/me/push-subscriptions/bad!id', { token: w.alice.token }), field: 'deviceId' },
  },
} satisfies Partial<Record<RouteName, Case>>;
