import type { Membership } from '#data/memberships';
import type { ProjectMemberItem } from '#data/projects';
import { hasPermission } from '../projects/project-rules';

export type AudienceDeps = {
  getMemberships: (ctx: { workspaceId: string }, userIds: readonly string[]) => Promise<Membership[]>;
  getProjectMembers: (ctx: { workspaceId: string }, projectId: string) => Promise<ProjectMemberItem[]>;
};

/**
 * Of these people, the joined members of the workspace who can open the project's tasks (a workspace admin
 * opens every project, anyone else a project they were granted), with their memberships: whom a comment may
 * mention, and who may still hear of a task.
 */
export const whoCanOpen = async (deps: AudienceDeps, workspaceId: string, projectId: string, userIds: readonly string[]): Promise<Map<string, Membership>> => {
  if (!userIds.length) return new Map();
  const [memberships, members] = await Promise.all([deps.getMemberships({ workspaceId }, userIds), deps.getProjectMembers({ workspaceId }, projectId)]);
  const granted = new Map(members.map((member) => [member.userId, member]));
  return new Map(
    memberships.filter((m) => m.status === 'joined' && hasPermission({ role: m.role }, granted.get(m.userId))).map((m) => [m.userId, m]),
  );
};
