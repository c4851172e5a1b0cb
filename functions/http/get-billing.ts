import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getWorkspace } from '#data/workspaces';
import { listTeam } from '#data/invites';
import { getBilling } from '#core/billing/get-billing';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(routes.getBilling, ({ workspace }) => getBilling({ clock, getWorkspace, listTeam }, workspace));
