import type { AudienceDeps } from '#core/notifications/audience';
import type { WatchDeps } from '#core/notifications/watchers';
import { systemClock as clock } from '#core/clock';
import { getMemberships, getProjectWithMembers } from '#data/project-users';
import { getUserNames } from '#data/users';
import { listTaskWatches, putTaskWatch } from '#data/watches';
import { openTaskFor } from './tasks';

/** Who can open a project's tasks, on the table: memberships (one BatchGetItem) and the project's grants (one Query). */
export const audience: AudienceDeps = {
  getMemberships,
  getProjectMembers: async (ctx, projectId) => (await getProjectWithMembers(ctx, projectId)).members,
};

/** The watch routes on the table. */
export const watchDeps: WatchDeps = { clock, openTask: openTaskFor, listTaskWatches, putTaskWatch, getUserNames, audience };
