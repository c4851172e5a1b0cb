import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { updateContentPillars } from '#core/connections/manage';
import { systemClock as clock } from '#core/clock';
import { connectionStore } from './wiring/connections';

export const handler = workspaceHandler(routes.updateConnection, ({ workspace, params, body }) =>
  updateContentPillars({ ...connectionStore, clock }, workspace, params.projectId, params.type, body.content_pillars),
);
