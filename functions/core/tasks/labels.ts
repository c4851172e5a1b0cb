import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { TaskLabel } from '#data/tasks';
import { openableProjects, type ReadProjectDirectory } from '../projects/project-rules';

export type LabelsDeps = {
  listLabels: (ctx: WorkspaceContext, kind: TaskLabel['kind'], projectId?: string) => Promise<TaskLabel[]>;
  projectDirectory: ReadProjectDirectory;
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
    const [directory, labels] = await Promise.all([deps.projectDirectory(ctx), deps.listLabels(ctx, kind, projectId)]);
    if (!directory.projects.some((p) => p.projectId === projectId)) throw new DomainError('project_not_found');
    if (!openableProjects(ctx, directory).some((p) => p.projectId === projectId)) throw new DomainError('user_not_in_project');
    return labelNames(labels);
  }
  if (ctx.role === 'admin') return labelNames(await deps.listLabels(ctx, kind));
  const [directory, labels] = await Promise.all([deps.projectDirectory(ctx), deps.listLabels(ctx, kind)]);
  const openable = new Set(openableProjects(ctx, directory).map((p) => p.projectId));
  return labelNames(labels.filter((label) => openable.has(label.projectId)));
};
