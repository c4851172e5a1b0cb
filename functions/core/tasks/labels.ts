import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { TaskLabel } from '#data/tasks';
import { hasPermission } from '../projects/project-rules';
import { openableProjects } from './list-tasks';

export type LabelsDeps = {
  listLabels: (ctx: WorkspaceContext, kind: TaskLabel['kind'], projectId?: string) => Promise<TaskLabel[]>;
  listProjectsWithMembers: (ctx: WorkspaceContext) => Promise<{ projects: ProjectItem[]; members: ProjectMemberItem[] }>;
  getProjectAndMember: (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;
};

/** Label names sorted for a picker, each once (case-insensitively, as the vocabulary keys them). */
export const labelNames = (labels: readonly TaskLabel[]): string[] => {
  const byKey = new Map<string, string>();
  for (const { name } of labels) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1));
};

/**
 * The tags or milestones used on tasks: of one project the caller can open, or of every project they can open
 * (a workspace admin: all).
 */
export const listLabelNames = async (deps: LabelsDeps, ctx: WorkspaceContext, kind: TaskLabel['kind'], projectId?: string): Promise<string[]> => {
  if (projectId) {
    const [{ project, member }, labels] = await Promise.all([deps.getProjectAndMember(ctx, projectId, ctx.userId), deps.listLabels(ctx, kind, projectId)]);
    if (!project) throw new DomainError('project_not_found');
    if (!hasPermission(ctx, member)) throw new DomainError('user_not_in_project');
    return labelNames(labels);
  }
  if (ctx.role === 'admin') return labelNames(await deps.listLabels(ctx, kind));
  const [{ projects, members }, labels] = await Promise.all([deps.listProjectsWithMembers(ctx), deps.listLabels(ctx, kind)]);
  const openable = new Set(openableProjects(ctx, projects, members).map((p) => p.projectId));
  return labelNames(labels.filter((label) => openable.has(label.projectId)));
};
