import { driveRoutes } from '#shared/routes/drive';
import { workspaceHandler } from '#lib/workspace-http';
import { getDriveFolders } from '#core/drive/folders';
import { brandOf } from '#core/content/items';
import { driveDeps } from './wiring/drive';

export const handler = workspaceHandler(driveRoutes.getDriveFolders, ({ workspace, params }) => getDriveFolders(driveDeps(workspace), brandOf(workspace, params.projectId)));
