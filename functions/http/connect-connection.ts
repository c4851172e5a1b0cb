import { connectionsRoutes } from '#shared/routes/connections';
import { workspaceHandler } from '#lib/workspace-http';
import { startConnection } from '#core/connections/connect';
import { startConnectionDeps } from './wiring/connections';

export const handler = workspaceHandler(connectionsRoutes.connectConnection, ({ workspace, params }) => startConnection(startConnectionDeps, workspace, params.projectId, params.type));
