import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import { findMembership } from '#data/memberships';
import { getProjectAndMember, grantAccess } from '#data/projects';
import { grantProjectAccess } from '#core/projects/project-access';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(projectsRoutes.grantProjectAccess, ({ workspace, params, body }) =>
  grantProjectAccess({ clock, getProjectAndMember, findMembership, grantAccess }, workspace, params.projectId, body.userId),
);
