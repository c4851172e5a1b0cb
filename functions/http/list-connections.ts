import { connectionsRoutes } from '#shared/routes/connections';
import { workspaceHandler } from '#lib/workspace-http';
import { listBrandConnections } from '#core/connections/manage';
import { manageDeps } from './wiring/connections';

export const handler = workspaceHandler(connectionsRoutes.listConnections, ({ workspace, params }) => listBrandConnections(manageDeps, workspace, params.projectId));
