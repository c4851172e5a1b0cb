import { connectionsRoutes } from '#shared/routes/connections';
import { workspaceHandler } from '#lib/workspace-http';
import { getConnection, updateConnection } from '#data/connections';
import { systemClock as clock } from '#core/clock';
import { syncNow } from '#core/connections/manage';
import { queueSync } from './wiring/connections';

export const handler = workspaceHandler(connectionsRoutes.syncConnection, ({ workspace, params }) => syncNow({ getConnection, updateConnection, clock, queueSync }, workspace, params.projectId, params.type));
