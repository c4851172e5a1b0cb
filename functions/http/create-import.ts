import { importsRoutes } from '#shared/routes/imports';
import { workspaceHandler } from '#lib/workspace-http';
import { createImport } from '#core/imports/imports';
import { createImportDeps, requireBrand } from './wiring/imports';

export const handler = workspaceHandler(importsRoutes.createImport, async ({ workspace, params, body }) => {
  await requireBrand(workspace, params.projectId);
  return createImport(createImportDeps, workspace, params.projectId, body);
});
