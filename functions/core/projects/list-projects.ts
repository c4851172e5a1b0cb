import type { Project } from '#shared/schemas/project';
import type { WorkspaceContext } from '#lib/context';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import { hasPermission, toProjectWithCover, type SignDownload } from './project-rules';

export type ListProjectsDeps = {
  listProjectsWithMembers: (ctx: WorkspaceContext) => Promise<{ projects: ProjectItem[]; members: ProjectMemberItem[] }>;
  signDownload: SignDownload;
};

/**
 * Every project of the workspace, oldest first, each telling whether the caller may open it. The list itself
 * is not filtered: the SPA shows projects without permission so a member can request access.
 */
export const listProjects = async (deps: ListProjectsDeps, ctx: WorkspaceContext): Promise<Project[]> => {
  const { projects, members } = await deps.listProjectsWithMembers(ctx);
  const mine = new Map(members.filter((m) => m.userId === ctx.userId).map((m) => [m.projectId, m]));
  return Promise.all(projects.map((project) => toProjectWithCover(deps.signDownload, project, hasPermission(ctx, mine.get(project.projectId)))));
};
