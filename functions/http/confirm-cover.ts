import { projectsRoutes } from '#shared/routes/projects';
import { workspaceHandler } from '#lib/workspace-http';
import * as store from '#lib/uploads';
import { getProjectAndMember } from '#data/projects';
import { setProjectCover } from '#data/project-users';
import { claimUploads } from '#data/upload-claims';
import { systemClock as clock } from '#core/clock';
import { confirmCover } from '#core/projects/project-cover';

export const handler = workspaceHandler(projectsRoutes.confirmCover, ({ workspace, params, body }) =>
  confirmCover({ clock, getProjectAndMember, setProjectCover, claimUploads, store }, workspace, params.projectId, body.key),
);
