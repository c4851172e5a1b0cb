import { billingRoutes } from '#shared/routes/billing';
import { httpHandler } from '#lib/http';
import { stripeKeys } from '#lib/stripe-keys';
import { stripeWebhooks } from '#lib/clients/stripe';
import { syncDeps } from './wiring/billing';
import { claimStripeEvent, releaseStripeEvent } from '#data/billing';
import { handleStripeWebhook, WEBHOOK_TOLERANCE_SECONDS } from '#core/billing/stripe-webhook';
import { syncSubscription } from '#core/billing/sync-subscription';
import { systemClock as clock } from '#core/clock';

/** Public (Stripe calls it); the signature on the raw body is the authentication. */
export const handler = httpHandler(billingRoutes.stripeWebhook, async ({ rawBody, event }) => {
  const [{ webhookSecret }, webhooks] = await Promise.all([stripeKeys(), stripeWebhooks()]);
  return handleStripeWebhook(
    {
      clock,
      constructEvent: (body, signature, receivedAtMs) =>
        webhooks.constructEvent(body, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAtMs),
      claimEvent: claimStripeEvent,
      releaseEvent: releaseStripeEvent,
      sync: async (subscriptionId, hint) => syncSubscription(await syncDeps(), subscriptionId, hint),
    },
    { rawBody, signature: event.headers['stripe-signature'] },
  );
});
