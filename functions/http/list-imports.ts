import { importsRoutes } from '#shared/routes/imports';
import { workspaceHandler } from '#lib/workspace-http';
import { listImportItems } from '#data/imports';
import { toImport } from '#core/imports/imports';
import { requireBrand } from './wiring/imports';

export const handler = workspaceHandler(importsRoutes.listImports, async ({ workspace, params }) => {
  await requireBrand(workspace, params.projectId);
  return { items: (await listImportItems(workspace.workspaceId, params.projectId)).map(toImport) };
});
