import type Stripe from 'stripe';
import { DomainError } from '#lib/errors';
import type { Clock } from '../clock';

/** Stripe's own default: a signature older than 5 minutes is refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The events that change a workspace's billing state; every one of them leads to a fresh read of its subscription. */
export const HANDLED_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

export type WebhookDeps = {
  clock: Clock;
  /** Checks the signature header against the raw body at `receivedAtMs` and parses the event; throws if invalid. */
  constructEvent: (rawBody: string, signature: string, receivedAtMs: number) => Stripe.Event;
  claimEvent: (eventId: string, type: string, now: Date) => Promise<boolean>;
  releaseEvent: (eventId: string) => Promise<void>;
  sync: (subscriptionId: string, hint: { workspaceId?: string }) => Promise<unknown>;
};

const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : undefined;

/** The subscription an event is about, and the workspace its payload names (a hint only; the sync re-reads). */
export const subjectOf = (event: Stripe.Event): { subscriptionId?: string; workspaceId?: string } => {
  const object = event.data.object as unknown as Record<string, any>;
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { subscriptionId: object.id, workspaceId: object.metadata?.workspaceId };
    case 'checkout.session.completed':
      return { subscriptionId: idOf(object.subscription), workspaceId: object.metadata?.workspaceId ?? object.client_reference_id ?? undefined };
    case 'invoice.paid':
    case 'invoice.payment_failed':
      // Since API version 2025-03-31 the subscription sits under parent.subscription_details.
      return {
        subscriptionId: idOf(object.parent?.subscription_details?.subscription) ?? idOf(object.subscription),
        workspaceId: object.parent?.subscription_details?.metadata?.workspaceId,
      };
    default:
      return {};
  }
};

/**
 * POST /stripe/webhook. The signature is checked on the raw body with the signing secret and Stripe's tolerance
 * (bad signature or stale timestamp: 400 webhook_signature_invalid). Each event id is claimed once (a redelivery
 * is acknowledged and skipped); handling re-reads the subscription from Stripe, so the order events arrive in
 * does not matter. If handling fails the claim is given back and the error answers 500, so Stripe retries.
 */
export const handleStripeWebhook = async (deps: WebhookDeps, input: { rawBody: string; signature: string | undefined }) => {
  const now = deps.clock();
  let event: Stripe.Event;
  try {
    event = deps.constructEvent(input.rawBody, input.signature ?? '', now.getTime());
  } catch {
    throw new DomainError('webhook_signature_invalid', { field: 'stripe-signature' });
  }
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return { received: true };
  const { subscriptionId, workspaceId } = subjectOf(event);
  if (!subscriptionId) return { received: true };
  if (!(await deps.claimEvent(event.id, event.type, now))) return { received: true };
  try {
    await deps.sync(subscriptionId, { workspaceId });
  } catch (error) {
    await deps.releaseEvent(event.id);
    throw error;
  }
  return { received: true };
};
