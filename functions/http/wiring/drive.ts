import type { DriveDeps, TaskDriveDeps } from '#core/drive/folders';
import { withConnectionTokens } from './connections';
import { updateTask } from '#core/tasks/update-task';
import { systemClock as clock } from '#core/clock';
import { getConnection, nextUpdatedAt, updateConnection, type ConnectionItem } from '#data/connections';
import { findMembership } from '#data/memberships';
import { getProjectAndMember } from '#data/projects';
import { updateTaskTransaction } from '#data/tasks';
import { config } from '#lib/config';
import type { WorkspaceContext } from '#lib/context';
import { newTimeId } from '#lib/ids';
import { logger } from '#lib/logger';
import { driveClient } from '#lib/providers/drive';
import { signDownload } from '#lib/uploads';
import { approvalGate } from './approval-gate';
import { calendarEvents } from './calendar-events';
import { openTaskFor } from './tasks';

/** The brand's Drive on the table and the connection's tokens (the route needs `secrets: 'both'`). */
export const driveDeps = (ctx: WorkspaceContext): DriveDeps<ConnectionItem> => ({
  getConnection: (brand) => getConnection(brand, 'drive'),
  withDrive: async (connection, work) => {
    const answer = await withConnectionTokens(connection, (accessToken) => work(driveClient(accessToken)));
    // The provider's words stay in the log; the caller gets the catalogue's.
    if (!answer.ok) logger.warn('Drive call failed', { projectId: connection.projectId, status: answer.status, error: answer.error, unauthorized: answer.unauthorized });
    return answer;
  },
  saveFolders: (connection, folders) => updateConnection(connection, { folders, updatedAt: nextUpdatedAt(connection, clock()) }),
  brandName: async (brand) => (await getProjectAndMember(ctx, brand.projectId, ctx.userId)).project?.name,
});

/** …and the task's open and update paths, as PATCH /tickets/{id} wires them (version and history as for any edit). */
export const taskDriveDeps = (ctx: WorkspaceContext): TaskDriveDeps<ConnectionItem> => ({
  ...driveDeps(ctx),
  openTask: openTaskFor,
  updateTask: (context, taskId, body) =>
    updateTask(
      { clock, newActivityId: (now) => newTimeId(now.getTime()), openTask: openTaskFor, getProjectAndMember, findMembership, updateTaskTransaction, signFile: signDownload, appUrl: config.appUrl, calendarEvents, approvalGate },
      context,
      taskId,
      body,
    ),
});
