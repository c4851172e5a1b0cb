import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import { signDownload } from '#lib/uploads';
import { listProjectsWithMembers } from '#data/projects';
import { listProjects } from '#core/projects/list-projects';

export const handler = workspaceHandler(projectsRoutes.listProjects, ({ workspace }) => listProjects({ listProjectsWithMembers, signDownload }, workspace));
