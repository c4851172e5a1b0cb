import { describe, expect, it, vi } from 'vitest';
import type Stripe from 'stripe';
import type { InviteItem, MemberItem } from '#data/invites';
import type { WorkspaceItem } from '#data/workspaces';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { resolveStripeKeys } from '#lib/stripe-keys';
import { stripeApiBase } from '#lib/clients/stripe';
import { billingStateFromSubscription, isoFromSeconds, preferredSubscription } from '#core/billing/billing-state';
import { toBillingView } from '#core/billing/billing-view';
import { cachedCatalogue, catalogueMismatches, toCatalogue, toPriceList } from '#core/billing/catalogue';
import { createCheckoutSession, type CheckoutDeps } from '#core/billing/create-checkout-session';
import { checkoutSeats, claimsSeat, countSeats, seatPlanOf } from '#core/billing/seats';
import { handleStripeWebhook, subjectOf, type WebhookDeps } from '#core/billing/stripe-webhook';
import { toSubscriptionView } from '#core/billing/subscription-view';
import { syncSubscription, type SyncDeps } from '#core/billing/sync-subscription';
import { createInvite, type CreateInviteDeps } from '#core/invites/create-invite';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const S = (iso: string) => Date.parse(iso) / 1000;
const clock = () => NOW;

const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof DomainError ? error.code : `${(error as Error).name}:${(error as { field?: string }).field ?? ''}`;
  }
  return 'no error';
};

// ---- fixtures: Stripe-shaped objects as the API answers with items.data.price.product expanded ------------------

const product = { id: 'prod_business', object: 'product', name: 'Business', deleted: undefined } as unknown as Stripe.Product;
const price = (id: string, nickname: string | null, amount: number, lookupKey: string, interval: 'month' | 'year' = 'month', metadata = {}) =>
  ({ id, object: 'price', nickname, unit_amount: amount, lookup_key: lookupKey, active: true, currency: 'usd', product, recurring: { interval }, metadata }) as unknown as Stripe.Price;
const item = (id: string, p: Stripe.Price, quantity: number) =>
  ({ id, object: 'subscription_item', price: p, quantity, current_period_start: S('2026-11-01T00:00:00Z'), current_period_end: S('2026-12-01T00:00:00Z') }) as unknown as Stripe.SubscriptionItem;

const subscription = (over: Partial<Record<keyof Stripe.Subscription, unknown>> = {}) =>
  ({
    id: 'sub_1',
    object: 'subscription',
    status: 'active',
    customer: 'cus_1',
    created: S('2026-11-01T00:00:00Z'),
    start_date: S('2026-11-01T00:00:00Z'),
    trial_start: null,
    trial_end: null,
    canceled_at: null,
    ended_at: null,
    cancel_at_period_end: false,
    metadata: { workspaceId: 'ws1' },
    items: {
      object: 'list',
      data: [
        item('si_base', price('price_mb', 'base', 9900, 'business_month_base', 'month', { included_seats: '5' }), 1),
        item('si_seat', price('price_ms', 'seat', 2000, 'business_month_seat'), 3),
      ],
    },
    ...over,
  }) as unknown as Stripe.Subscription;

const member = (n: number, status: MemberItem['status'] = 'joined'): MemberItem => ({ userId: `u${n}`, email: `u${n}@example.com`, role: 'member', status, joinedAt: NOW.toISOString() });
const invite = (n: number, validUntil = '2026-11-25T00:00:00.000Z', status: InviteItem['status'] = 'pending'): InviteItem => ({
  workspaceId: 'ws1',
  inviteId: `t${n}`,
  workspaceName: 'Acme',
  email: `i${n}@example.com`,
  role: 'member',
  status,
  invitedBy: 'admin@example.com',
  createdAt: '2026-11-20T00:00:00.000Z',
  validUntil,
});
const workspace = (over: Partial<WorkspaceItem> = {}): WorkspaceItem => ({
  workspaceId: 'ws1',
  name: 'Acme',
  ownerId: 'u1',
  whitelisted: false,
  createdAt: '2026-11-15T10:00:00.000Z',
  ...over,
});
const ctx: WorkspaceContext = { workspaceId: 'ws1', userId: 'u1', email: 'admin@example.com', role: 'admin' };

describe('dates', () => {
  it('turns Stripe seconds into ISO dates and nothing into null', () => {
    expect(isoFromSeconds(1_764_547_200)).toBe('2025-12-01T00:00:00.000Z');
    expect(isoFromSeconds(null)).toBeNull();
    expect(isoFromSeconds(undefined)).toBeNull();
  });
});

