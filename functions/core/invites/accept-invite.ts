import type { WorkspaceListItem } from '#shared/schemas/workspace';
import type { Caller, WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { AcceptOutcome, InviteItem } from '#data/invites';
import type { WorkspaceItem } from '#data/workspaces';
import type { Membership } from '#data/memberships';
import type { Clock } from '../clock';
import { logoUrlOf, toWorkspaceListItem, type SignDownload } from '../workspaces/workspace-view';
import { isLive } from './invite-state';

export type AcceptInviteDeps = {
  clock: Clock;
  findInviteByToken: (inviteId: string) => Promise<InviteItem | undefined>;
  acceptInviteTransaction: (invite: InviteItem, user: { userId: string; email: string }, joinedAt: string) => Promise<AcceptOutcome>;
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  getWorkspace: (ctx: WorkspaceContext) => Promise<WorkspaceItem | undefined>;
  /** Signs the workspace's logo link (none: the answer names no logo). */
  signDownload?: SignDownload;
  retryTiming?: RetryTiming;
};

/**
 * The caller joins the invite's workspace. Only the person the invite was sent to can use it, once they have
 * verified that email address (email_not_verified: the address is the credential). Accepting an
 * invite the caller already accepted answers the same membership again, so a double click (even two requests
 * racing each other) joins once and both see success.
 */
export const acceptInvite = async (deps: AcceptInviteDeps, caller: Caller, inviteId: string): Promise<WorkspaceListItem> => {
  const joined = async (workspaceId: string) => {
    const membership = await deps.findMembership(workspaceId, caller.userId);
    if (!membership) throw new DomainError('invite_not_found');
    const workspace = await deps.getWorkspace({ ...membership, email: caller.email });
    if (!workspace) throw new DomainError('invite_not_found');
    return toWorkspaceListItem(membership, workspace, deps.clock(), deps.signDownload ? await logoUrlOf(deps.signDownload, workspace) : null);
  };

  if (!caller.emailVerified) throw new DomainError('email_not_verified');
  return retry(async () => {
    const invite = await deps.findInviteByToken(inviteId);
    if (!invite || invite.status === 'revoked') throw new DomainError('invite_not_found');
    if (invite.email !== caller.email) throw new DomainError('invite_wrong_account');
    if (invite.status === 'accepted') {
      if (invite.acceptedBy === caller.userId) return joined(invite.workspaceId);
      throw new DomainError('invite_not_found');
    }
    const now = deps.clock();
    if (!isLive(invite, now)) throw new DomainError('invite_expired');

    const outcome = await deps.acceptInviteTransaction(invite, caller, now.toISOString());
    if (outcome === 'joined') return joined(invite.workspaceId);
    if (outcome === 'already_member') {
      // Either a racing request of ours just joined (the invite will read accepted), or the caller was a member
      // before this invite: read again to tell which.
      const current = await deps.findInviteByToken(inviteId);
      if (current?.status === 'accepted' && current.acceptedBy === caller.userId) return joined(invite.workspaceId);
      if (current?.status === 'pending') throw new DomainError('user_already_in_workspace');
    }
    // conflict, not_pending, or a racing write still settling: read the truth again shortly.
    return RETRY;
  }, { exhausted: 'service_busy', ...deps.retryTiming });
};
