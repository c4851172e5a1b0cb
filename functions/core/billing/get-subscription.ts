import type Stripe from 'stripe';
import type { Subscription } from '#shared/schemas/billing';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { InviteItem, MemberItem } from '#data/invites';
import type { Clock } from '../clock';
import { countSeats } from './seats';
import { toSubscriptionView } from './subscription-view';
import { retrieveSubscription } from './sync-subscription';

/**
 * The workspace a subscription belongs to, for the wrapper's membership check: the lookup item the sync writes,
 * else the workspace id Stripe keeps in the subscription's metadata (a checkout whose webhook has not arrived).
 * Unknown subscriptions locate nothing and answer 403 like someone else's, so ids reveal nothing.
 */
export const locateSubscriptionWorkspace = async (
  deps: { stripe: () => Promise<Stripe>; findWorkspaceOfSubscription: (subscriptionId: string) => Promise<string | undefined> },
  subscriptionId: string,
): Promise<string | undefined> => {
  const linked = await deps.findWorkspaceOfSubscription(subscriptionId);
  if (linked) return linked;
  const subscription = await retrieveSubscription(await deps.stripe(), subscriptionId);
  return subscription?.metadata?.workspaceId || undefined;
};

export type GetSubscriptionDeps = {
  stripe: Stripe;
  clock: Clock;
  listTeam: (ctx: WorkspaceContext) => Promise<{ members: MemberItem[]; invites: InviteItem[] }>;
};

/**
 * GET /subscriptions/{subscriptionId} (spec 7): the subscription read from Stripe with the workspace's seats.
 * subscription_not_found when Stripe no longer has it; subscription_does_not_match when Stripe says it is another
 * workspace's (the lookup item and Stripe disagree).
 */
export const getSubscription = async (deps: GetSubscriptionDeps, ctx: WorkspaceContext, subscriptionId: string): Promise<Subscription> => {
  const [subscription, team] = await Promise.all([retrieveSubscription(deps.stripe, subscriptionId), deps.listTeam(ctx)]);
  if (!subscription) throw new DomainError('subscription_not_found');
  const owner = subscription.metadata?.workspaceId;
  if (owner && owner !== ctx.workspaceId) throw new DomainError('subscription_does_not_match');
  const seats = countSeats({ included: 0, paid: 0 }, team, deps.clock());
  return toSubscriptionView(subscription, { assigned: seats.assigned, pending: seats.pending });
};
