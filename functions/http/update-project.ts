import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import { signDownload } from '#lib/uploads';
import { getProjectAndMember, updateProjectTransaction } from '#data/projects';
import { updateProject } from '#core/projects/update-project';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(projectsRoutes.updateProject, ({ workspace, params, body }) =>
  updateProject({ clock, getProjectAndMember, updateProjectTransaction, signDownload }, workspace, params.projectId, body),
);
