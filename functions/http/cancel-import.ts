import { importsRoutes } from '#shared/routes/imports';
import { workspaceHandler } from '#lib/workspace-http';
import { cancelImport } from '#core/imports/imports';
import { importStateDeps } from './wiring/imports';

export const handler = workspaceHandler(importsRoutes.cancelImport, ({ workspace, params }) =>
  cancelImport(importStateDeps, { workspaceId: workspace.workspaceId, projectId: params.projectId, importId: params.importId }),
);
