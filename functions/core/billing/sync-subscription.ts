import type Stripe from 'stripe';
import { isActiveSubscriptionStatus } from '#shared/plans';
import type { BillingWrite } from '#data/billing';
import type { WorkspaceItem } from '#data/workspaces';
import { billingStateFromSubscription, preferredSubscription } from './billing-state';

/** What a sync needs; the handlers pass the Stripe client and the data functions. */
export type SyncDeps = {
  stripe: Stripe;
  getWorkspaceById: (workspaceId: string) => Promise<WorkspaceItem | undefined>;
  findWorkspaceOfSubscription: (subscriptionId: string) => Promise<string | undefined>;
  linkSubscription: (subscriptionId: string, workspaceId: string) => Promise<void>;
  writeBillingState: (workspaceId: string, state: BillingWrite, syncedAt: number) => Promise<boolean>;
  /** Wall-clock epoch ms stamping each Stripe read, so the later read wins a race between two syncs. */
  readStamp: () => number;
  log?: (message: string, detail: Record<string, unknown>) => void;
};

export type SyncResult =
  | { outcome: 'synced'; workspaceId: string; subscription: Stripe.Subscription; written: boolean }
  | { outcome: 'subscription_missing' | 'no_workspace' };

const EXPAND = ['items.data.price.product'];

/** The subscription with prices and products, or undefined when Stripe has no such subscription. */
export const retrieveSubscription = async (stripe: Stripe, subscriptionId: string): Promise<Stripe.Subscription | undefined> => {
  try {
    return await stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND });
  } catch (error) {
    if ((error as { code?: string; statusCode?: number }).code === 'resource_missing' || (error as { statusCode?: number }).statusCode === 404) {
      return undefined;
    }
    throw error;
  }
};

/**
 * Re-reads a subscription from Stripe and writes the workspace's billing state from it: the one way billing
 * state changes (webhook and verify alike). Whatever the event said is ignored, so replays and any order of
 * events converge on Stripe's current state. When the workspace holds another subscription, both are read
 * fresh and the preferred one (active first, then newer) is written. A new active subscription that names the
 * one it replaces (metadata.previousSubscriptionId) cancels that one.
 */
export const syncSubscription = async (deps: SyncDeps, subscriptionId: string, hint: { workspaceId?: string } = {}): Promise<SyncResult> => {
  const readAt = deps.readStamp();
  const subscription = await retrieveSubscription(deps.stripe, subscriptionId);
  if (!subscription) return { outcome: 'subscription_missing' };
  const workspaceId =
    subscription.metadata?.workspaceId || (await deps.findWorkspaceOfSubscription(subscriptionId)) || hint.workspaceId;
  const workspace = workspaceId ? await deps.getWorkspaceById(workspaceId) : undefined;
  if (!workspaceId || !workspace) return { outcome: 'no_workspace' };
  await deps.linkSubscription(subscriptionId, workspaceId);

  let chosen = subscription;
  const current = workspace.stripeSubscriptionId;
  if (current && current !== subscriptionId) {
    const other = await retrieveSubscription(deps.stripe, current);
    if (other) chosen = preferredSubscription(subscription, other);
  }
  const written = await deps.writeBillingState(workspaceId, billingStateFromSubscription(chosen), readAt);
  if (!written) deps.log?.('A newer Stripe read was written already', { workspaceId, subscriptionId });

  await cancelReplacedSubscription(deps, chosen);
  return { outcome: 'synced', workspaceId, subscription: chosen, written };
};

const cancelReplacedSubscription = async (deps: SyncDeps, subscription: Stripe.Subscription) => {
  const previousId = subscription.metadata?.previousSubscriptionId;
  if (!previousId || previousId === subscription.id || !isActiveSubscriptionStatus(subscription.status)) return;
  const previous = await retrieveSubscription(deps.stripe, previousId);
  if (!previous || !isActiveSubscriptionStatus(previous.status)) return;
  if (previous.metadata?.workspaceId !== subscription.metadata?.workspaceId) return;
  await deps.stripe.subscriptions.cancel(previousId);
  deps.log?.('Cancelled the subscription the new one replaces', { previousId, subscriptionId: subscription.id });
};
