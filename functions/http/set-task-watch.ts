import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { locateTask } from '#data/tasks';
import { setTaskWatch } from '#core/notifications/watchers';
import { watchDeps } from './wiring/notifications';

export const handler = workspaceHandler(collabRoutes.setTaskWatch, ({ workspace, params, body }) => setTaskWatch(watchDeps, workspace, params.id, body.watching), {
  locate: locateTask,
});
