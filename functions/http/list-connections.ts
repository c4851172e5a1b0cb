import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listBrandConnections } from '#core/connections/manage';
import { connectionStore } from './wiring/connections';

export const handler = workspaceHandler(routes.listConnections, ({ workspace, params }) => listBrandConnections(connectionStore, workspace, params.projectId));
