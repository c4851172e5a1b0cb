import type { Role } from '#shared/constants';
import { DomainError } from '#lib/errors';

export type MemberRecord = { userId: string; role: Role; status: 'joined' | 'invited' };
export type MemberChange = { role: Role } | 'remove';

export type MemberChangePlan<M extends MemberRecord> = {
  target: M;
  /** Nothing to write: the member already has that role. */
  noop: boolean;
  /** Another joined admin the write must find still admin when it commits (set when the target loses admin). */
  keeper?: string;
};

/**
 * The team rules (spec 6) for changing a member's role or removing them, decided on the members as read:
 * the last user cannot be removed (workspace_last_user); a workspace keeps at least one admin
 * (workspace_min_one); the owner's role cannot change and the owner cannot be removed
 * (workspace_edit_user_failure). Checked in that order, so the owner alone hears the more telling reason.
 * The reads may be stale: the write re-checks the target's role and the keeper in one transaction.
 */
export const planMemberChange = <M extends MemberRecord>(
  members: readonly M[],
  ownerId: string,
  targetId: string,
  change: MemberChange,
): MemberChangePlan<M> => {
  const joined = members.filter((m) => m.status === 'joined');
  const target = joined.find((m) => m.userId === targetId);
  if (!target) throw new DomainError('not_found');
  const noop = change !== 'remove' && change.role === target.role;
  if (noop) return { target, noop };

  if (change === 'remove' && joined.length === 1) throw new DomainError('workspace_last_user');
  const losesAdmin = target.role === 'admin';
  const keeper = losesAdmin ? keeperFor(joined, ownerId, targetId) : undefined;
  if (losesAdmin && !keeper) throw new DomainError('workspace_min_one');
  if (target.userId === ownerId) throw new DomainError('workspace_edit_user_failure');
  return { target, noop, keeper };
};

/** The owner when they are another admin (their role never changes, so the check rarely fails), else any other admin. */
const keeperFor = (joined: readonly MemberRecord[], ownerId: string, targetId: string) => {
  const others = joined.filter((m) => m.role === 'admin' && m.userId !== targetId);
  return (others.find((m) => m.userId === ownerId) ?? [...others].sort((a, b) => a.userId.localeCompare(b.userId))[0])?.userId;
};
