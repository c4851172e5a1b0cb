import type Stripe from 'stripe';
import { PLANS, trialStatus } from '#shared/plans';
import type { RouteBody, Routes } from '#shared/routes';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import type { Catalogue } from './catalogue';
import { checkoutSeats } from './seats';

export type CheckoutDeps = {
  stripe: Stripe;
  catalogue: () => Promise<Catalogue>;
  /** The app's origin: success and cancel URLs must be on it. */
  appUrl: string;
  clock: Clock;
  getWorkspace: (ctx: WorkspaceContext) => Promise<WorkspaceItem | undefined>;
};

export type CheckoutInput = RouteBody<Routes['createCheckoutSession']>;

/** Redirects after checkout go back to the app only (never an open redirect through Stripe). */
export const assertOnAppOrigin = (field: 'success_url' | 'cancel_url', url: string, appUrl: string) => {
  if (new URL(url).origin !== new URL(appUrl).origin) throw new ValidationError(field, `${field} must be on the app's own origin`);
};

/** The workspace's Stripe customer: found by email with metadata.workspaceId, else created. */
const customerFor = async (stripe: Stripe, workspace: WorkspaceItem, email: string): Promise<string> => {
  if (workspace.stripeCustomerId) return workspace.stripeCustomerId;
  const { data } = await stripe.customers.list({ email, limit: 100 });
  const existing = data.find((customer) => customer.metadata?.workspaceId === workspace.workspaceId);
  if (existing) return existing.id;
  const created = await stripe.customers.create({ email, name: workspace.name, metadata: { workspaceId: workspace.workspaceId } });
  return created.id;
};

/**
 * POST /subscriptions/create-checkout-session (spec 7): a Stripe Checkout for the Business plan. Only the
 * catalogue's Business prices (by lookup key), redirects on the app's origin, `seats` additional seats on top of
 * the included ones within the plan's maximum (seats_exceed_plan). Items: the base price once and the per-seat
 * price for the additional seats. Trial days are honoured up to what is left of the workspace's own trial, and
 * only for a first subscription. The subscription carries the workspace id (and the one it replaces) in metadata.
 */
export const createCheckoutSession = async (deps: CheckoutDeps, ctx: WorkspaceContext, input: CheckoutInput): Promise<{ url: string }> => {
  assertOnAppOrigin('success_url', input.success_url, deps.appUrl);
  assertOnAppOrigin('cancel_url', input.cancel_url, deps.appUrl);
  const catalogue = await deps.catalogue();
  const base = catalogue.find((price) => price.id === input.priceId && price.kind === 'base');
  if (!base) throw new ValidationError('priceId', 'priceId must be a Business plan base price');
  const seat = catalogue.find((price) => price.id === input.pricePerUserId && price.kind === 'seat' && price.interval === base.interval);
  if (!seat) throw new ValidationError('pricePerUserId', `pricePerUserId must be the Business per-user price of the ${base.interval}ly plan`);
  if (input.includedPriceId && input.includedPriceId !== base.id) throw new ValidationError('includedPriceId', 'includedPriceId must equal priceId');
  if (input.includedSeats !== undefined && input.includedSeats !== PLANS.BUSINESS.includedSeats) {
    throw new ValidationError('includedSeats', `includedSeats must be ${PLANS.BUSINESS.includedSeats}`);
  }
  const seats = checkoutSeats(input.seats);

  const workspace = await deps.getWorkspace(ctx);
  if (!workspace) throw new DomainError('company_account_not_found');
  if (input.previousSubscriptionId && input.previousSubscriptionId !== workspace.stripeSubscriptionId) {
    throw new DomainError('subscription_does_not_match');
  }
  const trialLeft = workspace.stripeSubscriptionId ? 0 : trialStatus(workspace.createdAt, deps.clock()).daysRemaining;
  const trialDays = Math.min(input.trialDays ?? 0, trialLeft);

  const customer = await customerFor(deps.stripe, workspace, input.email);
  const metadata = {
    workspaceId: ctx.workspaceId,
    userId: ctx.userId,
    ...(workspace.stripeSubscriptionId ? { previousSubscriptionId: workspace.stripeSubscriptionId } : {}),
  };
  const session = await deps.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: ctx.workspaceId,
    line_items: [{ price: base.id, quantity: 1 }, ...(seats.paid > 0 ? [{ price: seat.id, quantity: seats.paid }] : [])],
    subscription_data: { metadata, ...(trialDays > 0 ? { trial_period_days: trialDays } : {}) },
    metadata: { ...metadata, plan: input.name },
    success_url: input.success_url,
    cancel_url: input.cancel_url,
  });
  if (!session.url) throw new Error(`Checkout session ${session.id} has no url`);
  return { url: session.url };
};
