import { importsRoutes } from '#shared/routes/imports';
import { workspaceHandler } from '#lib/workspace-http';
import { getImportItem } from '#data/imports';
import { getImport, toImport } from '#core/imports/imports';

export const handler = workspaceHandler(importsRoutes.getImport, async ({ workspace, params }) =>
  toImport(await getImport(getImportItem, { workspaceId: workspace.workspaceId, projectId: params.projectId, importId: params.importId })),
);
