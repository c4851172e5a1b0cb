import type { Invite } from '#shared/schemas/workspace';
import type { Caller } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { InviteItem } from '#data/invites';
import type { Clock } from '../clock';
import { isLive, toInvite } from './invite-state';

export type ListMyInvitesDeps = { clock: Clock; listInvitesOfEmail: (email: string) => Promise<InviteItem[]> };

/**
 * Invites addressed to the caller's email that can still be accepted, newest first. The email is the
 * credential here as in accept: an address the caller has not verified lists nothing (email_not_verified).
 */
export const listMyInvites = async (deps: ListMyInvitesDeps, caller: Caller): Promise<Invite[]> => {
  if (!caller.emailVerified) throw new DomainError('email_not_verified');
  const now = deps.clock();
  return (await deps.listInvitesOfEmail(caller.email))
    .filter((invite) => isLive(invite, now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((invite) => toInvite(invite, now));
};
