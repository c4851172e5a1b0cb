import { TRIAL_DAYS } from './constants';

/**
 * Plans and prices (spec 6, 9). Amounts in cents. The Stripe catalogue (products, prices with these amounts and
 * lookup keys) is seeded from this table locally and must match it in a real Stripe account.
 */
export const PLANS = {
  FREE: { id: 'FREE', name: 'Free', maxUsers: 5, includedSeats: 5, selfServe: false },
  BUSINESS: {
    id: 'BUSINESS',
    name: 'Business',
    maxUsers: 1000,
    includedSeats: 5,
    selfServe: true,
    prices: {
      month: { base: 9900, perUser: 2000 },
      year: { base: 95000, perUser: 2000 },
    },
    features: ['Audit logging', 'Rich permission controls', 'Portals', 'Unlimited environments and modules', 'External users'],
  },
  ENTERPRISE: {
    id: 'ENTERPRISE',
    name: 'Enterprise',
    maxUsers: 10000,
    includedSeats: 5,
    selfServe: false,
    features: [
      'Everything in Business',
      'SSO via SAML / OpenID Connect',
      'Source control',
      'Custom branding',
      'Independent workspaces',
      'Platform APIs',
      'Volume discounts',
      'Dedicated support',
    ],
  },
} as const;
export type PlanId = keyof typeof PLANS;
export type BillingInterval = 'month' | 'year';

/**
 * Stripe lookup keys of the Business prices: base price (nickname 'base', includes `includedSeats`) and the
 * per-seat price, per interval. The checkout route accepts only these.
 */
export const priceLookupKey = (interval: BillingInterval, kind: 'base' | 'seat') => `business_${interval}_${kind}`;

export const DAY_MS = 86_400_000;

/** Trial (spec 4): days 0–13 since creation are trial days; remaining = 14 − elapsed; expired at ≤ 0. */
export const trialStatus = (createdAt: string, now: Date) => {
  const elapsed = Math.floor((now.getTime() - new Date(createdAt).getTime()) / DAY_MS);
  const remaining = TRIAL_DAYS - elapsed;
  return { daysElapsed: elapsed, daysRemaining: Math.max(0, remaining), onTrial: elapsed >= 0 && elapsed < TRIAL_DAYS, expired: remaining <= 0 };
};

/** Active and trialing subscriptions count; canceled, incomplete_expired and past_due make the plan invalid. */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;
export const isActiveSubscriptionStatus = (status: string | undefined | null) =>
  !!status && (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/** A workspace is active if any of its three flags is truthy (spec 4). */
export const isWorkspaceActive = (flags: { whitelisted: boolean; trialing: boolean; paid: boolean }) =>
  flags.whitelisted || flags.trialing || flags.paid;

/** Whether a workspace may be used at `now` (spec 4): whitelisted, on its trial, or with an active subscription. */
export const workspaceActiveAt = (
  workspace: { whitelisted?: boolean; createdAt: string; subscriptionStatus?: string | null },
  now: Date,
): boolean =>
  isWorkspaceActive({
    whitelisted: !!workspace.whitelisted,
    trialing: trialStatus(workspace.createdAt, now).onTrial,
    paid: isActiveSubscriptionStatus(workspace.subscriptionStatus),
  });

/** The plan identifier: FREE unless the subscription is active or trialing, then the upper-cased product name. */
export const planIdentifier = (status: string | undefined | null, productName: string | undefined | null) =>
  isActiveSubscriptionStatus(status) && productName ? productName.toUpperCase() : 'FREE';

/**
 * AI usage per workspace and plan (issue 11): tokens (in + out) a workspace may use per calendar month (UTC), and
 * generations it may start per minute. A stage may override both (AI_MONTHLY_TOKENS, AI_RATE_LIMIT_PER_MINUTE).
 */
export const AI_MONTHLY_TOKENS: Record<PlanId, number> = { FREE: 200_000, BUSINESS: 5_000_000, ENTERPRISE: 50_000_000 };
export const AI_REQUESTS_PER_MINUTE = 20;
