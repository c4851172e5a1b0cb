import type { WorkspaceContext } from '#lib/context';
import { retry, RETRY } from '#lib/retry';
import type { Membership } from './memberships';
import type { ProjectItem, ProjectMemberItem } from './projects';
import { db } from './db';
import { allExactly, exactly, sameIds } from './exact-ids';
import { cancelledOutcome, unlessRefused } from './conditions';
import { grantChange } from './project-directory';

/** A project and every membership of it (granted and requested): one GetItem and one Query (pattern: membersOfProject). */
export const getProjectWithMembers = async (
  ctx: Pick<WorkspaceContext, 'workspaceId'>,
  projectId: string,
): Promise<{ project?: ProjectItem; members: ProjectMemberItem[] }> => {
  const { workspaceId } = ctx;
  const [project, members] = await Promise.all([
    db().entities.project.get({ workspaceId, projectId }).go(),
    db().entities.projectMember.query.primary({ workspaceId, projectId }).go({ pages: 'all' }),
  ]);
  return {
    project: exactly(project.data as ProjectItem | null, { workspaceId, projectId }),
    members: allExactly(members.data as ProjectMemberItem[], { workspaceId, projectId }),
  };
};

/** Workspace memberships (email, status) of several people: one BatchGetItem (pattern: memberOfWorkspace). */
export const getMemberships = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, userIds: readonly string[]): Promise<Membership[]> => {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const { data, unprocessed } = await db()
    .entities.member.get(unique.map((userId) => ({ workspaceId: ctx.workspaceId, userId })))
    .go({ concurrency: 4 });
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} members unprocessed`);
  return (data as Membership[]).filter((member) => member.workspaceId === ctx.workspaceId && unique.includes(member.userId));
};

/**
 * Removes a person's access to a project (or their request), never the owner's: the delete is conditional on the
 * membership existing with a role other than owner, and the project leaves their grants in the same transaction
 * (patterns: projectMemberRemoval, projectGrantsOfMember). False: nothing to remove.
 */
export const removeProjectMember = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, projectId: string, userId: string): Promise<boolean> =>
  retry(
    async () => {
      const { canceled, data } = await db()
        .transaction.write(({ projectMember, projectGrant }) => [
          projectMember
            .delete({ workspaceId: ctx.workspaceId, projectId, userId })
            .where((attr, { eq, exists, ne }) => `${exists(attr.role)} AND ${ne(attr.role, 'owner')} AND ${sameIds(attr, eq, { projectId, userId })}`)
            .commit(),
          grantChange(projectGrant, ctx.workspaceId, userId, projectId, 'delete'),
        ])
        .go();
      if (!canceled) return true;
      return cancelledOutcome(data) === 'conflict' ? RETRY : false;
    },
    { exhausted: 'service_busy' },
  );

/**
 * Points the project's cover at a new object, only if the cover is still the one read (pattern: projectUpdate).
 * False: it changed meanwhile.
 */
export const setProjectCover = async (current: ProjectItem, key: string, now: string): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.project.patch({ workspaceId: current.workspaceId, projectId: current.projectId })
      .set({ coverUrl: key, updatedAt: now })
      .where(({ coverUrl }, { eq, notExists }) => (current.coverUrl ? eq(coverUrl, current.coverUrl) : notExists(coverUrl)))
      .go();
    return true;
  }, false);
};
