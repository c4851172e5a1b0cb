import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import { getMemberships, getProjectWithMembers } from '#data/project-users';
import { getUserNames } from '#data/users';
import { listProjectUsers } from '#core/projects/project-users';

export const handler = workspaceHandler(projectsRoutes.listProjectUsers, ({ workspace, params }) =>
  listProjectUsers({ getProjectWithMembers, getMemberships, getUserNames }, workspace, params.projectId),
);
