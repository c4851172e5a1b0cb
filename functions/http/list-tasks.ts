import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { logger } from '#lib/logger';
import { signDownload } from '#lib/uploads';
import { projectDirectory } from '#data/project-directory';
import { readTaskStreams } from '#data/task-list';
import { listTasks } from '#core/tasks/list-tasks';

export const handler = workspaceHandler(tasksRoutes.listTasks, async ({ workspace, query }) => {
  const { page, requests } = await listTasks({ projectDirectory, readTaskStreams, signFile: signDownload, appUrl: config.appUrl }, workspace, query);
  logger.debug('Task list page', { dynamoDbRequests: requests, items: page.items.length, more: page.cursor !== null });
  return page;
});
