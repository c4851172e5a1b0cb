import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import { getProjectWithMembers, removeProjectMember } from '#data/project-users';
import { removeProjectUser } from '#core/projects/project-users';

export const handler = workspaceHandler(projectsRoutes.removeProjectUser, async ({ workspace, params }) => {
  await removeProjectUser({ getProjectWithMembers, removeProjectMember }, workspace, params.projectId, params.userId);
  return {};
});
