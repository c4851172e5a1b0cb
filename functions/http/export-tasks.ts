import { exportsRoutes } from '#shared/routes/exports';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { listTeam } from '#data/invites';
import { projectDirectory } from '#data/project-directory';
import { readTaskStreams } from '#data/task-list';
import { getUserNames } from '#data/users';
import { exportTasksCsv } from '#core/exports/export-tasks';

export const handler = workspaceHandler(exportsRoutes.exportTasks, ({ workspace, query }) =>
  exportTasksCsv({ projectDirectory, readTaskStreams, appUrl: config.appUrl, listTeam, getUserNames }, workspace, query),
);
