import type { Invite } from '#shared/schemas/workspace';
import type { InviteItem } from '#data/invites';

/** Pending and not past its validity: the link still works. */
export const isLive = (invite: Pick<InviteItem, 'status' | 'validUntil'>, now: Date) =>
  invite.status === 'pending' && new Date(invite.validUntil) > now;

/** The status a person sees: a pending invite past its validity reads 'expired'. */
export const visibleStatus = (invite: InviteItem, now: Date): Invite['status'] =>
  invite.status === 'pending' && !isLive(invite, now) ? 'expired' : invite.status;

export const toInvite = (invite: InviteItem, now: Date): Invite => ({
  uid: invite.inviteId,
  workspace_uid: invite.workspaceId,
  workspace_name: invite.workspaceName,
  email: invite.email,
  role: invite.role,
  status: visibleStatus(invite, now),
  invited_by: invite.invitedBy,
  created_at: invite.createdAt,
  expires_at: invite.validUntil,
});
