import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { listTaskActivity, locateTask } from '#data/tasks';
import { openTaskFor } from './wiring/tasks';
import { listActivity } from '#core/tasks/task-activity';

export const handler = workspaceHandler(
  tasksRoutes.listTaskActivity,
  ({ workspace, params }) => listActivity({ openTask: openTaskFor, listTaskActivity }, workspace, params.id),
  { locate: locateTask },
);
