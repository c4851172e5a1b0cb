import type { Invite } from '#shared/schemas/workspace';
import type { Caller } from '#lib/context';
import type { InviteItem } from '#data/invites';
import type { Clock } from '../clock';
import { isLive, toInvite } from './invite-state';

export type ListMyInvitesDeps = { clock: Clock; listInvitesOfEmail: (email: string) => Promise<InviteItem[]> };

/** Invites addressed to the caller's email that can still be accepted, newest first. */
export const listMyInvites = async (deps: ListMyInvitesDeps, caller: Caller): Promise<Invite[]> => {
  const now = deps.clock();
  return (await deps.listInvitesOfEmail(caller.email))
    .filter((invite) => isLive(invite, now))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((invite) => toInvite(invite, now));
};