describe('seats', () => {
  it('gives trial and free workspaces the 5 included seats, paid ones the seats on the plan, whitelisted the Enterprise maximum', () => {
    expect(seatPlanOf(workspace())).toEqual({ included: 5, paid: 0 });
    expect(seatPlanOf(workspace({ subscriptionStatus: 'active', billing: { seatsIncluded: 5, seatsPaid: 3 } }))).toEqual({ included: 5, paid: 3 });
    expect(seatPlanOf(workspace({ subscriptionStatus: 'trialing', billing: { seatsPaid: 2 } }))).toEqual({ included: 5, paid: 2 });
    expect(seatPlanOf(workspace({ subscriptionStatus: 'past_due', billing: { seatsPaid: 3 } }))).toEqual({ included: 5, paid: 0 });
    expect(seatPlanOf(workspace({ whitelisted: true }))).toEqual({ included: 10_000, paid: 0 });
  });

  it('counts joined members and live invites as taken; expired and accepted invites free their seat', () => {
    const seats = countSeats({ included: 5, paid: 1 }, { members: [member(1), member(2)], invites: [invite(1), invite(2, '2026-11-20T00:00:00.000Z'), invite(3, undefined, 'accepted')] }, NOW);
    expect(seats).toEqual({ total: 6, included: 5, paid: 1, assigned: 2, pending: 1, available: 3 });
  });

  it('does not count users associated from Jira as a licence', () => {
    expect(claimsSeat({ status: 'joined' })).toBe(true);
    expect(claimsSeat({ status: 'joined', associatedFrom: 'jira' })).toBe(false);
    expect(claimsSeat({ status: 'invited' })).toBe(false);
  });

  it('allows up to the plan maximum of 1000 users at checkout, then seats_exceed_plan', () => {
    expect(checkoutSeats(995)).toEqual({ included: 5, paid: 995, total: 1000 });
    expect(() => checkoutSeats(996)).toThrow(DomainError);
    expect(() => checkoutSeats(-1)).toThrow(DomainError);
  });
});

describe('the invite seat rule', () => {
  const inviteDeps = (team: { members: MemberItem[]; invites: InviteItem[] }, ws = workspace()): CreateInviteDeps => ({
    clock,
    newToken: () => 'tok',
    appUrl: 'https://app.example.com',
    getWorkspace: async () => ws,
    listTeam: async () => team,
    putInviteUnlessLive: async () => true,
    deleteInvite: async () => undefined,
    sendEmail: async () => undefined,
  });

  it('answers team_full when the included seats are taken, pending invites included', async () => {
    const team = { members: [member(1), member(2), member(3)], invites: [invite(1), invite(2)] };
    expect(await code(createInvite(inviteDeps(team), ctx, { email: 'new@example.com', role: 'member' }))).toBe('team_full');
  });

  it('lets a paid plan invite up to its seats', async () => {
    const team = { members: [member(1), member(2), member(3)], invites: [invite(1), invite(2)] };
    const paid = workspace({ subscriptionStatus: 'active', billing: { seatsIncluded: 5, seatsPaid: 1 } });
    expect(await code(createInvite(inviteDeps(team, paid), ctx, { email: 'new@example.com', role: 'member' }))).toBe('no error');
  });

  it('says already invited (not team full) to a person holding a live invite', async () => {
    const team = { members: [member(1), member(2), member(3)], invites: [invite(1), invite(2)] };
    expect(await code(createInvite(inviteDeps(team), ctx, { email: 'i1@example.com', role: 'member' }))).toBe('user_already_invited');
  });
});

