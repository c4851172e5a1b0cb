import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { createImport } from '#core/imports/imports';
import { createImportDeps, requireBrand } from './wiring/imports';

export const handler = workspaceHandler(routes.createImport, async ({ workspace, params, body }) => {
  await requireBrand(workspace, params.projectId);
  return createImport(createImportDeps, workspace, params.projectId, body);
});
