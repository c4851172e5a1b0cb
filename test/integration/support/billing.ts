import { inject } from 'vitest';
import Stripe from 'stripe';
import { API_PREFIX, routes } from '#shared/routes';
import { api, baseUrl, type ApiAnswer } from './api';

/**
 * Billing helpers for the integration tests: the browser's side of a checkout through the local Stripe (create
 * the session, press "Confirm subscription"), signed webhooks, and the local clock.
 */
export type PricePlan = { interval: 'month' | 'year'; basePriceId: string; seatPriceId: string; baseAmount: number; seatAmount: number };

export const prices = async (token: string): Promise<PricePlan[]> => (await api('GET', '/billing/prices', { token })).body.plans;

export const checkoutBody = async (
  user: { token: string; email: string },
  workspaceId: string,
  over: Record<string, unknown> = {},
) => {
  const monthly = (await prices(user.token)).find((plan) => plan.interval === 'month')!;
  return {
    name: 'Business',
    seats: 0,
    priceId: monthly.basePriceId,
    pricePerUserId: monthly.seatPriceId,
    success_url: `${baseUrl()}/billing?refresh=true`,
    cancel_url: `${baseUrl()}/billing`,
    userId: 'ignored-the-caller-is-from-the-token',
    email: user.email,
    workspaceId,
    includedSeats: 5,
    ...over,
  };
};

export const createCheckout = async (user: { token: string; email: string }, workspaceId: string, over: Record<string, unknown> = {}) =>
  api('POST', '/subscriptions/create-checkout-session', { token: user.token, body: await checkoutBody(user, workspaceId, over) });

/** What the checkout page's buttons do: POST to <page>/confirm or /cancel; answers the redirect target. */
export const pressCheckoutButton = async (checkoutUrl: string, button: 'confirm' | 'cancel') => {
  const response = await fetch(`${checkoutUrl}/${button}`, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`checkout ${button}: ${response.status} ${await response.text()}`);
  return response.headers.get('location')!;
};

/** Checkout through the local Stripe, as a person would; resolves once the webhooks are delivered. */
export const subscribe = async (user: { token: string; email: string }, workspaceId: string, over: Record<string, unknown> = {}) => {
  const session = await createCheckout(user, workspaceId, over);
  if (session.status !== 200) throw new Error(`checkout: ${session.status} ${JSON.stringify(session.body)}`);
  const redirect = await pressCheckoutButton(session.body.url, 'confirm');
  const billing = await api('GET', `/workspaces/${workspaceId}/billing`, { token: user.token });
  return { checkoutUrl: session.body.url as string, redirect, billing: billing.body, subscriptionId: billing.body.subscription_id as string };
};

export type SentEvent = { event: { id: string; type: string; created: number; data: { object: any } }; deliveries: { status: number | string }[] };

/** The events the local Stripe has sent (oldest first). */
export const sentEvents = async (): Promise<SentEvent[]> => (await fetch(`${baseUrl()}/_local/stripe/events.json`)).json() as Promise<SentEvent[]>;

const secret = () => inject('stripeWebhookSecret');

/** A Stripe client on the local Stripe: changes made through it reach the app as Stripe's own webhooks. */
export const stripeAdmin = () => {
  const url = new URL(inject('stripeApiUrl'));
  return new Stripe(inject('stripeSecretKey'), { host: url.hostname, port: Number(url.port), protocol: 'http' });
};

/** POSTs an event to the webhook route, signed like Stripe (or with another secret / timestamp). */
export const postWebhook = async (event: unknown, sign: { secret?: string; timestamp?: number } = {}) => {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: sign.secret ?? secret(), timestamp: sign.timestamp });
  const response = await fetch(`${baseUrl()}${API_PREFIX}${routes.stripeWebhook.path}`, {
    method: routes.stripeWebhook.method,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers } as ApiAnswer;
};

/** Moves the functions' clock (local stack only). */
export const setClock = async (offsetMs: number) => {
  const response = await fetch(`${baseUrl()}/_local/clock`, { method: 'POST', body: JSON.stringify({ offsetMs }) });
  if (!response.ok) throw new Error(`clock: ${response.status}`);
  return response.json();
};
