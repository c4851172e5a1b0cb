import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { locateTask } from '#data/tasks';
import { setTaskWatch } from '#core/notifications/watchers';
import { watchDeps } from './wiring/notifications';

export const handler = workspaceHandler(routes.setTaskWatch, ({ workspace, params, body }) => setTaskWatch(watchDeps, workspace, params.id, body.watching), {
  locate: locateTask,
});
