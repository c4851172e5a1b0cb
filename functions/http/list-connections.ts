import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listConnections } from '#data/connections';
import { listBrandConnections } from '#core/connections/manage';

export const handler = workspaceHandler(routes.listConnections, ({ workspace, params }) => listBrandConnections({ listConnections }, workspace, params.projectId));
