import type { TaskActivity } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import type { TaskActivityItem } from '#data/tasks';
import type { OpenedTask } from './open-task';
import { toActivity } from './task-view';

export type ActivityDeps = {
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  listTaskActivity: (ctx: WorkspaceContext, taskId: string) => Promise<TaskActivityItem[]>;
};

/** A task's history, oldest first, for a caller who can open the task. */
export const listActivity = async (deps: ActivityDeps, ctx: WorkspaceContext, taskId: string): Promise<TaskActivity[]> => {
  const [, activity] = await Promise.all([deps.openTask(ctx, taskId), deps.listTaskActivity(ctx, taskId)]);
  return activity.map(toActivity);
};
