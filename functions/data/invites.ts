import type { Role } from '#shared/constants';
import type { WorkspaceContext } from '#lib/context';
import { db } from './db';

export type InviteItem = {
  workspaceId: string;
  inviteId: string;
  workspaceName: string;
  email: string;
  role: Role;
  status: 'pending' | 'accepted' | 'revoked';
  invitedBy: string;
  createdAt: string;
  validUntil: string;
  acceptedBy?: string;
  expiresAt?: number;
};
export type MemberItem = { userId: string; email: string; role: Role; status: 'joined' | 'invited'; joinedAt: string };

/** Members and invites of the caller's workspace in one Query on the `team` collection (pattern: teamOfWorkspace). */
export const listTeam = async (ctx: WorkspaceContext): Promise<{ members: MemberItem[]; invites: InviteItem[] }> => {
  const { data } = await db().collections.team({ workspaceId: ctx.workspaceId }).go({ pages: 'all' });
  return { members: data.member, invites: data.invite };
};

export const createInvite = async (ctx: WorkspaceContext, invite: Omit<InviteItem, 'workspaceId' | 'status'>) => {
  await db()
    .entities.invite.create({ ...invite, workspaceId: ctx.workspaceId, status: 'pending' })
    .go();
};

/** The invite behind a link (pattern: inviteByToken). Not workspace-scoped: the uid is the credential. */
export const findInviteByToken = async (inviteId: string): Promise<InviteItem | undefined> => {
  const { data } = await db().entities.invite.query.byToken({ inviteId }).go({ limit: 1 });
  return data[0];
};

/** Pending invites addressed to an email (pattern: pendingInvitesOfEmail). */
export const listPendingInvitesOfEmail = async (email: string): Promise<InviteItem[]> => {
  const { data } = await db().entities.invite.query.byEmail({ email, status: 'pending' }).go({ pages: 'all' });
  return data;
};

export type AcceptOutcome = 'joined' | 'already_member' | 'not_pending';

/**
 * Joins the invite's workspace in one transaction: the membership is created only if absent and the invite
 * flips pending → accepted only if still pending. A double click, or two tabs, cannot join twice.
 */
export const acceptInviteTransaction = async (
  invite: InviteItem,
  user: { userId: string; email: string },
  joinedAt: string,
): Promise<AcceptOutcome> => {
  const { canceled, data } = await db()
    .transaction.write(({ member, invite: inviteEntity }) => [
      member
        .create({
          workspaceId: invite.workspaceId,
          userId: user.userId,
          email: user.email,
          role: invite.role,
          status: 'joined',
          joinedAt,
        })
        .commit(),
      inviteEntity
        .patch({ workspaceId: invite.workspaceId, inviteId: invite.inviteId })
        .set({ status: 'accepted', acceptedBy: user.userId })
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .commit(),
    ])
    .go();
  if (!canceled) return 'joined';
  const [memberResult] = data;
  return memberResult?.rejected ? 'already_member' : 'not_pending';
};
