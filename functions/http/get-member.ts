import { teamRoutes } from '#shared/routes/team';
import { workspaceHandler } from '#lib/workspace-http';
import { findMembership } from '#data/memberships';
import { getUser } from '#data/users';
import { getMember } from '#core/team/get-member';

export const handler = workspaceHandler(teamRoutes.getMember, ({ workspace, params }) =>
  getMember({ findMembership, getUser }, workspace, params.userId),
);
