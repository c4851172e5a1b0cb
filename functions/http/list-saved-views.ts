import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { listSavedViews } from '#data/saved-views';
import { listMySavedViews } from '#core/views/saved-views';

export const handler = workspaceHandler(tasksRoutes.listSavedViews, ({ workspace }) => listMySavedViews({ listSavedViews }, workspace));
