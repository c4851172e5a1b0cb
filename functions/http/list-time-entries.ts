import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { projectDirectory } from '#data/project-directory';
import { listTimeEntries } from '#data/time-entries';
import { listWorkspaceTimeEntries } from '#core/time/list-time-entries';

export const handler = workspaceHandler(routes.listTimeEntries, ({ workspace }) =>
  listWorkspaceTimeEntries({ listTimeEntries, projectDirectory }, workspace),
);
