import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { listTimeEntries } from '#data/time-entries';
import { toTimeEntries } from '#core/time/list-time-entries';

export const handler = httpHandler(routes.listTimeEntries, async ({ workspace }) =>
  toTimeEntries(await listTimeEntries(workspace)),
);
