import type * as z from 'zod/mini';
import type { projectUser } from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { Membership } from '#data/memberships';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';

export type ProjectUser = z.output<typeof projectUser>;

type GetProjectWithMembers = (ctx: WorkspaceContext, projectId: string) => Promise<{ project?: ProjectItem; members: ProjectMemberItem[] }>;

/** The project and its people; who may manage them is the route table's `projectRole: 'admin'`, checked by the wrapper. */
const managedProject = async (getProjectWithMembers: GetProjectWithMembers, ctx: WorkspaceContext, projectId: string) => {
  const { project, members } = await getProjectWithMembers(ctx, projectId);
  if (!project) throw new DomainError('project_not_found');
  return { project, members };
};

export type ListProjectUsersDeps = {
  getProjectWithMembers: GetProjectWithMembers;
  getMemberships: (ctx: WorkspaceContext, userIds: readonly string[]) => Promise<Membership[]>;
  getUserNames: (userIds: readonly string[]) => Promise<Map<string, string>>;
};

const ORDER = { owner: 0, admin: 1, member: 2 } as const;

/**
 * A project's people (spec 2: /project/{slug}/users): who holds access, with their project role, and who asked
 * for it. Only people still joined to the workspace are listed (someone who left cannot use the project). Owner
 * and admins first, then by email; requests after the granted.
 */
export const listProjectUsers = async (deps: ListProjectUsersDeps, ctx: WorkspaceContext, projectId: string): Promise<ProjectUser[]> => {
  const { members } = await managedProject(deps.getProjectWithMembers, ctx, projectId);
  const userIds = members.map((m) => m.userId);
  const [memberships, names] = await Promise.all([deps.getMemberships(ctx, userIds), deps.getUserNames(userIds)]);
  const joined = new Map(memberships.filter((m) => m.status === 'joined').map((m) => [m.userId, m]));
  return members
    .filter((m) => joined.has(m.userId))
    .map((m) => ({ user_uid: m.userId, email: joined.get(m.userId)!.email, name: names.get(m.userId) ?? null, role: m.role, status: m.status }))
    .sort((a, b) => (a.status === b.status ? ORDER[a.role] - ORDER[b.role] || a.email.localeCompare(b.email) : a.status === 'granted' ? -1 : 1));
};

export type RemoveProjectUserDeps = {
  getProjectWithMembers: GetProjectWithMembers;
  removeProjectMember: (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<boolean>;
};

/**
 * Takes a person's access to a project away, or declines their request: a project admin may. The project's owner
 * can never be removed (workspace_edit_user_failure); nobody to remove is not_found.
 */
export const removeProjectUser = async (deps: RemoveProjectUserDeps, ctx: WorkspaceContext, projectId: string, userId: string): Promise<void> => {
  const { project, members } = await managedProject(deps.getProjectWithMembers, ctx, projectId);
  const target = members.find((m) => m.userId === userId);
  if (userId === project.ownerId || target?.role === 'owner') throw new DomainError('workspace_edit_user_failure');
  if (!target) throw new DomainError('not_found');
  // The delete is conditional on a non-owner membership, so a racing change cannot make it remove an owner.
  if (!(await deps.removeProjectMember(ctx, projectId, userId))) throw new DomainError('not_found');
};
