import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import { newId } from '#lib/ids';
import { presignUpload } from '#lib/uploads';
import { getProjectAndMember } from '#data/projects';
import { createCoverUpload } from '#core/projects/project-cover';

export const handler = workspaceHandler(projectsRoutes.createCoverUpload, ({ workspace, params, body }) =>
  createCoverUpload({ getProjectAndMember, presignUpload, newRandom: () => newId(12) }, workspace, params.projectId, body),
);
