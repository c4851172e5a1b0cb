import { PLANS } from '#shared/plans';
import type { RouteBody, Routes } from '#shared/routes';
import type { Workspace } from '#shared/schemas/workspace';
import type { PriceList } from './billing-store';

export type CheckoutBody = RouteBody<Routes['createCheckoutSession']>;
export type PlanPrice = PriceList['plans'][number];

export type CheckoutInput = {
  workspace: Pick<Workspace, 'uid' | 'stripe_subscription_id' | 'trial'>;
  user: { uid: string; email: string };
  price: PlanPrice;
  additionalSeats: number;
  /** The app's origin (window.location.origin): checkout comes back here. */
  origin: string;
};

/** Stripe replaces this in success_url with the finished session's id. */
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * Where Stripe Checkout sends the browser back (spec 2): success refreshes the billing page, cancel just returns.
 * The session id lets the verification find the new subscription even before its webhook has arrived.
 */
export const checkoutReturnUrls = (origin: string) => ({
  success_url: `${origin}/billing?refresh=true&session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
  cancel_url: `${origin}/billing`,
});

/**
 * The body of POST /subscriptions/create-checkout-session (spec 7) for the Business plan: the base price (which
 * includes the plan's seats) plus the additional seats at the per-user price. A workspace still on its trial
 * keeps its remaining trial days, so choosing a plan early costs nothing until the trial ends.
 */
export const checkoutRequest = ({ workspace, user, price, additionalSeats, origin }: CheckoutInput): CheckoutBody => ({
  name: PLANS.BUSINESS.name,
  seats: additionalSeats,
  priceId: price.basePriceId,
  pricePerUserId: price.seatPriceId,
  ...checkoutReturnUrls(origin),
  userId: user.uid,
  email: user.email,
  workspaceId: workspace.uid,
  trialDays: workspace.trial.on_trial && workspace.trial.days_remaining > 0 ? workspace.trial.days_remaining : undefined,
  previousSubscriptionId: workspace.stripe_subscription_id,
  includedSeats: PLANS.BUSINESS.includedSeats,
  includedPriceId: price.basePriceId,
});
