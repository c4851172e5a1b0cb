import type Stripe from 'stripe';
import { PLANS, isActiveSubscriptionStatus } from '#shared/plans';
import type { BillingWrite } from '#data/billing';
import type { WorkspaceBilling } from '#data/workspaces';

/** Stripe timestamps are epoch seconds; the API answers ISO dates (spec 3). */
export const isoFromSeconds = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

const productOf = (price: Stripe.Price): { id: string; name?: string } =>
  typeof price.product === 'string' ? { id: price.product } : { id: price.product.id, name: price.product.deleted ? undefined : price.product.name };

/** The base item: price nickname 'base' (spec 7), or a `*_base` lookup key. */
export const baseItemOf = (subscription: Stripe.Subscription) =>
  subscription.items.data.find((item) => item.price.nickname === 'base' || !!item.price.lookup_key?.endsWith('_base'));

/** The per-seat item: every item that is not the base one. */
export const seatItemsOf = (subscription: Stripe.Subscription) => {
  const base = baseItemOf(subscription);
  return subscription.items.data.filter((item) => item !== base);
};

/** Seats the base price includes (its metadata `included_seats`, else the Business plan's 5). */
export const includedSeatsOf = (subscription: Stripe.Subscription) => {
  const fromMetadata = Number(baseItemOf(subscription)?.price.metadata?.included_seats);
  return Number.isInteger(fromMetadata) && fromMetadata >= 0 ? fromMetadata : PLANS.BUSINESS.includedSeats;
};

export const paidSeatsOf = (subscription: Stripe.Subscription) =>
  seatItemsOf(subscription).reduce((sum, item) => sum + (item.quantity ?? 0), 0);

/** The product of the subscription (the base item's), e.g. Business. */
export const productOfSubscription = (subscription: Stripe.Subscription) => {
  const item = baseItemOf(subscription) ?? subscription.items.data[0];
  return item ? productOf(item.price) : undefined;
};

const customerId = (customer: Stripe.Subscription['customer']) => (typeof customer === 'string' ? customer : customer?.id);

/**
 * What the workspace stores from a subscription freshly read from Stripe: status, plan (upper-cased product
 * name while active or trialing), seats, interval and dates. A pure function of Stripe's current state, so any
 * number of events in any order write the same thing.
 */
export const billingStateFromSubscription = (subscription: Stripe.Subscription): BillingWrite => {
  const base = baseItemOf(subscription) ?? subscription.items.data[0];
  const productName = productOfSubscription(subscription)?.name;
  const billing: WorkspaceBilling = {
    interval: base?.price.recurring?.interval,
    created: subscription.created,
    seatsIncluded: includedSeatsOf(subscription),
    seatsPaid: paidSeatsOf(subscription),
    startedAt: orUndefined(isoFromSeconds(subscription.start_date)),
    currentPeriodStart: orUndefined(isoFromSeconds(base?.current_period_start)),
    currentPeriodEnd: orUndefined(isoFromSeconds(base?.current_period_end)),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    trialStart: orUndefined(isoFromSeconds(subscription.trial_start)),
    trialEnd: orUndefined(isoFromSeconds(subscription.trial_end)),
    canceledAt: orUndefined(isoFromSeconds(subscription.canceled_at)),
    endedAt: orUndefined(isoFromSeconds(subscription.ended_at)),
  };
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: customerId(subscription.customer),
    subscriptionStatus: subscription.status,
    subscriptionPlan: productName ? productName.toUpperCase() : undefined,
    billing: Object.fromEntries(Object.entries(billing).filter(([, value]) => value !== undefined)) as WorkspaceBilling,
  };
};

/**
 * Which of two subscriptions of one workspace counts: an active or trialing one over any other, then the newer.
 * Deciding on fresh reads of both makes the outcome independent of the order their events arrive in.
 */
export const preferredSubscription = (a: Stripe.Subscription, b: Stripe.Subscription): Stripe.Subscription => {
  const rank = (s: Stripe.Subscription) => [isActiveSubscriptionStatus(s.status) ? 1 : 0, s.created] as const;
  const [ra, rb] = [rank(a), rank(b)];
  if (ra[0] !== rb[0]) return ra[0] > rb[0] ? a : b;
  return ra[1] >= rb[1] ? a : b;
};
