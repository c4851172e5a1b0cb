import { afterAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '#shared/errors';
import { api, baseUrl, uniqueEmail, userWithWorkspace } from './support/api';
import { createCheckout, postWebhook, pressCheckoutButton, sentEvents, setClock, stripeAdmin, subscribe, type SentEvent } from './support/billing';

/**
 * Billing end to end on the local stack: checkout through the local Stripe as the browser does it, Stripe's
 * signed webhooks, order-independence and dedupe, the seat rules, and the trial lockdown with a moved clock.
 */
const DAY_MS = 86_400_000;
const billingOf = async (user: { token: string }, workspaceId: string) => (await api('GET', `/workspaces/${workspaceId}/billing`, { token: user.token })).body;

/** Events the local Stripe sent about one subscription (by the subscription, its checkout or its invoice). */
const eventsOf = async (subscriptionId: string): Promise<SentEvent[]> =>
  (await sentEvents()).filter(({ event }) => {
    const object = event.data.object;
    return object.id === subscriptionId || object.subscription === subscriptionId || object.parent?.subscription_details?.subscription === subscriptionId;
  });

/** A deterministic shuffle (so a failure replays the same order). */
const shuffled = <T>(items: readonly T[], seed: number) => {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

/** The same event under a new id: a distinct delivery the dedupe does not skip. */
const asNewEvent = (event: SentEvent['event'], n: number) => ({ ...event, id: `${event.id}_copy${n}` });

describe('checkout through the local Stripe', () => {
  it('shows a checkout page, and Confirm subscription makes the workspace BUSINESS, active, with its seats', async () => {
    // Arrange
    const owner = await userWithWorkspace('payer');

    // Act: the SPA creates the session and the browser goes to its url, then presses Confirm.
    const session = await createCheckout(owner, owner.workspaceId, { seats: 3 });
    expect(session.status).toBe(200);
    const page = await fetch(session.body.url);
    const html = await page.text();
    const redirect = await pressCheckoutButton(session.body.url, 'confirm');

    // Assert
    expect(page.status).toBe(200);
    expect(html).toContain('Subscribe to Business');
    expect(html).toContain('Additional seats × 3');
    expect(html).toContain('$159.00');
    expect(html).toMatch(/<button[^>]*>Confirm subscription<\/button>/);
    expect(redirect).toBe(`${baseUrl()}/billing?refresh=true`);
    const billing = await billingOf(owner, owner.workspaceId);
    expect(billing).toMatchObject({
      plan: 'BUSINESS',
      status: 'active',
      active: true,
      interval: 'month',
      subscription_id: expect.stringMatching(/^sub_/),
      started_at: expect.any(String),
      next_billing_at: expect.any(String),
      cancelled_at: null,
      seats: { total: 8, included: 5, paid: 3, assigned: 1, pending: 0, available: 7 },
    });
    const events = await eventsOf(billing.subscription_id);
    expect(events.map((e) => e.event.type)).toEqual(['customer.subscription.created', 'checkout.session.completed', 'invoice.paid']);
    expect(events.every((e) => e.deliveries.at(-1)?.status === 200)).toBe(true);
    const workspace = (await api('GET', `/workspaces/${owner.workspaceId}`, { token: owner.token })).body;
    expect(workspace).toMatchObject({ plan: 'BUSINESS', stripe_subscription_id: billing.subscription_id });
  });

  it('honours trial days (up to what is left of the workspace trial) with a trialing subscription', async () => {
    const owner = await userWithWorkspace('trialer');
    const { billing } = await subscribe(owner, owner.workspaceId, { trialDays: 7 });
    expect(billing).toMatchObject({ plan: 'BUSINESS', status: 'trialing', active: true });
    const trialDays = (Date.parse(billing.trial_end) - Date.parse(billing.trial_start)) / DAY_MS;
    expect(trialDays).toBe(7);
    const subscription = (await api('GET', `/subscriptions/${billing.subscription_id}`, { token: owner.token })).body;
    expect(subscription).toMatchObject({ status: 'trialing', plan: 'BUSINESS', trial_end: billing.trial_end });
  });

  it('sends the browser back to the billing page on Cancel, and nothing changes', async () => {
    const owner = await userWithWorkspace('canceller');
    const session = await createCheckout(owner, owner.workspaceId);
    expect(await pressCheckoutButton(session.body.url, 'cancel')).toBe(`${baseUrl()}/billing`);
    expect(await billingOf(owner, owner.workspaceId)).toMatchObject({ plan: 'FREE', status: null, subscription_id: null });
  });

  it('verifies a finished checkout by its session id', async () => {
    const owner = await userWithWorkspace('verifier');
    const session = await createCheckout(owner, owner.workspaceId, { success_url: `${baseUrl()}/billing?refresh=true&session_id={CHECKOUT_SESSION_ID}` });
    const redirect = new URL(await pressCheckoutButton(session.body.url, 'confirm'));
    const sessionId = redirect.searchParams.get('session_id')!;
    expect(sessionId).toMatch(/^cs_test_/);
    const verified = await api('POST', `/workspaces/${owner.workspaceId}/subscription/verify`, { token: owner.token, body: { sessionId } });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ plan: 'BUSINESS', status: 'active' });

    const other = await userWithWorkspace('someone-else');
    const foreignSession = await api('POST', `/workspaces/${other.workspaceId}/subscription/verify`, { token: other.token, body: { sessionId } });
    expect(foreignSession.body.code).toBe('subscription_does_not_match');
    const none = await api('POST', `/workspaces/${other.workspaceId}/subscription/verify`, { token: other.token, body: {} });
    expect(none.body.code).toBe('workspace_no_subscription');
  });

  it('refuses redirects off the app origin, unknown prices and a foreign previous subscription', async () => {
    const owner = await userWithWorkspace('careful');
    const offOrigin = await createCheckout(owner, owner.workspaceId, { success_url: 'https://evil.example/billing' });
    expect(offOrigin.status).toBe(400);
    expect(offOrigin.body.field).toBe('success_url');
    const unknownPrice = await createCheckout(owner, owner.workspaceId, { priceId: 'price_made_up' });
    expect(unknownPrice.body).toMatchObject({ code: 'bad_request', field: 'priceId' });
    const mixed = await createCheckout(owner, owner.workspaceId, { pricePerUserId: 'price_business_year_seat' });
    expect(mixed.body).toMatchObject({ code: 'bad_request', field: 'pricePerUserId' });
    const previous = await createCheckout(owner, owner.workspaceId, { previousSubscriptionId: 'sub_not_mine' });
    expect(previous.body.code).toBe('subscription_does_not_match');
  });

  it('answers 403 for a subscription id nobody has (ids reveal nothing)', async () => {
    const owner = await userWithWorkspace('prober');
    expect((await api('GET', '/subscriptions/sub_doesnotexist', { token: owner.token })).status).toBe(403);
  });
});

