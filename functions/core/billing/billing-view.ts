import { TRIAL_DAYS } from '#shared/constants';
import { DAY_MS } from '#shared/plans';
import type { Billing } from '#shared/schemas/billing';
import type { InviteItem, MemberItem } from '#data/invites';
import type { WorkspaceItem } from '#data/workspaces';
import { workspaceStatus } from '../workspaces/workspace-status';
import { countSeats, seatPlanOf } from './seats';

/**
 * The Plan And Billing page (spec 2, 3) from the workspace item alone: no Stripe call, the webhook keeps the
 * item current. A whitelisted workspace skips the subscription entirely (spec 4). Without a subscription the
 * trial dates are the workspace's own 14-day trial.
 */
export const toBillingView = (
  workspace: WorkspaceItem,
  team: { members: readonly MemberItem[]; invites: readonly InviteItem[] },
  now: Date,
): Billing => {
  const status = workspaceStatus(workspace, now);
  const seats = countSeats(seatPlanOf(workspace), team, now);
  const subscribed = !workspace.whitelisted && !!workspace.stripeSubscriptionId;
  const billing = subscribed ? (workspace.billing ?? {}) : {};
  const workspaceTrialEnd = new Date(new Date(workspace.createdAt).getTime() + TRIAL_DAYS * DAY_MS).toISOString();
  const interval = billing.interval === 'month' || billing.interval === 'year' ? billing.interval : null;
  return {
    plan: workspace.whitelisted ? 'FREE' : status.plan,
    status: subscribed ? (workspace.subscriptionStatus ?? null) : null,
    interval,
    active: status.active,
    whitelisted: workspace.whitelisted,
    subscription_id: subscribed ? workspace.stripeSubscriptionId! : null,
    started_at: billing.startedAt ?? null,
    next_billing_at: billing.canceledAt || billing.endedAt || billing.cancelAtPeriodEnd ? null : (billing.currentPeriodEnd ?? null),
    trial_start: subscribed ? (billing.trialStart ?? null) : workspace.whitelisted ? null : workspace.createdAt,
    trial_end: subscribed ? (billing.trialEnd ?? null) : workspace.whitelisted ? null : workspaceTrialEnd,
    cancelled_at: billing.canceledAt ?? null,
    ended_at: billing.endedAt ?? null,
    seats,
  };
};
