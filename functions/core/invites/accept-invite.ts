import type { WorkspaceListItem } from '#shared/schemas/workspace';
import type { Caller, WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { AcceptOutcome, InviteItem } from '#data/invites';
import type { WorkspaceItem } from '#data/workspaces';
import type { Membership } from '#data/memberships';
import type { Clock } from '../clock';
import { toWorkspaceListItem } from '../workspaces/workspace-view';
import { isLive } from './invite-state';

export type AcceptInviteDeps = {
  clock: Clock;
  findInviteByToken: (inviteId: string) => Promise<InviteItem | undefined>;
  acceptInviteTransaction: (invite: InviteItem, user: { userId: string; email: string }, joinedAt: string) => Promise<AcceptOutcome>;
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  getWorkspace: (ctx: WorkspaceContext) => Promise<WorkspaceItem | undefined>;
};

/**
 * The caller joins the invite's workspace. Only the person the invite was sent to can use it; accepting an
 * invite the caller already accepted answers the same membership again (a double click is harmless).
 */
export const acceptInvite = async (deps: AcceptInviteDeps, caller: Caller, inviteId: string): Promise<WorkspaceListItem> => {
  const invite = await deps.findInviteByToken(inviteId);
  if (!invite || invite.status === 'revoked') throw new DomainError('invite_not_found');
  if (invite.email !== caller.email) throw new DomainError('invite_wrong_account');

  const joined = async () => {
    const membership = await deps.findMembership(invite.workspaceId, caller.userId);
    if (!membership) throw new DomainError('invite_not_found');
    const workspace = await deps.getWorkspace({ ...membership, email: caller.email });
    if (!workspace) throw new DomainError('invite_not_found');
    return toWorkspaceListItem(membership, workspace);
  };

  if (invite.status === 'accepted') {
    if (invite.acceptedBy === caller.userId) return joined();
    throw new DomainError('invite_not_found');
  }
  const now = deps.clock();
  if (!isLive(invite, now)) throw new DomainError('invite_expired');

  const outcome = await deps.acceptInviteTransaction(invite, caller, now.toISOString());
  if (outcome === 'already_member') throw new DomainError('user_already_in_workspace');
  if (outcome === 'not_pending') {
    // Lost a race with ourselves (double submit) or the invite changed under us: read what is true now.
    const current = await deps.findInviteByToken(inviteId);
    if (current?.status === 'accepted' && current.acceptedBy === caller.userId) return joined();
    throw new DomainError('invite_not_found');
  }
  return joined();
};
