import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { createTaskDriveFolders } from '#core/drive/folders';
import { taskDriveDeps } from './wiring/drive';

export const handler = workspaceHandler(routes.createTaskDriveFolders, ({ workspace, params }) => createTaskDriveFolders(taskDriveDeps(workspace), workspace, params.taskId));
