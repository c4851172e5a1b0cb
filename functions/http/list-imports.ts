import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listImportItems } from '#data/imports';
import { toImport } from '#core/imports/imports';
import { requireBrand } from './wiring/imports';

export const handler = workspaceHandler(routes.listImports, async ({ workspace, params }) => {
  await requireBrand(workspace, params.projectId);
  return { items: (await listImportItems(workspace.workspaceId, params.projectId)).map(toImport) };
});
