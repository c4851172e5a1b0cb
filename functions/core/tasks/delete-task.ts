import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { StoredFileRef, TaskItem } from '#data/tasks';
import type { OpenedTask } from './open-task';

export type DeleteTaskDeps = {
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  removeTaskItem: (task: TaskItem) => Promise<boolean>;
  purgeTaskLeftovers: (task: TaskItem) => Promise<StoredFileRef[]>;
  deleteObjects: (keys: readonly string[]) => Promise<void>;
};

/**
 * Deletes a task the caller can open. The task item goes first, alone, so the task is gone for everyone at once
 * (no page can show half of it); then what hung off it (comments, activity, review link, time entries) and its
 * files in the bucket, each step idempotent.
 */
export const deleteTask = async (deps: DeleteTaskDeps, ctx: WorkspaceContext, taskId: string): Promise<void> => {
  const { task } = await deps.openTask(ctx, taskId);
  if (!(await deps.removeTaskItem(task))) throw new DomainError('task_not_found');
  const commentFiles = await deps.purgeTaskLeftovers(task);
  const keys = [...(task.attachments ?? []), ...(task.audio ?? []), ...commentFiles].map((file) => file.key);
  if (keys.length) await deps.deleteObjects(keys);
};
