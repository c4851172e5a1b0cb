import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { logger } from '#lib/logger';
import { projectDirectory } from '#data/project-directory';
import { readTaskStreams } from '#data/task-list';
import { listTaskActivity } from '#data/tasks';
import { systemClock as clock } from '#core/clock';
import { getDashboard } from '#core/dashboard/get-dashboard';

export const handler = workspaceHandler(tasksRoutes.getDashboard, async ({ workspace, query }) => {
  const { dashboard, requests } = await getDashboard({ projectDirectory, readTaskStreams, listTaskActivity, clock }, workspace, query);
  logger.debug('Dashboard', { dynamoDbRequests: requests, complete: dashboard.complete });
  return dashboard;
});
