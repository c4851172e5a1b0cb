import { teamRoutes } from '#shared/routes/team';
import { signDownload } from '#lib/uploads';
import { httpHandler } from '#lib/http';
import { findInviteByToken, acceptInviteTransaction } from '#data/invites';
import { findMembership } from '#data/memberships';
import { getWorkspace } from '#data/workspaces';
import { acceptInvite } from '#core/invites/accept-invite';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(teamRoutes.acceptInvite, ({ caller, params }) =>
  acceptInvite({ clock, findInviteByToken, acceptInviteTransaction, findMembership, getWorkspace, signDownload }, caller, params.inviteUid),
);
