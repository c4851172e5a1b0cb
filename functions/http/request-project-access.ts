import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import { getProjectAndMember, putAccessRequest } from '#data/projects';
import { requestProjectAccess } from '#core/projects/project-access';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(projectsRoutes.requestProjectAccess, ({ workspace, params }) =>
  requestProjectAccess({ clock, getProjectAndMember, putAccessRequest }, workspace, params.projectId),
);
