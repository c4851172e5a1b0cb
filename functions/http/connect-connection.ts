import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { startConnection } from '#core/connections/connect';
import { startConnectionDeps } from './wiring/connections';

export const handler = workspaceHandler(routes.connectConnection, ({ workspace, params }) => startConnection(startConnectionDeps, workspace, params.projectId, params.type));
