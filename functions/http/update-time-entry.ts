import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { getTimeEntryItem, updateTimeEntryTransaction } from '#data/time-entries';
import { locateTask } from '#data/tasks';
import { systemClock as clock } from '#core/clock';
import { openTaskFor as openTask } from './wiring/tasks';
import { updateTimeEntry } from '#core/time/task-time-entries';

export const handler = workspaceHandler(
  collabRoutes.updateTimeEntry,
  ({ workspace, params, body }) =>
    updateTimeEntry({ clock, openTask, getTimeEntryItem, updateTimeEntryTransaction }, workspace, params.id, params.entryId, body),
  { locate: locateTask },
);
