import { connectionsRoutes } from '#shared/routes/connections';
import { workspaceHandler } from '#lib/workspace-http';
import { updateContentPillars } from '#core/connections/manage';
import { manageDeps } from './wiring/connections';

export const handler = workspaceHandler(connectionsRoutes.updateConnection, ({ workspace, params, body }) =>
  updateContentPillars(manageDeps, workspace, params.projectId, params.type, body.content_pillars),
);