describe('webhooks', () => {
  it('converge to one state when every event is replayed five times', async () => {
    // Arrange
    const owner = await userWithWorkspace('replay');
    const { subscriptionId } = await subscribe(owner, owner.workspaceId, { seats: 2 });
    const before = await billingOf(owner, owner.workspaceId);
    const events = await eventsOf(subscriptionId);
    expect(events).toHaveLength(3);

    // Act: Stripe redelivers (same ids), five times each.
    const answers = [];
    for (let round = 0; round < 5; round++) for (const { event } of events) answers.push(await postWebhook(event));

    // Assert
    expect(answers.every((a) => a.status === 200 && a.body.received === true)).toBe(true);
    expect(await billingOf(owner, owner.workspaceId)).toEqual(before);
  });

  it('converge on Stripe’s current state whatever order events arrive in, stale payloads included', async () => {
    // Arrange: a subscription whose seats then change at Stripe (5 → 7 paid seats).
    const owner = await userWithWorkspace('shuffle');
    const { subscriptionId } = await subscribe(owner, owner.workspaceId, { seats: 2 });
    const stripe = stripeAdmin();
    const current = await stripe.subscriptions.retrieve(subscriptionId);
    const seatItem = current.items.data.find((item) => item.price.nickname !== 'base')!;
    await stripe.subscriptions.update(subscriptionId, { items: [{ id: seatItem.id, quantity: 7 }] });
    const expected = await billingOf(owner, owner.workspaceId);
    expect(expected.seats).toMatchObject({ paid: 7, total: 12 });
    const history = (await eventsOf(subscriptionId)).map((e) => e.event);
    // A payload that claims the subscription is gone: the handler must believe Stripe, not the payload.
    const stale = { ...history[0], id: `evt_stale_${subscriptionId}`, type: 'customer.subscription.deleted', data: { object: { ...history[0].data.object, status: 'canceled' } } };

    // Act: every event again as distinct deliveries, in three different orders.
    for (const seed of [1, 7, 42]) {
      for (const [n, event] of shuffled([...history, stale], seed).entries()) {
        expect((await postWebhook(asNewEvent(event, seed * 100 + n))).status).toBe(200);
      }
    }

    // Assert
    expect(await billingOf(owner, owner.workspaceId)).toEqual(expected);
  });

  it('follow a cancellation, and older events replayed afterwards do not bring the plan back', async () => {
    const owner = await userWithWorkspace('churn');
    const { subscriptionId } = await subscribe(owner, owner.workspaceId);
    const earlier = (await eventsOf(subscriptionId)).map((e) => e.event);

    await stripeAdmin().subscriptions.cancel(subscriptionId);
    for (const [n, event] of shuffled(earlier, 3).entries()) await postWebhook(asNewEvent(event, n));

    const billing = await billingOf(owner, owner.workspaceId);
    expect(billing).toMatchObject({ plan: 'FREE', status: 'canceled', cancelled_at: expect.any(String), ended_at: expect.any(String), next_billing_at: null });
    expect(billing.seats).toMatchObject({ total: 5, paid: 0 });
    const verify = await api('POST', `/workspaces/${owner.workspaceId}/subscription/verify`, { token: owner.token, body: {} });
    expect([verify.status, verify.body.code]).toEqual([402, 'subscription_not_active']);
  });

  it('refuse a bad signature, a stale timestamp and a missing header with 400 webhook_signature_invalid', async () => {
    const event = { id: 'evt_forged', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_x', object: 'subscription' } } };
    const invalid = { code: 'webhook_signature_invalid', message: errorCatalogue.webhook_signature_invalid.message };

    const wrongSecret = await postWebhook(event, { secret: 'whsec_not_the_secret' });
    const stale = await postWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    const unsigned = await api('POST', '/stripe/webhook', { body: event });

    for (const answer of [wrongSecret, stale, unsigned]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject(invalid);
    }
  });
});

describe('seat rules', () => {
  it('answers team_full when inviting past the 5 included seats, and the paid seats make room', async () => {
    // Arrange: the owner holds one seat; four invites take the rest.
    const owner = await userWithWorkspace('seats');
    const invite = (email = uniqueEmail('invitee')) => api('POST', `/workspaces/${owner.workspaceId}/invites`, { token: owner.token, body: { email } });
    for (let i = 0; i < 4; i++) expect((await invite()).status).toBe(201);

    // Act + assert: the sixth seat is refused.
    const full = await invite();
    expect(full.status).toBe(402);
    expect(full.body).toEqual({ code: 'team_full', message: 'Your team is full. Please upgrade your plan to add more members.' });
    expect((await billingOf(owner, owner.workspaceId)).seats).toMatchObject({ total: 5, assigned: 1, pending: 4, available: 0 });

    // One additional paid seat makes room for exactly one more.
    await subscribe(owner, owner.workspaceId, { seats: 1 });
    expect((await invite()).status).toBe(201);
    expect((await invite()).body.code).toBe('team_full');
  });

  it('answers seats_exceed_plan when the chosen seats pass the plan’s 1000 users', async () => {
    const owner = await userWithWorkspace('bigteam');
    const tooMany = await createCheckout(owner, owner.workspaceId, { seats: 996 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      code: 'seats_exceed_plan',
      message: 'You have reached the maximum available seats on your plan. Please select less users or upgrade your plan.',
    });
    expect((await createCheckout(owner, owner.workspaceId, { seats: 995 })).status).toBe(200);
  });
});

describe('trial and lockdown', () => {
  afterAll(() => setClock(0));

  it('locks the workspace after day 14, keeps billing reachable, and unlocks it once paid', async () => {
    // Arrange
    const owner = await userWithWorkspace('lapsed');
    const timeEntries = () => api('GET', `/workspaces/${owner.workspaceId}/timetracking/entries`, { token: owner.token });
    expect((await timeEntries()).status).toBe(200);

    // Act: day 15.
    await setClock(15 * DAY_MS);

    // Assert: locked, but billing routes still answer.
    const locked = await timeEntries();
    expect(locked.status).toBe(402);
    expect(locked.body.code).toBe('workspace_inactive');
    const billing = await billingOf(owner, owner.workspaceId);
    expect(billing).toMatchObject({ active: false, plan: 'FREE' });
    expect((await api('GET', '/billing/prices', { token: owner.token })).status).toBe(200);
    const workspace = (await api('GET', `/workspaces/${owner.workspaceId}`, { token: owner.token })).body;
    expect(workspace).toMatchObject({ active: false, trial: { on_trial: false, expired: true, days_remaining: 0 } });

    // Paying (no trial left to honour) unlocks it.
    const paid = await subscribe(owner, owner.workspaceId, { trialDays: 14 });
    expect(paid.billing).toMatchObject({ plan: 'BUSINESS', status: 'active', active: true, trial_end: null });
    expect((await timeEntries()).status).toBe(200);
  });

  it('reads and moves the clock at /_local/clock', async () => {
    expect(await setClock(DAY_MS)).toMatchObject({ offsetMs: DAY_MS });
    const now = (await (await fetch(`${baseUrl()}/_local/clock`)).json()) as { offsetMs: number; now: string };
    expect(Date.parse(now.now) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    expect((await fetch(`${baseUrl()}/_local/clock`, { method: 'POST', body: '{"offsetMs":"soon"}' })).status).toBe(400);
    expect(await setClock(0)).toMatchObject({ offsetMs: 0 });
  });
});
