import { driveRoutes } from '#shared/routes/drive';
import { workspaceHandler } from '#lib/workspace-http';
import { createTaskDriveFolders } from '#core/drive/folders';
import { taskDriveDeps } from './wiring/drive';

export const handler = workspaceHandler(driveRoutes.createTaskDriveFolders, ({ workspace, params }) => createTaskDriveFolders(taskDriveDeps(workspace), workspace, params.taskId));
