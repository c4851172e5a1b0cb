import { teamRoutes } from '#shared/routes/team';
import { httpHandler } from '#lib/http';
import { findInviteByToken } from '#data/invites';
import { getInvite } from '#core/invites/get-invite';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(teamRoutes.getInvite, ({ params }) => getInvite({ clock, findInviteByToken }, params.inviteUid));
