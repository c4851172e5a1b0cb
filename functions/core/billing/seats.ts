import { PLANS, isActiveSubscriptionStatus } from '#shared/plans';
import type { Billing } from '#shared/schemas/billing';
import { DomainError } from '#lib/errors';
import type { InviteItem, MemberItem } from '#data/invites';
import type { WorkspaceItem } from '#data/workspaces';
import { isLive } from '../invites/invite-state';

/** Seats a workspace has: included in its plan and paid on top. */
export type SeatPlan = { included: number; paid: number };
export type SeatCount = Billing['seats'];

/**
 * The seats of a workspace (spec 3, 9). Whitelisted: the Enterprise maximum. With an active or trialing
 * subscription: the seats on the plan (included + paid). Otherwise (trial, free, lapsed): the 5 included seats.
 */
export const seatPlanOf = (workspace: Pick<WorkspaceItem, 'whitelisted' | 'subscriptionStatus' | 'billing'>): SeatPlan => {
  if (workspace.whitelisted) return { included: PLANS.ENTERPRISE.maxUsers, paid: 0 };
  if (isActiveSubscriptionStatus(workspace.subscriptionStatus)) {
    return { included: workspace.billing?.seatsIncluded ?? PLANS.BUSINESS.includedSeats, paid: workspace.billing?.seatsPaid ?? 0 };
  }
  return { included: PLANS.FREE.includedSeats, paid: 0 };
};

/**
 * Whether a member takes a licence: joined members do; users associated from Jira do not (spec 6). Nothing
 * associates users from Jira yet; when the Jira issue adds the marker, this is the one place that reads it.
 */
export const claimsSeat = (member: Pick<MemberItem, 'status'> & { associatedFrom?: string }) =>
  member.status === 'joined' && member.associatedFrom !== 'jira';

/** Seats on the plan against the team: joined members are assigned, live invites are pending, both are taken. */
export const countSeats = (
  plan: SeatPlan,
  team: { members: readonly MemberItem[]; invites: readonly InviteItem[] },
  now: Date,
): SeatCount => {
  const total = plan.included + plan.paid;
  const assigned = team.members.filter(claimsSeat).length;
  const pending = team.invites.filter((invite) => isLive(invite, now)).length;
  return { total, included: plan.included, paid: plan.paid, assigned, pending, available: Math.max(0, total - assigned - pending) };
};

/** Inviting takes a seat: refused with team_full when none is available. */
export const assertSeatForInvite = (seats: SeatCount) => {
  if (seats.available < 1) throw new DomainError('team_full');
};

/**
 * Seats chosen at checkout: `additionalSeats` on top of the plan's included ones, within the plan's maximum
 * users, else seats_exceed_plan. Answers the quantity of the per-seat price and the total.
 */
export const checkoutSeats = (additionalSeats: number, included: number = PLANS.BUSINESS.includedSeats) => {
  const total = included + additionalSeats;
  if (additionalSeats < 0 || total > PLANS.BUSINESS.maxUsers) throw new DomainError('seats_exceed_plan');
  return { included, paid: additionalSeats, total };
};
