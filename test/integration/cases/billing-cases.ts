import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { createCheckout, postWebhook, subscribe } from '../support/billing';
import { ws, type Case, type World } from '../support/route-case';

/** Alice's workspace subscribes once (the first case that needs a subscription), through the local Stripe. */
let subscription: Promise<string> | undefined;
const aliceSubscription = (w: World) => (subscription ??= subscribe(w.alice, w.alice.workspaceId, { seats: 2 }).then((s) => s.subscriptionId));

/** Integration cases (happy path, 400, 401, 403 across workspaces) of the billing routes. */
export const billingCases = {
  listPrices: {
    happy: (w) => api('GET', '/billing/prices', { token: w.alice.token }),
    expectHappy: ({ body }) =>
      expect(body.plans).toEqual([
        expect.objectContaining({ interval: 'month', baseAmount: 9900, seatAmount: 2000, currency: 'usd' }),
        expect.objectContaining({ interval: 'year', baseAmount: 95000, seatAmount: 2000, currency: 'usd' }),
      ]),
  },
  getBilling: {
    happy: (w) => api('GET', `${ws(w)}/billing`, { token: w.alice.token }),
    expectHappy: ({ body }) =>
      expect(body).toMatchObject({ active: true, whitelisted: false, seats: expect.objectContaining({ included: 5, assigned: expect.any(Number) }) }),
    bad: { call: (w) => api('GET', '/workspaces/not%20an%20id/billing', { token: w.alice.token }), field: 'workspaceId' },
    foreign: (w) => api('GET', `${ws(w)}/billing`, { token: w.mallory.token }),
  },
  createCheckoutSession: {
    happy: (w) => createCheckout(w.alice, w.alice.workspaceId, { seats: 3 }),
    expectHappy: ({ body }) => expect(body.url).toMatch(/\/_local\/stripe\/checkout\/cs_test_/),
    bad: { call: (w) => createCheckout(w.alice, w.alice.workspaceId, { seats: -1 }), field: 'seats' },
    foreign: (w) => createCheckout(w.mallory, w.alice.workspaceId),
  },
  getSubscription: {
    happy: async (w) => api('GET', `/subscriptions/${await aliceSubscription(w)}`, { token: w.alice.token }),
    expectHappy: ({ body }) =>
      expect(body).toMatchObject({
        status: 'active',
        plan: 'BUSINESS',
        planSeats: 5,
        paidSeats: 2,
        totalSeatsOnPlan: 7,
        items: expect.arrayContaining([expect.objectContaining({ quantity: 1, price: expect.objectContaining({ nickname: 'base' }) })]),
        products: [expect.objectContaining({ name: 'Business', plan: expect.objectContaining({ interval: 'month' }) })],
      }),
    bad: { call: (w) => api('GET', '/subscriptions/bad!id', { token: w.alice.token }), field: 'subscriptionId' },
    foreign: async (w) => api('GET', `/subscriptions/${await aliceSubscription(w)}`, { token: w.mallory.token }),
  },
  verifySubscription: {
    happy: async (w) => {
      await aliceSubscription(w);
      return api('POST', `${ws(w)}/subscription/verify`, { token: w.alice.token, body: {} });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ plan: 'BUSINESS', status: 'active', active: true, seats: expect.objectContaining({ total: 7, paid: 2 }) }),
    bad: { call: (w) => api('POST', `${ws(w)}/subscription/verify`, { token: w.alice.token, body: { sessionId: 'x'.repeat(300) } }), field: 'sessionId' },
    foreign: (w) => api('POST', `${ws(w)}/subscription/verify`, { token: w.mallory.token, body: {} }),
  },
  stripeWebhook: {
    // An event type the handler does not act on is acknowledged (Stripe stops retrying).
    happy: () => postWebhook({ id: `evt_case_${Date.now()}`, object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } }),
    expectHappy: ({ body }) => expect(body).toEqual({ received: true }),
    bad: { call: () => api('POST', '/stripe/webhook', { rawBody: '{not json' }), field: 'body' },
  },
} satisfies Partial<Record<RouteName, Case>>;