describe('the subscription view (spec 7)', () => {
  it('lists items, products with plan, seats and ISO dates', () => {
    const view = toSubscriptionView(subscription({ trial_start: S('2026-10-18T00:00:00Z'), trial_end: S('2026-11-01T00:00:00Z') }), { assigned: 2, pending: 1 });
    expect(view).toEqual({
      id: 'sub_1',
      status: 'active',
      items: [
        { id: 'si_base', quantity: 1, price: { id: 'price_mb', nickname: 'base', unit_amount: 9900, interval: 'month' } },
        { id: 'si_seat', quantity: 3, price: { id: 'price_ms', nickname: 'seat', unit_amount: 2000, interval: 'month' } },
      ],
      products: [{ id: 'prod_business', name: 'Business', plan: { product: 'prod_business', name: 'Business', interval: 'month' } }],
      plan: 'BUSINESS',
      planSeats: 5,
      paidSeats: 3,
      claimedSeats: 2,
      pendingSeats: 1,
      totalAvailableSeats: 5,
      totalSeatsOnPlan: 8,
      current_period_start: '2026-11-01T00:00:00.000Z',
      current_period_end: '2026-12-01T00:00:00.000Z',
      trial_start: '2026-10-18T00:00:00.000Z',
      trial_end: '2026-11-01T00:00:00.000Z',
      canceled_at: null,
      ended_at: null,
    });
  });

  it('names the plan FREE unless the subscription is active or trialing', () => {
    expect(toSubscriptionView(subscription({ status: 'trialing' }), { assigned: 0, pending: 0 }).plan).toBe('BUSINESS');
    for (const status of ['canceled', 'incomplete_expired', 'past_due']) {
      expect(toSubscriptionView(subscription({ status }), { assigned: 0, pending: 0 }).plan).toBe('FREE');
    }
  });

  it('never answers negative available seats', () => {
    expect(toSubscriptionView(subscription(), { assigned: 20, pending: 3 }).totalAvailableSeats).toBe(0);
  });
});

describe('the billing state written from a subscription', () => {
  it('mirrors status, plan, seats, interval and dates', () => {
    expect(billingStateFromSubscription(subscription({ cancel_at_period_end: true }))).toEqual({
      stripeSubscriptionId: 'sub_1',
      stripeCustomerId: 'cus_1',
      subscriptionStatus: 'active',
      subscriptionPlan: 'BUSINESS',
      billing: {
        interval: 'month',
        created: S('2026-11-01T00:00:00Z'),
        seatsIncluded: 5,
        seatsPaid: 3,
        startedAt: '2026-11-01T00:00:00.000Z',
        currentPeriodStart: '2026-11-01T00:00:00.000Z',
        currentPeriodEnd: '2026-12-01T00:00:00.000Z',
        cancelAtPeriodEnd: true,
      },
    });
  });

  it('prefers an active subscription, then the newer one, whichever is asked first', () => {
    const old = subscription({ id: 'sub_old', status: 'active', created: 100 });
    const newer = subscription({ id: 'sub_new', status: 'active', created: 200 });
    const canceled = subscription({ id: 'sub_c', status: 'canceled', created: 300 });
    expect(preferredSubscription(old, newer).id).toBe('sub_new');
    expect(preferredSubscription(newer, old).id).toBe('sub_new');
    expect(preferredSubscription(canceled, old).id).toBe('sub_old');
    expect(preferredSubscription(old, canceled).id).toBe('sub_old');
  });
});

describe('the billing page data', () => {
  const team = { members: [member(1)], invites: [invite(1)] };

  it('shows the workspace trial while there is no subscription', () => {
    expect(toBillingView(workspace(), team, NOW)).toMatchObject({
      plan: 'FREE',
      status: null,
      active: true,
      subscription_id: null,
      trial_start: '2026-11-15T10:00:00.000Z',
      trial_end: '2026-11-29T10:00:00.000Z',
      seats: { total: 5, assigned: 1, pending: 1, available: 3 },
    });
  });

  it('shows the subscription’s plan, dates and seats; no next billing once cancelled', () => {
    const paid = workspace({ ...billingStateFromSubscription(subscription()) });
    expect(toBillingView(paid, team, NOW)).toMatchObject({
      plan: 'BUSINESS',
      status: 'active',
      interval: 'month',
      subscription_id: 'sub_1',
      started_at: '2026-11-01T00:00:00.000Z',
      next_billing_at: '2026-12-01T00:00:00.000Z',
      trial_start: null,
      seats: { total: 8, paid: 3 },
    });
    const cancelled = workspace({ ...billingStateFromSubscription(subscription({ status: 'canceled', canceled_at: S('2026-11-20T00:00:00Z'), ended_at: S('2026-11-20T00:00:00Z') })) });
    expect(toBillingView(cancelled, team, NOW)).toMatchObject({ plan: 'FREE', status: 'canceled', next_billing_at: null, cancelled_at: '2026-11-20T00:00:00.000Z', active: true });
  });

  it('skips the subscription of a whitelisted workspace', () => {
    const whitelisted = workspace({ whitelisted: true, stripeSubscriptionId: 'sub_1', subscriptionStatus: 'canceled', createdAt: '2020-01-01T00:00:00.000Z' });
    expect(toBillingView(whitelisted, team, NOW)).toMatchObject({ active: true, whitelisted: true, status: null, subscription_id: null, trial_end: null });
  });
});

