import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { listTeam as loadTeam } from '#data/invites';
import { listTeam } from '#core/team/list-team';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(routes.listTeam, async ({ workspace, query }) =>
  listTeam(clock, await loadTeam(workspace), query),
);
