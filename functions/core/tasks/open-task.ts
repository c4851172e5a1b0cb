import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { TaskItem } from '#data/tasks';
import { hasPermission } from '../projects/project-rules';

export type OpenTaskDeps = {
  getTaskItem: (ctx: WorkspaceContext, taskId: string) => Promise<TaskItem | undefined>;
  getProjectAndMember: (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;
};

/** A task the caller may open, with its project (for slug and name). */
export type OpenedTask = { task: TaskItem; project: ProjectItem };

/**
 * The one project-access check of a task: the task must exist in the caller's workspace (task_not_found) and
 * the caller must be able to open its project (user_not_in_project; a workspace admin opens every project).
 */
export const openTask = async (deps: OpenTaskDeps, ctx: WorkspaceContext, taskId: string): Promise<OpenedTask> => {
  const task = await deps.getTaskItem(ctx, taskId);
  if (!task) throw new DomainError('task_not_found');
  const { project, member } = await deps.getProjectAndMember(ctx, task.projectId, ctx.userId);
  if (!project) throw new DomainError('task_not_found');
  if (!hasPermission(ctx, member)) throw new DomainError('user_not_in_project');
  return { task, project };
};
