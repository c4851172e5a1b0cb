import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { newTimeId } from '#lib/ids';
import { signDownload } from '#lib/uploads';
import { findMembership } from '#data/memberships';
import { getProjectAndMember } from '#data/projects';
import { locateTask, updateTaskTransaction } from '#data/tasks';
import { openTaskFor } from './wiring/tasks';
import { calendarEvents } from './wiring/calendar-events';
import { approvalGate } from './wiring/approval-gate';
import { updateTask } from '#core/tasks/update-task';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(
  tasksRoutes.updateTask,
  ({ workspace, params, body }) =>
    updateTask(
      { clock, newActivityId: (now) => newTimeId(now.getTime()), openTask: openTaskFor, getProjectAndMember, findMembership, updateTaskTransaction, signFile: signDownload, appUrl: config.appUrl, calendarEvents, approvalGate },
      workspace,
      params.id,
      body,
    ),
  { locate: locateTask },
);
