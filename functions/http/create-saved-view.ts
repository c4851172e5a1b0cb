import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteSavedView, listSavedViews, putSavedView, updateSavedView } from '#data/saved-views';
import { findMembership } from '#data/memberships';
import { projectDirectory } from '#data/project-directory';
import { systemClock as clock } from '#core/clock';
import { createSavedView } from '#core/views/saved-views';

export const handler = workspaceHandler(tasksRoutes.createSavedView, ({ workspace, body }) =>
  createSavedView({ clock, listSavedViews, putSavedView, updateSavedView, deleteSavedView, findMembership, projectDirectory }, workspace, body),
);
