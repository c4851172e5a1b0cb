import type { Invite } from '#shared/schemas/workspace';
import { DomainError } from '#lib/errors';
import type { InviteItem } from '#data/invites';
import type { Clock } from '../clock';
import { toInvite } from './invite-state';

export type GetInviteDeps = { clock: Clock; findInviteByToken: (inviteId: string) => Promise<InviteItem | undefined> };

/** What an invite link is for. A withdrawn invite reads as not found; an old one says 'expired'. */
export const getInvite = async (deps: GetInviteDeps, inviteId: string): Promise<Invite> => {
  const invite = await deps.findInviteByToken(inviteId);
  if (!invite || invite.status === 'revoked') throw new DomainError('invite_not_found');
  return toInvite(invite, deps.clock());
};
