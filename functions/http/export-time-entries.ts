import { exportsRoutes } from '#shared/routes/exports';
import { workspaceHandler } from '#lib/workspace-http';
import { listTeam } from '#data/invites';
import { projectDirectory } from '#data/project-directory';
import { getTaskItems } from '#data/tasks';
import { listTimeEntries } from '#data/time-entries';
import { getUserNames } from '#data/users';
import { exportTimeCsv } from '#core/exports/export-time';

export const handler = workspaceHandler(exportsRoutes.exportTimeEntries, ({ workspace, query }) =>
  exportTimeCsv({ listTimeEntries, projectDirectory, listTeam, getUserNames, getTaskItems }, workspace, query),
);
