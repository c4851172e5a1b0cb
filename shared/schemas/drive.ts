import * as z from 'zod/mini';
import { id } from './common';
import { CONNECTION_VIEW_STATES, driveFolder, driveFolders } from './connections';

/**
 * Google Drive folders per brand and per task (issue 14). A brand with Drive connected (a connection of type
 * 'drive') gets a folder named after it with `raw` and `final` inside; a task gets its own pair, `#<number>
 * <summary>` in each, linked in the task's drive_raw_link / drive_final_link. Names are written once here.
 */

/** The two subfolders of a brand's folder, in this order; each task gets one folder in each. */
export const DRIVE_SUBFOLDERS = ['raw', 'final'] as const;
export type DriveSubfolder = (typeof DRIVE_SUBFOLDERS)[number];
export const DRIVE_FOLDER_KEYS = ['root', ...DRIVE_SUBFOLDERS] as const;
export type DriveFolderKey = (typeof DRIVE_FOLDER_KEYS)[number];

/** Drive caps a file name at 32,767 characters; a summary is at most 255, so this only guards odd input. */
const MAX_FOLDER_NAME = 255;

/** A task's folder name in the brand's raw and final folders: `#<number> <summary>` (one line, trimmed). */
export const taskFolderName = (task: { number: number; summary: string }) =>
  `#${task.number} ${task.summary.replace(/\s+/g, ' ').trim()}`.slice(0, MAX_FOLDER_NAME).trim();

/** A brand's folder name: the brand's name (one line, trimmed). */
export const brandFolderName = (brandName: string) => brandName.replace(/\s+/g, ' ').trim().slice(0, MAX_FOLDER_NAME) || 'Brand';

export { driveFolder, driveFolders };
export type DriveFolder = z.infer<typeof driveFolder>;
export type DriveFolders = z.infer<typeof driveFolders>;

/** The Drive connection's state as the folders panel needs it ('not_connected' when the brand has none). */
export const DRIVE_STATES = CONNECTION_VIEW_STATES;
export type DriveState = (typeof DRIVE_STATES)[number];

export const driveParams = z.object({ workspaceId: id, projectId: id });
export const taskDriveParams = z.object({ workspaceId: id, taskId: id });

/**
 * GET …/drive/folders: the connection's state and the brand's folders once made. `missing` names the folders Drive
 * no longer has (trashed or deleted), checked on each read while connected; POST …/drive/folders makes them again.
 */
export const driveFolderState = z.object({
  state: z.enum(DRIVE_STATES),
  folders: z.optional(driveFolders),
  missing: z.optional(z.array(z.enum(DRIVE_FOLDER_KEYS))),
});
export type DriveFolderState = z.infer<typeof driveFolderState>;

/** POST /workspaces/{w}/tickets/{taskId}/drive-folders: the task's own folders (also written to its links). */
export const taskDriveFolders = z.object({ raw: driveFolder, final: driveFolder });
export type TaskDriveFolders = z.infer<typeof taskDriveFolders>;
