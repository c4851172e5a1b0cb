import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteSavedView, listSavedViews, putSavedView, updateSavedView as writeSavedView } from '#data/saved-views';
import { findMembership } from '#data/memberships';
import { projectDirectory } from '#data/project-directory';
import { systemClock as clock } from '#core/clock';
import { updateSavedView } from '#core/views/saved-views';

export const handler = workspaceHandler(tasksRoutes.updateSavedView, ({ workspace, params, body }) =>
  updateSavedView({ clock, listSavedViews, putSavedView, updateSavedView: writeSavedView, deleteSavedView, findMembership, projectDirectory }, workspace, params.viewUid, body),
);
