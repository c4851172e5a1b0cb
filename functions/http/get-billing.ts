import { billingRoutes } from '#shared/routes/billing';
import { workspaceHandler } from '#lib/workspace-http';
import { getWorkspace } from '#data/workspaces';
import { listTeam } from '#data/invites';
import { getBilling } from '#core/billing/get-billing';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(billingRoutes.getBilling, ({ workspace }) => getBilling({ clock, getWorkspace, listTeam }, workspace));
