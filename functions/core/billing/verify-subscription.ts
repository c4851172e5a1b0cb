import { isActiveSubscriptionStatus } from '#shared/plans';
import type { Billing } from '#shared/schemas/billing';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { InviteItem, MemberItem } from '#data/invites';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { toBillingView } from './billing-view';
import { syncSubscription, type SyncDeps } from './sync-subscription';

export type VerifyDeps = SyncDeps & {
  clock: Clock;
  getWorkspace: (ctx: WorkspaceContext) => Promise<WorkspaceItem | undefined>;
  listTeam: (ctx: WorkspaceContext) => Promise<{ members: MemberItem[]; invites: InviteItem[] }>;
};

const isMissing = (error: unknown) =>
  (error as { code?: string }).code === 'resource_missing' || (error as { statusCode?: number }).statusCode === 404;

/** The subscription a finished checkout created, checked to be this workspace's checkout. */
const subscriptionOfSession = async (deps: VerifyDeps, ctx: WorkspaceContext, sessionId: string) => {
  let session;
  try {
    session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissing(error)) throw new DomainError('subscription_not_found');
    throw error;
  }
  if ((session.metadata?.workspaceId ?? session.client_reference_id) !== ctx.workspaceId) throw new DomainError('subscription_does_not_match');
  const subscription = session.subscription;
  const id = typeof subscription === 'string' ? subscription : subscription?.id;
  if (!id) throw new DomainError('subscription_not_found');
  return id;
};

/**
 * POST /workspaces/{workspaceId}/subscription/verify (/verify-subscription): reads the subscription from Stripe
 * now, through the same sync as the webhook, instead of waiting for the webhook. With a checkout session id the
 * session's subscription, else the workspace's own. Answers the billing page data; errors: workspace_no_subscription,
 * subscription_not_found, subscription_does_not_match, subscription_not_active (the state is written even then).
 */
export const verifySubscription = async (deps: VerifyDeps, ctx: WorkspaceContext, input: { sessionId?: string }): Promise<Billing> => {
  const subscriptionId = input.sessionId
    ? await subscriptionOfSession(deps, ctx, input.sessionId)
    : (await deps.getWorkspace(ctx))?.stripeSubscriptionId;
  if (!subscriptionId) throw new DomainError('workspace_no_subscription');

  const result = await syncSubscription(deps, subscriptionId, { workspaceId: ctx.workspaceId });
  if (result.outcome === 'subscription_missing') throw new DomainError('subscription_not_found');
  if (result.outcome !== 'synced' || result.workspaceId !== ctx.workspaceId) throw new DomainError('subscription_does_not_match');

  const [workspace, team] = await Promise.all([deps.getWorkspace(ctx), deps.listTeam(ctx)]);
  if (!workspace) throw new DomainError('company_account_not_found');
  if (!isActiveSubscriptionStatus(workspace.subscriptionStatus)) throw new DomainError('subscription_not_active');
  return toBillingView(workspace, team, deps.clock());
};
