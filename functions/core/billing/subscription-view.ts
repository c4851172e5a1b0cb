import type Stripe from 'stripe';
import { planIdentifier } from '#shared/plans';
import type { Subscription } from '#shared/schemas/billing';
import { baseItemOf, includedSeatsOf, isoFromSeconds, paidSeatsOf, productOfSubscription } from './billing-state';

/** The team's side of the seat count: joined members (licensed) and live invites. */
export type TeamSeats = { assigned: number; pending: number };

/**
 * GET /subscriptions/{id} (spec 7): Stripe's subscription (items with prices and products expanded) as the SPA
 * reads it. Seats: planSeats are included in the base price, paidSeats bought on top, claimed are joined members,
 * pending are live invites; what is left is available. Stripe's seconds become ISO dates.
 */
export const toSubscriptionView = (subscription: Stripe.Subscription, team: TeamSeats): Subscription => {
  const items = subscription.items.data.map((item) => ({
    id: item.id,
    quantity: item.quantity ?? 0,
    price: {
      id: item.price.id,
      nickname: item.price.nickname,
      unit_amount: item.price.unit_amount,
      interval: item.price.recurring?.interval ?? null,
    },
  }));
  const products = new Map<string, Subscription['products'][number]>();
  for (const item of subscription.items.data) {
    const product = item.price.product;
    if (typeof product === 'string' || product.deleted || products.has(product.id)) continue;
    products.set(product.id, {
      id: product.id,
      name: product.name,
      plan: { product: product.id, name: product.name, interval: item.price.recurring?.interval ?? null },
    });
  }
  const planSeats = includedSeatsOf(subscription);
  const paidSeats = paidSeatsOf(subscription);
  const totalSeatsOnPlan = planSeats + paidSeats;
  const base = baseItemOf(subscription) ?? subscription.items.data[0];
  return {
    id: subscription.id,
    status: subscription.status,
    items,
    products: [...products.values()],
    plan: planIdentifier(subscription.status, productOfSubscription(subscription)?.name),
    planSeats,
    paidSeats,
    claimedSeats: team.assigned,
    pendingSeats: team.pending,
    totalAvailableSeats: Math.max(0, totalSeatsOnPlan - team.assigned - team.pending),
    totalSeatsOnPlan,
    current_period_start: isoFromSeconds(base?.current_period_start),
    current_period_end: isoFromSeconds(base?.current_period_end),
    trial_start: isoFromSeconds(subscription.trial_start),
    trial_end: isoFromSeconds(subscription.trial_end),
    canceled_at: isoFromSeconds(subscription.canceled_at),
    ended_at: isoFromSeconds(subscription.ended_at),
  };
};
