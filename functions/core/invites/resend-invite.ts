import type { Invite } from '#shared/schemas/workspace';
import type { EmailMessage } from '#shared/queues';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { InviteItem } from '#data/invites';
import type { Clock } from '../clock';
import { inviteEmail } from './create-invite';
import { isLive, toInvite } from './invite-state';

export type ResendInviteDeps = {
  clock: Clock;
  appUrl: string;
  findInviteByToken: (inviteId: string) => Promise<InviteItem | undefined>;
  sendEmail: (message: EmailMessage) => Promise<void>;
};

/** Resends within this window are one sending: a double click mails once. */
export const RESEND_WINDOW_MS = 60_000;

/**
 * An admin sends a pending invite of their workspace again (its email was lost, or the person cannot find it):
 * the same link, mailed anew. An invite of another workspace, withdrawn or accepted is invite_not_found; an
 * expired one is invite_expired (invite the person again instead).
 */
export const resendInvite = async (deps: ResendInviteDeps, ctx: WorkspaceContext, inviteId: string): Promise<Invite> => {
  const invite = await deps.findInviteByToken(inviteId);
  if (!invite || invite.workspaceId !== ctx.workspaceId || invite.status !== 'pending') throw new DomainError('invite_not_found');
  const now = deps.clock();
  if (!isLive(invite, now)) throw new DomainError('invite_expired');
  const sending = Math.floor(now.getTime() / RESEND_WINDOW_MS);
  await deps.sendEmail(inviteEmail(invite, ctx.email, deps.appUrl, `invite:${invite.inviteId}:resent:${sending}`));
  return toInvite(invite, now);
};
