import { openTask, type OpenedTask } from '#core/tasks/open-task';
import type { CreateTasksDeps } from '#core/tasks/create-task';
import { systemClock as clock } from '#core/clock';
import { findMembership } from '#data/memberships';
import { getProjectAndMember, listProjectsWithMembers } from '#data/projects';
import { createTasksTransaction, getTaskItem, reserveTaskNumbers } from '#data/tasks';
import { listIntegrationItems } from '#data/integrations';
import { getRecordingItem } from '#data/recordings';
import { signDownload } from '#lib/uploads';
import { config } from '#lib/config';
import type { WorkspaceContext } from '#lib/context';
import { newId, newTimeId } from '#lib/ids';

/** openTask on the table: what every /tickets/{id}/... handler calls first. */
export const openTaskFor = (ctx: WorkspaceContext, taskId: string): Promise<OpenedTask> =>
  openTask({ getTaskItem, getProjectAndMember }, ctx, taskId);

/**
 * The create path's dependencies on the table, wired once for every caller (one task, bulk, a post import's task).
 * `newTaskId` is the one a caller may choose (an import row's task id is its (import, row) key).
 */
export const createTaskDeps = (options: { newTaskId?: () => string } = {}): CreateTasksDeps => ({
  clock,
  newTaskId: options.newTaskId ?? (() => newId()),
  newActivityId: (now) => newTimeId(now.getTime()),
  listProjectsWithMembers,
  findMembership,
  reserveTaskNumbers,
  createTasksTransaction,
  appUrl: config.appUrl,
  listIntegrations: listIntegrationItems,
  newDeliveryId: () => newId(12),
  getRecording: getRecordingItem,
  signFile: signDownload,
});
