import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { deleteTimeEntryTransaction, getTimeEntryItem } from '#data/time-entries';
import { locateTask } from '#data/tasks';
import { systemClock as clock } from '#core/clock';
import { openTaskFor as openTask } from './wiring/tasks';
import { deleteTimeEntry } from '#core/time/task-time-entries';

export const handler = workspaceHandler(
  collabRoutes.deleteTimeEntry,
  async ({ workspace, params }) => {
    await deleteTimeEntry({ clock, openTask, getTimeEntryItem, deleteTimeEntryTransaction }, workspace, params.id, params.entryId);
    return {};
  },
  { locate: locateTask },
);
