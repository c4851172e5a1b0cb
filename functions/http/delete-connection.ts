import { connectionsRoutes } from '#shared/routes/connections';
import { workspaceHandler } from '#lib/workspace-http';
import { disconnect } from '#core/connections/manage';
import { manageDeps } from './wiring/connections';

export const handler = workspaceHandler(connectionsRoutes.deleteConnection, async ({ workspace, params }) => {
  await disconnect(manageDeps, workspace, params.projectId, params.type);
  return {};
});
