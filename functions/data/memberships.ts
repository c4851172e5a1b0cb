import type { Role } from '#shared/constants';
import { db } from './db';
import type { WorkspaceItem } from './workspaces';

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

/**
 * The caller's membership and the workspace, read together in one TransactGetItems: what the wrapper needs to
 * authorise a workspace route and apply the lockdown (pattern: memberOfWorkspace + workspaceById).
 */
export const findMembershipAndWorkspace = async (
  workspaceId: string,
  userId: string,
): Promise<{ membership?: Membership; workspace?: WorkspaceItem }> => {
  const { data } = await db()
    .transaction.get(({ member, workspace }) => [member.get({ workspaceId, userId }).commit(), workspace.get({ workspaceId }).commit()])
    .go();
  const [membership, workspace] = data;
  return { membership: (membership?.item ?? undefined) as Membership | undefined, workspace: (workspace?.item ?? undefined) as WorkspaceItem | undefined };
};
