import { billingRoutes } from '#shared/routes/billing';
import { workspaceHandler } from '#lib/workspace-http';
import { syncDeps } from './wiring/billing';
import { getWorkspace } from '#data/workspaces';
import { listTeam } from '#data/invites';
import { verifySubscription } from '#core/billing/verify-subscription';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(billingRoutes.verifySubscription, async ({ workspace, body }) =>
  verifySubscription({ ...(await syncDeps()), clock, getWorkspace, listTeam }, workspace, body),
);
