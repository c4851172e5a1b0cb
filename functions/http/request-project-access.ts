import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { getProjectAndMember, putAccessRequest } from '#data/projects';
import { requestProjectAccess } from '#core/projects/project-access';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(routes.requestProjectAccess, ({ workspace, params }) =>
  requestProjectAccess({ clock, getProjectAndMember, putAccessRequest }, workspace, params.projectId),
);
