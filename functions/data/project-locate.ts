import { db } from './db';
import { allExactly } from './exact-ids';
import { listMembershipsOfUser } from './memberships';

/** The workspace of a project by its id alone (pattern: projectById, the byToken index). */
const workspaceByProjectId = async (projectId: string): Promise<string | undefined> => {
  const { data } = await db().entities.project.query.byToken({ projectId }).go({ attributes: ['workspaceId', 'projectId'] });
  return allExactly(data as { workspaceId: string; projectId: string }[], { projectId })[0]?.workspaceId;
};

/**
 * The project among the caller's own workspaces (patterns: workspacesOfUser, projectsById): for a project the index
 * does not hold (created before it, or an instant ago: a global index is eventually consistent).
 */
const workspaceAmongCallers = async (userId: string, projectId: string): Promise<string | undefined> => {
  const memberships = (await listMembershipsOfUser(userId)).filter((m) => m.status === 'joined' && m.userId === userId);
  // BatchGetItem takes 100 keys a call; ElectroDB splits larger lists itself.
  const keys = memberships.map(({ workspaceId }) => ({ workspaceId, projectId }));
  if (!keys.length) return undefined;
  const { data, unprocessed } = await db().entities.project.get(keys).go({ attributes: ['workspaceId', 'projectId'] });
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} projects unprocessed`);
  return allExactly(data as { workspaceId: string; projectId: string }[], { projectId }).find((p) => keys.some((k) => k.workspaceId === p.workspaceId))?.workspaceId;
};

/**
 * The workspace holding a project: how the /projects/{projectId}/… routes (route table `workspaceFrom: 'project'`)
 * find their workspace. One Query of the project's id; only when that finds nothing, a search of the caller's own
 * workspaces. The wrapper then checks the caller's membership, permission and project role there as on any
 * workspace route, so a project of another workspace is refused (403) and its id reveals nothing.
 */
export const locateProjectWorkspace = async (userId: string, projectId: string): Promise<string | undefined> =>
  (await workspaceByProjectId(projectId)) ?? (await workspaceAmongCallers(userId, projectId));
