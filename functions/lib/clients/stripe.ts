import Stripe from 'stripe';
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
 * The Stripe client, built once per cold start: the secret key from `stripeKeys` and the API base from
 * STRIPE_API_URL (https://api.stripe.com in AWS, the local emulator on the local stack). Calls are retried once
 * and time out well inside the Lambda's own timeout.
 */
export const stripe = (): Promise<Stripe> => {
  client ??= stripeKeys().then(
    ({ secretKey }) =>
      new Stripe(secretKey, { ...stripeApiBase(config.stripeApiUrl), maxNetworkRetries: 1, timeout: 8_000, telemetry: false }),
  );
  client.catch(() => (client = undefined));
  return client;
};
