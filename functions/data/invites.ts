import type { Role, InviteStatus } from '#shared/constants';
import type { WorkspaceContext } from '#lib/context';
import { db } from './db';
import { allExactly } from './exact-ids';
import { unlessRefused } from './conditions';

export type InviteItem = {
  workspaceId: string;
  inviteId: string;
  workspaceName: string;
  email: string;
  role: Role;
  status: InviteStatus;
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

/**
 * Writes the workspace's invite for an email unless a live one exists: the put is conditional on there being
 * no pending invite still valid at `now`, so concurrent invites of one person leave exactly one.
 * Returns false when a live invite already exists.
 */
export const putInviteUnlessLive = async (
  ctx: WorkspaceContext,
  invite: Omit<InviteItem, 'workspaceId' | 'status' | 'acceptedBy'>,
  now: string,
): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.invite.put({ ...invite, workspaceId: ctx.workspaceId, status: 'pending' })
      .where(
        ({ status, validUntil }, { notExists, ne, lt }) =>
          `${notExists(status)} OR ${ne(status, 'pending')} OR ${lt(validUntil, now)}`,
      )
      .go();
    return true;
  }, false);
};

/** Removes an invite the caller's workspace just wrote (used to undo when its email could not be queued). */
export const deleteInvite = async (ctx: WorkspaceContext, email: string) => {
  await db().entities.invite.delete({ workspaceId: ctx.workspaceId, email }).go();
};

/** The invite behind a link (pattern: inviteByToken). Not workspace-scoped: the uid is the credential. */
export const findInviteByToken = async (inviteId: string): Promise<InviteItem | undefined> => {
  const { data } = await db().entities.invite.query.byToken({ inviteId }).go();
  return allExactly(data, { inviteId })[0];
};

/** Every invite ever addressed to an email, across workspaces (pattern: invitesOfEmail). */
export const listInvitesOfEmail = async (email: string): Promise<InviteItem[]> => {
  const { data } = await db().entities.invite.query.byEmail({ email }).go({ pages: 'all' });
  return data;
};

/**
 * What the accept transaction did. `conflict`: DynamoDB cancelled it because another transaction was writing
 * the same items at that moment (e.g. a second click); the caller should read again and retry.
 */
export type AcceptOutcome = 'joined' | 'already_member' | 'not_pending' | 'conflict';

/**
 * Joins the invite's workspace in one transaction: the membership is created only if absent and the invite
 * flips pending → accepted only if it is still the same pending invite. A double click, or two tabs, cannot
 * join twice.
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
        .patch({ workspaceId: invite.workspaceId, email: invite.email })
        .set({ status: 'accepted', acceptedBy: user.userId })
        .where(({ status, inviteId }, { eq }) => `${eq(status, 'pending')} AND ${eq(inviteId, invite.inviteId)}`)
        .commit(),
    ])
    .go();
  if (!canceled) return 'joined';
  const [memberResult, inviteResult] = data;
  if ([memberResult, inviteResult].some((r) => r?.code === 'TransactionConflict')) return 'conflict';
  if (memberResult?.code === 'ConditionalCheckFailed') return 'already_member';
  if (inviteResult?.code === 'ConditionalCheckFailed') return 'not_pending';
  throw new Error(`Accept transaction cancelled: ${data.map((r) => r?.code).join(', ')}`);
};

/**
 * Withdraws the workspace's pending invite behind a link: pending → revoked, only if it is still this pending
 * invite (an invite accepted meanwhile stays accepted). Answers false when there was nothing pending to revoke.
 */
export const revokePendingInvite = async (ctx: WorkspaceContext, invite: Pick<InviteItem, 'email' | 'inviteId'>): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.invite.patch({ workspaceId: ctx.workspaceId, email: invite.email })
      .set({ status: 'revoked' })
      .where(({ status, inviteId }, { eq }) => `${eq(status, 'pending')} AND ${eq(inviteId, invite.inviteId)}`)
      .go();
    return true;
  }, false);
};
