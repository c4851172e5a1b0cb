import { route } from './route-spec';
import { driveFolders, driveFolderState, driveParams, taskDriveFolders, taskDriveParams } from '../schemas/drive';

/**
 * Google Drive folders (issue 14): the brand's folder with raw and final inside, and a task's own pair. Drive is
 * connected through the connections routes (type 'drive'); these read and make the folders with its tokens.
 * secrets 'both': the tokens are opened, and renewed ones sealed and stored, on every call that reaches Drive.
 */
export const driveRoutes = {
  getDriveFolders: route({
    id: 'get-drive-folders',
    method: 'GET',
    path: '/workspaces/{workspaceId}/projects/{projectId}/drive/folders',
    auth: 'workspace',
    permission: 'projects.read',
    projectRole: 'access',
    params: driveParams,
    response: driveFolderState,
    access: { table: 'readWrite', secrets: 'both' },
    summary: "The brand's Drive connection state and its folders (root, raw, final), each checked to still be in Drive",
  }),
  ensureDriveFolders: route({
    id: 'ensure-drive-folders',
    method: 'POST',
    path: '/workspaces/{workspaceId}/projects/{projectId}/drive/folders',
    auth: 'workspace',
    permission: 'projects.read',
    projectRole: 'admin',
    params: driveParams,
    response: driveFolders,
    access: { table: 'readWrite', secrets: 'both' },
    summary: "Make the brand's Drive folder (named after the brand) with raw and final inside: kept when there, found again when the app made them before, made anew when trashed",
  }),
  createTaskDriveFolders: route({
    id: 'create-task-drive-folders',
    method: 'POST',
    path: '/workspaces/{workspaceId}/tickets/{taskId}/drive-folders',
    auth: 'workspace',
    permission: 'tasks.write',
    params: taskDriveParams,
    response: taskDriveFolders,
    // bucket read: the task's update answers with signed links to its files, as PATCH /tickets/{id} does.
    access: { table: 'readWrite', secrets: 'both', bucket: 'read' },
    summary: "Make the task's folders '#<number> <summary>' in the brand's raw and final and link them in the task (idempotent: a second call answers the same folders)",
  }),
} as const;
