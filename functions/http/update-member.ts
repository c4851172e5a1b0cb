import { teamRoutes } from '#shared/routes/team';
import { workspaceHandler } from '#lib/workspace-http';
import { listTeam } from '#data/invites';
import { changeMembershipGuarded } from '#data/memberships';
import { getUserNames } from '#data/users';
import { getWorkspace } from '#data/workspaces';
import { updateMember } from '#core/team/update-member';

export const handler = workspaceHandler(teamRoutes.updateMember, ({ workspace, params, body }) =>
  updateMember({ listTeam, getUserNames, getWorkspace, changeMembershipGuarded }, workspace, params.userId, body),
);
