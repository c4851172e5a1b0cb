import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { createTasks } from '#core/tasks/create-task';
import { createTaskDeps } from './wiring/tasks';

export const handler = workspaceHandler(tasksRoutes.bulkCreateTasks, ({ workspace, body }) =>
  // A refusal of one task's field names it under its index in the body.
  createTasks(createTaskDeps(), workspace, body.tickets, (index, field) => `tickets.${index}.${field}`),
);
