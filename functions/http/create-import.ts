import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { createImport } from '#core/imports/imports';
import { createImportDeps } from './wiring/imports';

export const handler = workspaceHandler(routes.createImport, ({ workspace, params, body }) => createImport(createImportDeps, workspace, params.projectId, body));
