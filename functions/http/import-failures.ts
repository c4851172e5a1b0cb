import { importsRoutes } from '#shared/routes/imports';
import { workspaceHandler } from '#lib/workspace-http';
import { getImportItem, listFailedRows } from '#data/imports';
import { failuresCsv, getImport } from '#core/imports/imports';

export const handler = workspaceHandler(importsRoutes.importFailures, async ({ workspace, params }) => {
  const item = await getImport(getImportItem, { workspaceId: workspace.workspaceId, projectId: params.projectId, importId: params.importId });
  return failuresCsv(await listFailedRows(item.workspaceId, item.importId));
});
