import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { newId, newTimeId } from '#lib/ids';
import { findMembership } from '#data/memberships';
import { listProjectsWithMembers } from '#data/projects';
import { createTasksTransaction, reserveTaskNumbers } from '#data/tasks';
import { listIntegrationItems } from '#data/integrations';
import { createTasks } from '#core/tasks/create-task';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(routes.bulkCreateTasks, ({ workspace, body }) =>
  createTasks(
    {
      clock,
      newTaskId: () => newId(),
      newActivityId: (now) => newTimeId(now.getTime()),
      listProjectsWithMembers,
      findMembership,
      reserveTaskNumbers,
      createTasksTransaction,
      appUrl: config.appUrl,
      listIntegrations: listIntegrationItems,
      newDeliveryId: () => newId(12),
    },
    workspace,
    body.tickets,
  ),
);
