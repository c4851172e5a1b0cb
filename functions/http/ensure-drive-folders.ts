import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { ensureDriveFolders } from '#core/drive/folders';
import { brandOf } from '#core/content/items';
import { driveDeps } from './wiring/drive';

export const handler = workspaceHandler(routes.ensureDriveFolders, ({ workspace, params }) => ensureDriveFolders(driveDeps(workspace), brandOf(workspace, params.projectId)));
