import { routes } from '#shared/routes';
import { workspaceHandler } from '#lib/workspace-http';
import { findInviteByToken, revokePendingInvite } from '#data/invites';
import { revokeInvite } from '#core/invites/revoke-invite';

export const handler = workspaceHandler(routes.revokeInvite, ({ workspace, params }) =>
  revokeInvite({ findInviteByToken, revokePendingInvite }, workspace, params.inviteUid),
);
