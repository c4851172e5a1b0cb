import { importsRoutes } from '#shared/routes/imports';
import { workspaceHandler } from '#lib/workspace-http';
import { createImportUpload } from '#core/imports/imports';
import { importUploadDeps, requireBrand } from './wiring/imports';

export const handler = workspaceHandler(importsRoutes.createImportUpload, async ({ workspace, params, body }) => {
  await requireBrand(workspace, params.projectId);
  return createImportUpload(importUploadDeps, workspace, params.projectId, body);
});
