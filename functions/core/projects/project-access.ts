import type { ProjectAccess } from '#shared/schemas/project';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { Membership } from '#data/memberships';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { Clock } from '../clock';

type GetProjectAndMember = (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;

const toAccess = (member: Pick<ProjectMemberItem, 'projectId' | 'userId' | 'role' | 'status'>): ProjectAccess => ({
  project_uid: member.projectId,
  user_uid: member.userId,
  role: member.role,
  status: member.status,
});

export type RequestAccessDeps = {
  clock: Clock;
  getProjectAndMember: GetProjectAndMember;
  putAccessRequest: (ctx: WorkspaceContext, projectId: string, now: string) => Promise<boolean>;
};

/**
 * The caller asks for access to a project. Asking twice, or when already granted, changes nothing and answers
 * the current standing (a workspace admin already reaches every project and is answered as granted).
 */
export const requestProjectAccess = async (deps: RequestAccessDeps, ctx: WorkspaceContext, projectId: string): Promise<ProjectAccess> => {
  const { project, member } = await deps.getProjectAndMember(ctx, projectId, ctx.userId);
  if (!project) throw new DomainError('project_not_found');
  if (member) return toAccess(member);
  if (ctx.role === 'admin') return toAccess({ projectId, userId: ctx.userId, role: 'admin', status: 'granted' });
  if (!(await deps.putAccessRequest(ctx, projectId, deps.clock().toISOString()))) {
    const again = await deps.getProjectAndMember(ctx, projectId, ctx.userId);
    if (again.member) return toAccess(again.member);
  }
  return toAccess({ projectId, userId: ctx.userId, role: 'member', status: 'requested' });
};

export type GrantAccessDeps = {
  clock: Clock;
  getProjectAndMember: GetProjectAndMember;
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  grantAccess: (ctx: WorkspaceContext, projectId: string, userId: string, role: ProjectMemberItem['role'], now: string) => Promise<ProjectMemberItem>;
};

/**
 * A project admin (or a workspace admin: the route table's `projectRole: 'admin'`) gives a joined member of the workspace access to the project. A
 * person who already holds a role keeps it; granting twice is a no-op. Someone outside the workspace cannot be
 * added (not_found).
 */
export const grantProjectAccess = async (deps: GrantAccessDeps, ctx: WorkspaceContext, projectId: string, userId: string): Promise<ProjectAccess> => {
  const [{ project }, target, workspaceMember] = await Promise.all([
    deps.getProjectAndMember(ctx, projectId, ctx.userId),
    deps.getProjectAndMember(ctx, projectId, userId),
    deps.findMembership(ctx.workspaceId, userId),
  ]);
  if (!project) throw new DomainError('project_not_found');
  if (!workspaceMember || workspaceMember.status !== 'joined') throw new DomainError('not_found');
  if (target.member?.status === 'granted') return toAccess(target.member);
  const granted = await deps.grantAccess(ctx, projectId, userId, target.member?.role ?? 'member', deps.clock().toISOString());
  return toAccess(granted);
};
