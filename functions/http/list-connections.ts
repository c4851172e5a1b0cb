import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listBrandConnections } from '#core/connections/manage';
import { manageDeps } from './wiring/connections';

export const handler = workspaceHandler(routes.listConnections, ({ workspace, params }) => listBrandConnections(manageDeps, workspace, params.projectId));
