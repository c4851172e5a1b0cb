import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { createTasks } from '#core/tasks/create-task';
import { createTaskDeps } from './wiring/tasks';

export const handler = workspaceHandler(tasksRoutes.createTask, async ({ workspace, body }) => {
  const [created] = await createTasks(createTaskDeps(), workspace, [body]);
  return created!;
});
