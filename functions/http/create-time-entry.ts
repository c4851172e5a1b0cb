import { collabRoutes } from '#shared/routes/collab';
import { workspaceHandler } from '#lib/workspace-http';
import { newTimeId } from '#lib/ids';
import { createTimeEntryTransaction } from '#data/time-entries';
import { locateTask } from '#data/tasks';
import { systemClock as clock } from '#core/clock';
import { openTaskFor as openTask } from './wiring/tasks';
import { createTimeEntry } from '#core/time/task-time-entries';

export const handler = workspaceHandler(
  collabRoutes.createTimeEntry,
  ({ workspace, params, body }) =>
    createTimeEntry(
      { clock, newEntryId: (now) => newTimeId(now.getTime()), openTask, createTimeEntryTransaction },
      workspace,
      params.id,
      body,
    ),
  { locate: locateTask },
);
