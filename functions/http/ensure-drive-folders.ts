import { driveRoutes } from '#shared/routes/drive';
import { workspaceHandler } from '#lib/workspace-http';
import { ensureDriveFolders } from '#core/drive/folders';
import { brandOf } from '#core/content/items';
import { driveDeps } from './wiring/drive';

export const handler = workspaceHandler(driveRoutes.ensureDriveFolders, ({ workspace, params }) => ensureDriveFolders(driveDeps(workspace), brandOf(workspace, params.projectId)));
