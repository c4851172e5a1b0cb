import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteObjects } from '#lib/uploads';
import { locateTask, purgeTaskLeftovers, removeTaskItem } from '#data/tasks';
import { getRecordingItem, removeTaskWithRecording } from '#data/recordings';
import { openTaskFor } from './wiring/tasks';
import { calendarEvents } from './wiring/calendar-events';
import { deleteTask } from '#core/tasks/delete-task';

export const handler = workspaceHandler(
  tasksRoutes.deleteTask,
  async ({ workspace, params }) => {
    await deleteTask(
      { openTask: openTaskFor, removeTaskItem, getRecording: getRecordingItem, removeTaskWithRecording, purgeTaskLeftovers, deleteObjects, calendarEvents },
      workspace,
      params.id,
    );
    return {};
  },
  { locate: locateTask },
);
