import { teamRoutes } from '#shared/routes/team';
import { httpHandler } from '#lib/http';
import { listInvitesOfEmail } from '#data/invites';
import { listMyInvites } from '#core/invites/list-my-invites';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(teamRoutes.listMyInvites, ({ caller }) => listMyInvites({ clock, listInvitesOfEmail }, caller));
