import type { Role } from '#shared/constants';
import { db } from './db';

export type Membership = { workspaceId: string; userId: string; email: string; role: Role; status: 'joined' | 'invited'; joinedAt: string };

/** The one lookup the HTTP wrapper makes to authorise a workspace route (pattern: memberOfWorkspace). */
export const findMembership = async (workspaceId: string, userId: string): Promise<Membership | undefined> => {
  const { data } = await db().entities.member.get({ workspaceId, userId }).go();
  return data ?? undefined;
};

/** A user's memberships across workspaces (pattern: workspacesOfUser). */
export const listMembershipsOfUser = async (userId: string): Promise<Membership[]> => {
  const { data } = await db().entities.member.query.byUser({ userId }).go({ pages: 'all' });
  return data;
};
