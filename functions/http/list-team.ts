import { teamRoutes } from '#shared/routes/team';
import { workspaceHandler } from '#lib/workspace-http';
import { listTeam } from '#data/invites';
import { getUserNames } from '#data/users';
import { listTeamOfWorkspace } from '#core/team/list-team';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(teamRoutes.listTeam, ({ workspace, query }) =>
  listTeamOfWorkspace({ clock, listTeam, getUserNames }, workspace, query),
);
