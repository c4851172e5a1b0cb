import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { listTeam as loadTeam } from '#data/invites';
import { listTeam } from '#core/team/list-team';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(routes.listTeam, async ({ workspace, query }) =>
  listTeam(clock, await loadTeam(workspace), query),
);
