import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listTimeEntries } from '#data/time-entries';
import { toTimeEntries } from '#core/time/list-time-entries';

export const handler = workspaceHandler(routes.listTimeEntries, async ({ workspace }) =>
  toTimeEntries(await listTimeEntries(workspace)),
);
