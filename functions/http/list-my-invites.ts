import { routes } from '#shared/routes';
import { httpHandler } from '#lib/http';
import { listInvitesOfEmail } from '#data/invites';
import { listMyInvites } from '#core/invites/list-my-invites';
import { systemClock as clock } from '#core/clock';

export const handler = httpHandler(routes.listMyInvites, ({ caller }) => listMyInvites({ clock, listInvitesOfEmail }, caller));
