import type { TeamMember } from '#shared/schemas/workspace';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { Membership } from '#data/memberships';
import type { UserItem } from '#data/users';
import { toTeamMember } from './team-view';

export type GetMemberDeps = {
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  getUser: (userId: string) => Promise<UserItem | undefined>;
};

/** One member of the caller's workspace with their name (admin: /profile/{uid}); a non-member is not found. */
export const getMember = async (deps: GetMemberDeps, ctx: WorkspaceContext, userId: string): Promise<TeamMember> => {
  const [membership, user] = await Promise.all([deps.findMembership(ctx.workspaceId, userId), deps.getUser(userId)]);
  if (!membership || membership.status !== 'joined') throw new DomainError('not_found');
  return toTeamMember({ ...membership, name: user?.name });
};
