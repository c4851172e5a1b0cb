import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteSavedView as removeSavedView } from '#data/saved-views';
import { deleteSavedView } from '#core/views/saved-views';

export const handler = workspaceHandler(tasksRoutes.deleteSavedView, async ({ workspace, params }) => {
  await deleteSavedView({ deleteSavedView: removeSavedView }, workspace, params.viewUid);
  return {};
});
