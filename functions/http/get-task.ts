import { tasksRoutes } from '#shared/routes/tasks';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { signDownload } from '#lib/uploads';
import { locateTask } from '#data/tasks';
import { openTaskFor } from './wiring/tasks';
import { signFiles, toTask } from '#core/tasks/task-view';

export const handler = workspaceHandler(
  tasksRoutes.getTask,
  async ({ workspace, params }) => {
    const { task, project } = await openTaskFor(workspace, params.id);
    return toTask(task, { project, fileUrls: await signFiles([task], signDownload), appUrl: config.appUrl });
  },
  { locate: locateTask },
);
