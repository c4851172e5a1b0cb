import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { createImportUpload } from '#core/imports/imports';
import { importUploadDeps } from './wiring/imports';

export const handler = workspaceHandler(routes.createImportUpload, ({ workspace, params, body }) =>
  createImportUpload(importUploadDeps, workspace, params.projectId, body),
);
