import { teamRoutes } from '#shared/routes/team';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { newId } from '#lib/ids';
import { sendEmail } from '#lib/email';
import { getWorkspace } from '#data/workspaces';
import { listTeam, putInviteUnlessLive, deleteInvite } from '#data/invites';
import { createInvite } from '#core/invites/create-invite';
import { systemClock as clock } from '#core/clock';

/** Invite uids are the secret in a link: 24 random bytes. */
const newToken = () => newId(24);

export const handler = workspaceHandler(teamRoutes.createInvite, ({ workspace, body }) =>
  createInvite(
    { clock, newToken, appUrl: config.appUrl, getWorkspace, listTeam, putInviteUnlessLive, deleteInvite, sendEmail },
    workspace,
    body,
  ),
);
