import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getConnection } from '#data/connections';
import { syncNow } from '#core/connections/manage';
import { queueSync } from './wiring/connections';

export const handler = workspaceHandler(routes.syncConnection, ({ workspace, params }) => syncNow({ getConnection, queueSync }, workspace, params.projectId, params.type));
