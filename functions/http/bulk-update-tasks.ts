import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { newTimeId } from '#lib/ids';
import { deleteObjects, signDownload } from '#lib/uploads';
import { findMembership } from '#data/memberships';
import { getProjectAndMember } from '#data/projects';
import { purgeTaskLeftovers } from '#data/tasks';
import { deleteRecordingItem, getRecordingItem } from '#data/recordings';
import { bulkUpdateTransaction, removeTaskItems } from '#data/task-bulk';
import { openTaskFor } from './wiring/tasks';
import { calendarEvents } from './wiring/calendar-events';
import { approvalGate } from './wiring/approval-gate';
import { bulkUpdateTasks } from '#core/tasks/bulk-update-tasks';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(tasksRoutes.bulkUpdateTasks, ({ workspace, body }) =>
  bulkUpdateTasks(
    {
      clock,
      newActivityId: (now) => newTimeId(now.getTime()),
      openTask: openTaskFor,
      getProjectAndMember,
      findMembership,
      bulkUpdateTransaction,
      removeTaskItems,
      purgeTaskLeftovers,
      getRecording: getRecordingItem,
      deleteRecording: deleteRecordingItem,
      deleteObjects,
      signFile: signDownload,
      appUrl: config.appUrl,
      calendarEvents,
      approvalGate,
    },
    workspace,
    body,
  ),
);
