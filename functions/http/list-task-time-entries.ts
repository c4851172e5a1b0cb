import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { listTaskTimeEntryItems } from '#data/time-entries';
import { locateTask } from '#data/tasks';
import { openTaskFor as openTask } from './wiring/tasks';
import { listTaskTimeEntries } from '#core/time/task-time-entries';

export const handler = workspaceHandler(
  collabRoutes.listTaskTimeEntries,
  ({ workspace, params }) => listTaskTimeEntries({ openTask, listTaskTimeEntryItems }, workspace, params.id),
  { locate: locateTask },
);
