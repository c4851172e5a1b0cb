import * as z from 'zod/mini';
import { id, isoDate, MAX_STRING, number, pattern, text, url, wellFormed } from './common';

const nullableDate = z.nullable(isoDate);

/** Seats of a workspace (spec 3): total on the plan, included in the base price, paid extra, pending invites, assigned members. */
export const seats = z.object({
  total: z.number(),
  included: z.number(),
  paid: z.number(),
  pending: z.number(),
  assigned: z.number(),
  available: z.number(),
});

/** GET /workspaces/{workspaceId}/billing: what the Plan And Billing page shows. */
export const billing = z.object({
  plan: z.string(),
  status: z.nullable(z.string()),
  interval: z.nullable(z.enum(['month', 'year'])),
  active: z.boolean(),
  whitelisted: z.boolean(),
  subscription_id: z.nullable(z.string()),
  started_at: nullableDate,
  next_billing_at: nullableDate,
  trial_start: nullableDate,
  trial_end: nullableDate,
  cancelled_at: nullableDate,
  ended_at: nullableDate,
  seats,
});
export type Billing = z.infer<typeof billing>;

export const subscriptionParams = z.object({ subscriptionId: pattern(/^[A-Za-z0-9_]{1,255}$/, 'must be a valid subscription id') });

/** GET /subscriptions/{subscriptionId} (spec 7): Stripe's subscription, seconds converted to ISO dates. */
export const subscription = z.object({
  id: z.string(),
  status: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      quantity: z.number(),
      price: z.object({ id: z.string(), nickname: z.nullable(z.string()), unit_amount: z.nullable(z.number()), interval: z.nullable(z.string()) }),
    }),
  ),
  products: z.array(z.object({ id: z.string(), name: z.string(), plan: z.object({ product: z.string(), name: z.string(), interval: z.nullable(z.string()) }) })),
  plan: z.string(),
  planSeats: z.number(),
  paidSeats: z.number(),
  claimedSeats: z.number(),
  pendingSeats: z.number(),
  totalAvailableSeats: z.number(),
  totalSeatsOnPlan: z.number(),
  current_period_start: nullableDate,
  current_period_end: nullableDate,
  trial_start: nullableDate,
  trial_end: nullableDate,
  canceled_at: nullableDate,
  ended_at: nullableDate,
});
export type Subscription = z.infer<typeof subscription>;

const count = (max: number) => number(0, max);

/** POST /subscriptions/create-checkout-session (spec 7). URLs must be on the app's own origin (checked by the core). */
export const checkoutBody = z.object({
  name: text(120, { required: true }),
  /** Additional seats on top of the plan's included ones (the 'Add number of additional seats' input, default 0). */
  seats: count(10_000),
  priceId: text(MAX_STRING, { required: true }),
  pricePerUserId: text(MAX_STRING, { required: true }),
  success_url: url(),
  cancel_url: url(),
  /** Sent by the SPA and ignored: the caller comes from the token. */
  userId: text(MAX_STRING),
  email: z.email('must be a valid email address').check(z.maxLength(254, 'must be at most 254 characters'), wellFormed),
  workspaceId: id,
  trialDays: z.optional(count(14)),
  previousSubscriptionId: z.optional(z.nullable(text(MAX_STRING))),
  includedSeats: z.optional(count(10_000)),
  includedPriceId: z.optional(z.nullable(text(MAX_STRING))),
});
export const checkoutSession = z.object({ url: z.string() });

export const verifySubscriptionBody = z.object({ sessionId: z.optional(text(MAX_STRING)) });

/** A plan's prices as the SPA shows them (from the Stripe catalogue, checked against shared/plans). */
export const priceList = z.object({
  plans: z.array(
    z.object({
      interval: z.enum(['month', 'year']),
      basePriceId: z.string(),
      seatPriceId: z.string(),
      baseAmount: z.number(),
      seatAmount: z.number(),
      currency: z.string(),
    }),
  ),
});
