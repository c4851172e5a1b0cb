import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { disconnect } from '#core/connections/manage';
import { manageDeps } from './wiring/connections';

export const handler = workspaceHandler(routes.deleteConnection, async ({ workspace, params }) => {
  await disconnect(manageDeps, workspace, params.projectId, params.type);
  return {};
});
