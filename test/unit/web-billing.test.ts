import { describe, expect, it } from 'vitest';
import { PLANS } from '#shared/plans';
import { checkoutBody } from '#shared/schemas/billing';
import { checkoutRequest, checkoutReturnUrls } from '../../web/src/modules/billing/checkout-request';
import { formatCents } from '../../web/src/modules/billing/format-money';
import { planStatus } from '../../web/src/modules/billing/plan-status';
import { checkAdditionalSeats } from '../../web/src/modules/billing/seat-limit';

const monthly = {
  interval: 'month' as const,
  basePriceId: 'price_base_month',
  seatPriceId: 'price_seat_month',
  baseAmount: 9900,
  seatAmount: 2000,
  currency: 'usd',
};
const workspace = (onTrial: boolean, daysRemaining: number, subscriptionId: string | null = null) => ({
  uid: 'ws_1',
  name: 'Northwind Content',
  stripe_subscription_id: subscriptionId,
  trial: { on_trial: onTrial, days_remaining: daysRemaining, expired: !onTrial, started_at: '2026-03-01T00:00:00Z', ends_at: '2026-03-15T00:00:00Z' },
});
const user = { uid: 'user-1', email: 'ann@example.com' };

describe('money', () => {
  it('shows cents as dollars with the $ symbol (spec 9)', () => {
    expect(formatCents(9900)).toBe('$99.00');
    expect(formatCents(95000)).toBe('$950.00');
    expect(formatCents(2000, 'usd')).toBe('$20.00');
  });
});

describe('additional seats', () => {
  it('default 0 is fine, and so is anything up to the plan maximum', () => {
    expect(checkAdditionalSeats('0')).toEqual({ ok: true, seats: 0 });
    expect(checkAdditionalSeats(String(PLANS.BUSINESS.maxUsers - PLANS.BUSINESS.includedSeats))).toEqual({ ok: true, seats: 995 });
  });

  it('refuses more seats than the plan allows (seats_exceed_plan)', () => {
    expect(checkAdditionalSeats('996')).toEqual({ ok: false, reason: 'exceedsPlan' });
    expect(checkAdditionalSeats('5', { includedSeats: 5, maxUsers: 5 })).toEqual({ ok: false, reason: 'exceedsPlan' });
  });

  it('refuses what is not a whole number of 0 or more', () => {
    for (const value of ['', '-1', '1.5', 'two']) expect(checkAdditionalSeats(value)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('checkout request', () => {
  it('carries every field of spec 7 and passes the shared schema', () => {
    const body = checkoutRequest({ workspace: workspace(false, 0, 'sub_old'), user, price: monthly, additionalSeats: 3, origin: 'http://127.0.0.1:3000' });

    expect(body).toEqual({
      name: 'Business',
      seats: 3,
      priceId: 'price_base_month',
      pricePerUserId: 'price_seat_month',
      success_url: 'http://127.0.0.1:3000/billing?refresh=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:3000/billing',
      userId: 'user-1',
      email: 'ann@example.com',
      workspaceId: 'ws_1',
      trialDays: undefined,
      previousSubscriptionId: 'sub_old',
      includedSeats: PLANS.BUSINESS.includedSeats,
      includedPriceId: 'price_base_month',
    });
    expect(checkoutBody.safeParse(body).success).toBe(true);
  });

  it('keeps the remaining trial days of a workspace still on trial', () => {
    const body = checkoutRequest({ workspace: workspace(true, 9), user, price: monthly, additionalSeats: 0, origin: 'https://app.example' });
    expect(body.trialDays).toBe(9);
    expect(checkoutBody.safeParse(body).success).toBe(true);
  });

  it('returns to /billing?refresh=true (with the session id Stripe fills in) on success and /billing on cancel (spec 2)', () => {
    expect(checkoutReturnUrls('https://app.example')).toEqual({
      success_url: 'https://app.example/billing?refresh=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://app.example/billing',
    });
  });
});

describe('plan status', () => {
  it("is the subscription's status when there is one", () => {
    expect(planStatus({ status: 'active', whitelisted: false, active: true })).toEqual({ kind: 'success', key: 'active' });
    expect(planStatus({ status: 'trialing', whitelisted: false, active: true }).key).toBe('trialing');
    expect(planStatus({ status: 'past_due', whitelisted: false, active: false }).kind).toBe('warning');
    expect(planStatus({ status: 'canceled', whitelisted: false, active: false }).kind).toBe('stopped');
    expect(planStatus({ status: 'something_new', whitelisted: false, active: false }).key).toBe('unknown');
  });

  it('is whitelisted, free trial or trial ended without one', () => {
    expect(planStatus({ status: null, whitelisted: true, active: true }).key).toBe('whitelisted');
    expect(planStatus({ status: null, whitelisted: false, active: true }).key).toBe('freeTrial');
    expect(planStatus({ status: null, whitelisted: false, active: false })).toEqual({ kind: 'error', key: 'trialEnded' });
  });
});
