import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { locateTask } from '#data/tasks';
import { getTaskWatchers } from '#core/notifications/watchers';
import { watchDeps } from './wiring/notifications';

export const handler = workspaceHandler(collabRoutes.getTaskWatchers, ({ workspace, params }) => getTaskWatchers(watchDeps, workspace, params.id), {
  locate: locateTask,
});
