import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { InviteItem } from '#data/invites';

export type RevokeInviteDeps = {
  findInviteByToken: (inviteId: string) => Promise<InviteItem | undefined>;
  revokePendingInvite: (ctx: WorkspaceContext, invite: Pick<InviteItem, 'email' | 'inviteId'>) => Promise<boolean>;
};

/**
 * An admin withdraws a pending invite of their workspace; its link then answers invite_not_found. Revoking
 * twice is fine. An invite of another workspace, or one already accepted, is not found here.
 */
export const revokeInvite = async (deps: RevokeInviteDeps, ctx: WorkspaceContext, inviteId: string): Promise<undefined> => {
  const invite = await deps.findInviteByToken(inviteId);
  if (!invite || invite.workspaceId !== ctx.workspaceId) throw new DomainError('invite_not_found');
  if (invite.status === 'revoked') return undefined;
  if (invite.status !== 'pending') throw new DomainError('invite_not_found');
  if (await deps.revokePendingInvite(ctx, invite)) return undefined;
  // Changed meanwhile: revoked by another admin is done; accepted or replaced is no longer there to withdraw.
  const current = await deps.findInviteByToken(inviteId);
  if (current?.status !== 'revoked') throw new DomainError('invite_not_found');
  return undefined;
};
