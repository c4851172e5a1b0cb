import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { projectDirectory } from '#data/project-directory';
import { listTimeEntries } from '#data/time-entries';
import { listWorkspaceTimeEntries } from '#core/time/list-time-entries';

export const handler = workspaceHandler(collabRoutes.listTimeEntries, ({ workspace }) =>
  listWorkspaceTimeEntries({ listTimeEntries, projectDirectory }, workspace),
);
