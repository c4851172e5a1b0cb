import { billingRoutes } from '#shared/routes/billing';
import { workspaceHandler } from '#lib/workspace-http';
import { stripe } from '#lib/clients/stripe';
import { findWorkspaceOfSubscription } from '#data/billing';
import { listTeam } from '#data/invites';
import { getSubscription, locateSubscriptionWorkspace } from '#core/billing/get-subscription';
import { systemClock as clock } from '#core/clock';

/** The path names a subscription, not a workspace: `locate` finds its workspace before the membership check. */
export const handler = workspaceHandler(
  billingRoutes.getSubscription,
  async ({ workspace, params }) => getSubscription({ stripe: await stripe(), clock, listTeam }, workspace, params.subscriptionId),
  { locate: ({ params }) => locateSubscriptionWorkspace({ stripe, findWorkspaceOfSubscription }, params.subscriptionId) },
);
