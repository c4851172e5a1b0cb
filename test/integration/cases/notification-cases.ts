import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { NOTIFICATION_KINDS } from '#shared/schemas/collab';
import { api } from '../support/api';
import type { Case } from '../support/route-case';

/** Every kind on every channel, with some switched off. */
const settings = (off: Partial<Record<(typeof NOTIFICATION_KINDS)[number], 'in_app' | 'email' | 'push'>> = {}) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { in_app: off[kind] !== 'in_app', email: off[kind] !== 'email', push: off[kind] !== 'push' }]));

/** A person's notification settings (routes under /me: the caller's own, no workspace). */
export const notificationCases = {
  getNotificationSettings: {
    happy: (w) => api('GET', '/me/notification-settings', { token: w.mallory.token }),
    expectHappy: ({ body }) => expect(body).toEqual(settings()),
  },
  updateNotificationSettings: {
    happy: (w) => api('PUT', '/me/notification-settings', { token: w.alice.token, body: settings({ comment: 'email', mention: 'in_app', assignment: 'push' }) }),
    expectHappy: ({ body }) => expect(body).toEqual(settings({ comment: 'email', mention: 'in_app', assignment: 'push' })),
    bad: { call: (w) => api('PUT', '/me/notification-settings', { token: w.alice.token, body: { ...settings(), assignment: { in_app: 'yes', email: true } } }), field: 'assignment.in_app' },
  },
} satisfies Partial<Record<RouteName, Case>>;
