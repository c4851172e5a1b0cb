import type Stripe from 'stripe';
import { config } from '../config';
import { stripeKeys } from '../stripe-keys';

/** host / port / protocol of an API base URL, as the Stripe SDK takes them. */
export const stripeApiBase = (url: string) => {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol } as const;
};

let client: Promise<Stripe> | undefined;

/**
 * The Stripe SDK, loaded on first use rather than at import: its 240 KB build every resource class when evaluated,
 * which would cost every cold start of a billing function whether or not the request reaches Stripe.
 */
const loadStripe = async () => (await import('stripe')).default;

/** Stripe's webhook signature helpers (no key or network needed). */
export const stripeWebhooks = async () => (await loadStripe()).webhooks;

/**
 * The Stripe client, built once per cold start: the secret key from `stripeKeys` and the API base from
 * STRIPE_API_URL (https://api.stripe.com in AWS, the local emulator on the local stack). Calls are retried once
 * and time out well inside the Lambda's own timeout.
 */
export const stripe = (): Promise<Stripe> => {
  client ??= Promise.all([loadStripe(), stripeKeys()]).then(
    ([StripeClient, { secretKey }]) =>
      new StripeClient(secretKey, { ...stripeApiBase(config.stripeApiUrl), maxNetworkRetries: 1, timeout: 8_000, telemetry: false }),
  );
  client.catch(() => (client = undefined));
  return client;
};
