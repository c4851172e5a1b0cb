import { db } from './db';
import { allExactly } from './exact-ids';
import { listMembershipsOfUser } from './memberships';

/**
 * The workspace holding a project, looked for only among the caller's own workspaces (patterns: workspacesOfUser,
 * projectsById): how the /projects/{projectId}/… routes (route table `workspaceFrom: 'project'`) find their
 * workspace. A project of a workspace the caller is not in is never found, so its id reveals nothing; the
 * wrapper then checks the membership, permission and project role as on any workspace route.
 */
export const locateProjectWorkspace = async (userId: string, projectId: string): Promise<string | undefined> => {
  const memberships = (await listMembershipsOfUser(userId)).filter((m) => m.status === 'joined' && m.userId === userId);
  // BatchGetItem takes 100 keys a call; ElectroDB splits larger lists itself.
  const keys = memberships.map(({ workspaceId }) => ({ workspaceId, projectId }));
  if (!keys.length) return undefined;
  const { data, unprocessed } = await db().entities.project.get(keys).go({ attributes: ['workspaceId', 'projectId'] });
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} projects unprocessed`);
  const found = allExactly(data as { workspaceId: string; projectId: string }[], { projectId }).filter((p) => keys.some((k) => k.workspaceId === p.workspaceId));
  return found[0]?.workspaceId;
};