describe('the price catalogue', () => {
  const prices = [
    price('price_mb', 'base', 9900, 'business_month_base'),
    price('price_ms', 'seat', 2000, 'business_month_seat'),
    price('price_yb', 'base', 95000, 'business_year_base', 'year'),
    price('price_ys', 'seat', 2000, 'business_year_seat', 'year'),
    price('price_other', null, 1, 'something_else'),
  ];

  it('keeps the Business prices by lookup key and lists them per interval', () => {
    const catalogue = toCatalogue(prices);
    expect(catalogue.map((p) => p.id)).toEqual(['price_mb', 'price_ms', 'price_yb', 'price_ys']);
    expect(toPriceList(catalogue).plans).toEqual([
      { interval: 'month', basePriceId: 'price_mb', seatPriceId: 'price_ms', baseAmount: 9900, seatAmount: 2000, currency: 'usd' },
      { interval: 'year', basePriceId: 'price_yb', seatPriceId: 'price_ys', baseAmount: 95000, seatAmount: 2000, currency: 'usd' },
    ]);
    expect(catalogueMismatches(catalogue)).toEqual([]);
    expect(catalogueMismatches(toCatalogue([price('price_mb', 'base', 100, 'business_month_base')]))).toHaveLength(2);
  });

  it('is loaded once per period, and again after a failure', async () => {
    let now = 0;
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue([]);
    const get = cachedCatalogue(load, 1000, () => now);
    await expect(get()).rejects.toThrow('down');
    await get();
    await get();
    expect(load).toHaveBeenCalledTimes(2);
    now = 2000;
    await get();
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('checkout', () => {
  const catalogue = toCatalogue([
    price('price_mb', 'base', 9900, 'business_month_base'),
    price('price_ms', 'seat', 2000, 'business_month_seat'),
    price('price_yb', 'base', 95000, 'business_year_base', 'year'),
    price('price_ys', 'seat', 2000, 'business_year_seat', 'year'),
  ]);
  const fakeStripe = () => {
    const create = vi.fn(async (params: Stripe.Checkout.SessionCreateParams) => ({ id: 'cs_1', url: 'https://checkout.example/cs_1', params }));
    const stripe = {
      customers: { list: vi.fn(async () => ({ data: [{ id: 'cus_other', metadata: { workspaceId: 'ws2' } }] })), create: vi.fn(async () => ({ id: 'cus_new' })) },
      checkout: { sessions: { create } },
    } as unknown as Stripe;
    return { stripe, create };
  };
  const deps = (stripe: Stripe, ws = workspace()): CheckoutDeps => ({ stripe, catalogue: async () => catalogue, appUrl: 'https://app.example.com', clock, getWorkspace: async () => ws });
  const body = {
    name: 'Business',
    seats: 3,
    priceId: 'price_mb',
    pricePerUserId: 'price_ms',
    success_url: 'https://app.example.com/billing?refresh=true',
    cancel_url: 'https://app.example.com/billing',
    userId: 'u1',
    email: 'admin@example.com',
    workspaceId: 'ws1',
    trialDays: 14,
  };

  it('buys the base price once and the extra seats, with the workspace in metadata and the trial that is left', async () => {
    const { stripe, create } = fakeStripe();
    expect(await createCheckoutSession(deps(stripe), ctx, body)).toEqual({ url: 'https://checkout.example/cs_1' });
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'subscription',
        customer: 'cus_new',
        line_items: [
          { price: 'price_mb', quantity: 1 },
          { price: 'price_ms', quantity: 3 },
        ],
        // Created 2026-11-15T10:00, now 2026-11-21T10:00: 6 days elapsed, 8 left.
        subscription_data: { metadata: { workspaceId: 'ws1', userId: 'u1' }, trial_period_days: 8 },
      }),
    );
  });

  it('gives no second trial and names the subscription it replaces', async () => {
    const { stripe, create } = fakeStripe();
    await createCheckoutSession(deps(stripe, workspace({ stripeSubscriptionId: 'sub_old', stripeCustomerId: 'cus_ws' })), ctx, { ...body, seats: 0, previousSubscriptionId: 'sub_old' });
    const params = create.mock.calls[0][0];
    expect(params.customer).toBe('cus_ws');
    expect(params.line_items).toEqual([{ price: 'price_mb', quantity: 1 }]);
    expect(params.subscription_data).toEqual({ metadata: { workspaceId: 'ws1', userId: 'u1', previousSubscriptionId: 'sub_old' } });
  });

  it('refuses foreign redirects, unknown or mismatched prices, too many seats and a foreign previous subscription', async () => {
    const { stripe } = fakeStripe();
    expect(await code(createCheckoutSession(deps(stripe), ctx, { ...body, cancel_url: 'https://evil.example/' }))).toBe('ValidationError:cancel_url');
    expect(await code(createCheckoutSession(deps(stripe), ctx, { ...body, priceId: 'price_ms' }))).toBe('ValidationError:priceId');
    expect(await code(createCheckoutSession(deps(stripe), ctx, { ...body, pricePerUserId: 'price_ys' }))).toBe('ValidationError:pricePerUserId');
    expect(await code(createCheckoutSession(deps(stripe), ctx, { ...body, includedSeats: 7 }))).toBe('ValidationError:includedSeats');
    expect(await code(createCheckoutSession(deps(stripe), ctx, { ...body, seats: 1000 }))).toBe('seats_exceed_plan');
    expect(await code(createCheckoutSession(deps(stripe), ctx, { ...body, previousSubscriptionId: 'sub_x' }))).toBe('subscription_does_not_match');
  });
});

describe('the webhook handler', () => {
  const event = (type: string, object: Record<string, unknown>, id = 'evt_1') => ({ id, type, data: { object } }) as unknown as Stripe.Event;
  const webhookDeps = (over: Partial<WebhookDeps> = {}): WebhookDeps & { sync: ReturnType<typeof vi.fn> } => ({
    clock,
    constructEvent: () => event('customer.subscription.updated', { id: 'sub_1', metadata: { workspaceId: 'ws1' } }),
    claimEvent: vi.fn(async () => true),
    releaseEvent: vi.fn(async () => undefined),
    sync: vi.fn(async () => undefined),
    ...over,
  }) as never;

  it('refuses an event whose signature does not verify, checking it at the injected time', async () => {
    const constructEvent = vi.fn(() => {
      throw new Error('No signatures found matching the expected signature for payload');
    });
    expect(await code(handleStripeWebhook(webhookDeps({ constructEvent }), { rawBody: '{}', signature: 't=1,v1=x' }))).toBe('webhook_signature_invalid');
    expect(constructEvent).toHaveBeenCalledWith('{}', 't=1,v1=x', NOW.getTime());
  });

  it('re-reads the subscription once per event id', async () => {
    const deps = webhookDeps();
    await handleStripeWebhook(deps, { rawBody: '{}', signature: 'sig' });
    expect(deps.sync).toHaveBeenCalledWith('sub_1', { workspaceId: 'ws1' });
    const duplicate = webhookDeps({ claimEvent: async () => false });
    expect(await handleStripeWebhook(duplicate, { rawBody: '{}', signature: 'sig' })).toEqual({ received: true });
    expect(duplicate.sync).not.toHaveBeenCalled();
  });

  it('gives the claim back when handling fails, so Stripe’s retry is handled', async () => {
    const releaseEvent = vi.fn(async () => undefined);
    const deps = webhookDeps({ releaseEvent, sync: vi.fn(async () => Promise.reject(new Error('stripe down'))) });
    await expect(handleStripeWebhook(deps, { rawBody: '{}', signature: 'sig' })).rejects.toThrow('stripe down');
    expect(releaseEvent).toHaveBeenCalledWith('evt_1');
  });

  it('acknowledges event types it does not act on without claiming them', async () => {
    const deps = webhookDeps({ constructEvent: () => event('customer.created', { id: 'cus_1' }) });
    expect(await handleStripeWebhook(deps, { rawBody: '{}', signature: 'sig' })).toEqual({ received: true });
    expect(deps.claimEvent).not.toHaveBeenCalled();
  });

  it('finds the subscription of checkout and invoice events (old and new invoice shapes)', () => {
    expect(subjectOf(event('checkout.session.completed', { subscription: 'sub_2', metadata: { workspaceId: 'ws2' } }))).toEqual({ subscriptionId: 'sub_2', workspaceId: 'ws2' });
    expect(subjectOf(event('invoice.paid', { parent: { subscription_details: { subscription: 'sub_3', metadata: {} } } })).subscriptionId).toBe('sub_3');
    expect(subjectOf(event('invoice.payment_failed', { subscription: 'sub_4' })).subscriptionId).toBe('sub_4');
  });
});

describe('the subscription sync', () => {
  const syncDeps = (subscriptions: Record<string, Stripe.Subscription>, ws: WorkspaceItem, over: Partial<SyncDeps> = {}) => {
    const written: { state: unknown; at: number }[] = [];
    const cancel = vi.fn(async () => undefined);
    const deps: SyncDeps = {
      stripe: {
        subscriptions: {
          retrieve: async (id: string) => subscriptions[id] ?? Promise.reject(Object.assign(new Error('No such subscription'), { code: 'resource_missing', statusCode: 404 })),
          cancel,
        },
      } as unknown as Stripe,
      getWorkspaceById: async () => ws,
      findWorkspaceOfSubscription: async () => undefined,
      linkSubscription: async () => undefined,
      writeBillingState: async (_id, state, at) => (written.push({ state, at }), true),
      readStamp: () => 42,
      ...over,
    };
    return { deps, written, cancel };
  };

  it('writes what Stripe says now, whatever the event said', async () => {
    const { deps, written } = syncDeps({ sub_1: subscription({ status: 'past_due' }) }, workspace());
    expect(await syncSubscription(deps, 'sub_1')).toMatchObject({ outcome: 'synced', workspaceId: 'ws1' });
    expect(written).toEqual([{ state: expect.objectContaining({ subscriptionStatus: 'past_due', subscriptionPlan: 'BUSINESS' }), at: 42 }]);
  });

  it('keeps the workspace on its active subscription when an old cancelled one reports in', async () => {
    const current = subscription({ id: 'sub_new', created: 200 });
    const old = subscription({ id: 'sub_old', status: 'canceled', created: 100 });
    const { deps, written } = syncDeps({ sub_new: current, sub_old: old }, workspace({ stripeSubscriptionId: 'sub_new' }));
    await syncSubscription(deps, 'sub_old');
    expect(written[0].state).toMatchObject({ stripeSubscriptionId: 'sub_new', subscriptionStatus: 'active' });
  });

  it('cancels the subscription a new active one replaces', async () => {
    const replaced = subscription({ id: 'sub_old', created: 100 });
    const current = subscription({ id: 'sub_new', created: 200, metadata: { workspaceId: 'ws1', previousSubscriptionId: 'sub_old' } });
    const { deps, cancel } = syncDeps({ sub_new: current, sub_old: replaced }, workspace({ stripeSubscriptionId: 'sub_old' }));
    await syncSubscription(deps, 'sub_new');
    expect(cancel).toHaveBeenCalledWith('sub_old');
  });

  it('does nothing for a subscription Stripe does not have, or one of no workspace', async () => {
    const { deps, written } = syncDeps({ sub_1: subscription({ metadata: {} }) }, workspace());
    expect(await syncSubscription(deps, 'sub_missing')).toEqual({ outcome: 'subscription_missing' });
    expect(await syncSubscription(deps, 'sub_1')).toEqual({ outcome: 'no_workspace' });
    expect(written).toEqual([]);
  });
});

describe('the Stripe keys and API base', () => {
  it('takes both keys from the environment when present (local stack)', async () => {
    const readSecret = vi.fn();
    expect(await resolveStripeKeys({ env: { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }, readSecret })).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
    expect(readSecret).not.toHaveBeenCalled();
  });

  it('else reads the Secrets Manager secret whose ARN it is given (AWS)', async () => {
    const readSecret = vi.fn(async () => JSON.stringify({ secretKey: 'sk_live_1', webhookSecret: 'whsec_2' }));
    expect(await resolveStripeKeys({ env: { STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:x' }, readSecret })).toEqual({ secretKey: 'sk_live_1', webhookSecret: 'whsec_2' });
    expect(readSecret).toHaveBeenCalledWith('arn:aws:secretsmanager:x');
  });

  it('fails with a clear message, without echoing the secret, when neither is usable', async () => {
    await expect(resolveStripeKeys({ env: {}, readSecret: vi.fn() })).rejects.toThrow(/STRIPE_SECRET_ARN/);
    const notJson = resolveStripeKeys({ env: { STRIPE_SECRET_ARN: 'arn:x' }, readSecret: async () => 'sk_live_plain_text' });
    await expect(notJson).rejects.toThrow(/must be JSON/);
    await expect(notJson).rejects.not.toThrow(/sk_live_plain_text/);
  });

  it('splits the API base into the SDK’s host, port and protocol', () => {
    expect(stripeApiBase('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(stripeApiBase('http://127.0.0.1:41234')).toEqual({ host: '127.0.0.1', port: 41234, protocol: 'http' });
  });
});
