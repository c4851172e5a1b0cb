import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { disconnect } from '#core/connections/manage';
import { systemClock as clock } from '#core/clock';
import { connectionStore } from './wiring/connections';

export const handler = workspaceHandler(routes.deleteConnection, async ({ workspace, params }) => {
  await disconnect({ ...connectionStore, clock }, workspace, params.projectId, params.type);
  return {};
});
