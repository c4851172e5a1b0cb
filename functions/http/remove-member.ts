import { teamRoutes } from '#shared/routes/team';
import { workspaceHandler } from '#lib/workspace-http';
import { listTeam } from '#data/invites';
import { changeMembershipGuarded } from '#data/memberships';
import { getUserNames } from '#data/users';
import { getWorkspace } from '#data/workspaces';
import { removeMember } from '#core/team/remove-member';

export const handler = workspaceHandler(teamRoutes.removeMember, ({ workspace, params }) =>
  removeMember({ listTeam, getUserNames, getWorkspace, changeMembershipGuarded }, workspace, params.userId),
);
