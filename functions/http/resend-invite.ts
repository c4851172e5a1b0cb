import { teamRoutes } from '#shared/routes/team';
import { workspaceHandler } from '#lib/workspace-http';
import { config } from '#lib/config';
import { sendEmail } from '#lib/email';
import { findInviteByToken } from '#data/invites';
import { resendInvite } from '#core/invites/resend-invite';
import { systemClock as clock } from '#core/clock';

export const handler = workspaceHandler(teamRoutes.resendInvite, ({ workspace, params }) =>
  resendInvite({ clock, appUrl: config.appUrl, findInviteByToken, sendEmail }, workspace, params.inviteUid),
);
