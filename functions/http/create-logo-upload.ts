import { workspacesRoutes } from '#shared/routes/workspaces';
import { workspaceHandler } from '#lib/workspace-http';
import { newId } from '#lib/ids';
import { presignUpload } from '#lib/uploads';
import { createLogoUpload } from '#core/workspaces/workspace-logo';

export const handler = workspaceHandler(workspacesRoutes.createLogoUpload, ({ workspace, body }) =>
  createLogoUpload({ presignUpload, newRandom: () => newId(12) }, workspace, body),
);
