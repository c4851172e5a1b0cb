import { teamRoutes } from '#shared/routes/team';
import { workspaceHandler } from '#lib/workspace-http';
import { findInviteByToken, revokePendingInvite } from '#data/invites';
import { revokeInvite } from '#core/invites/revoke-invite';

export const handler = workspaceHandler(teamRoutes.revokeInvite, ({ workspace, params }) =>
  revokeInvite({ findInviteByToken, revokePendingInvite }, workspace, params.inviteUid),
);
