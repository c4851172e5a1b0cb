import type { Role } from '#shared/constants';
import type { ProjectDirectory } from '#lib/context';
import { retry, RETRY } from '#lib/retry';
import { db } from './db';
import { exactly } from './exact-ids';
import { cancelledOutcome, type GuardedOutcome } from './conditions';
import { liveWorkspace, type WorkspaceItem } from './workspaces';
import { directoryOf } from './project-directory';

export type Membership = { workspaceId: string; userId: string; email: string; role: Role; status: 'joined' | 'invited'; joinedAt: string };

/** The one lookup the HTTP wrapper makes to authorise a workspace route (pattern: memberOfWorkspace). */
export const findMembership = async (workspaceId: string, userId: string): Promise<Membership | undefined> => {
  const { data } = await db().entities.member.get({ workspaceId, userId }).go();
  return exactly(data, { workspaceId, userId });
};

/** A user's memberships across workspaces (pattern: workspacesOfUser). */
export const listMembershipsOfUser = async (userId: string): Promise<Membership[]> => {
  const { data } = await db().entities.member.query.byUser({ userId }).go({ pages: 'all' });
  return data;
};

/**
 * The caller's membership, the workspace (with its project directory) and the caller's project grants, read
 * together in one TransactGetItems: what the wrapper needs to authorise a workspace route, apply the lockdown
 * and tell lists which brands the caller may open (patterns: memberOfWorkspace + workspaceById +
 * projectGrantsOfMember). DynamoDB cancels a TransactGetItems that meets a transactional write of one of its
 * items in flight; it is read again then, never taken for an absent membership.
 */
export const findMembershipAndWorkspace = async (
  workspaceId: string,
  userId: string,
): Promise<{ membership?: Membership; workspace?: WorkspaceItem; directory?: ProjectDirectory }> =>
  retry(
    async () => {
      const { canceled, data } = await db()
        .transaction.get(({ member, workspace, projectGrant }) => [
          member.get({ workspaceId, userId }).commit(),
          workspace.get({ workspaceId }).commit(),
          projectGrant.get({ workspaceId, userId }).commit(),
        ])
        .go();
      if (canceled) return RETRY;
      const [membership, workspace, grant] = data;
      const live = liveWorkspace(exactly(workspace?.item as WorkspaceItem | null, { workspaceId }) ?? null);
      return {
        membership: exactly(membership?.item as Membership | null, { workspaceId, userId }),
        workspace: live,
        directory: directoryOf(live, exactly(grant?.item ?? undefined, { workspaceId, userId })),
      };
    },
    { exhausted: 'service_busy' },
  );

/**
 * A change to one membership that may take an admin away. `keeper` is another admin that must still be a joined
 * admin when the write commits: the write and a ConditionCheck on the keeper go in one transaction, so two
 * admins demoting (or removing) each other at once cannot both succeed and leave the workspace without one.
 */
export type GuardedMemberChange = {
  workspaceId: string;
  userId: string;
  /** The role the change was decided on; the write applies only if the member still has it. */
  expectedRole: Role;
  change: { role: Role } | 'remove';
  keeper?: string;
};

/** Applies a role change or removal under its guards (patterns: memberOfWorkspace, guardedMemberChange). */
export const changeMembershipGuarded = async ({ workspaceId, userId, expectedRole, change, keeper }: GuardedMemberChange): Promise<GuardedOutcome> => {
  const { canceled, data } = await db()
    .transaction.write(({ member }) => [
      change === 'remove'
        ? member
            .delete({ workspaceId, userId })
            .where((attr, { eq }) => `${eq(attr.role, expectedRole)} AND ${eq(attr.status, 'joined')}`)
            .commit()
        : member
            .patch({ workspaceId, userId })
            .set({ role: change.role })
            .where((attr, { eq }) => `${eq(attr.role, expectedRole)} AND ${eq(attr.status, 'joined')}`)
            .commit(),
      ...(keeper
        ? [
            member
              .check({ workspaceId, userId: keeper })
              .where((attr, { eq }) => `${eq(attr.role, 'admin')} AND ${eq(attr.status, 'joined')}`)
              .commit(),
          ]
        : []),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};
