import type { Task } from '#shared/schemas/task';

/** Where a task lives on its own: the project task page (the link works in a new tab; a click opens the dialog). */
export const taskPath = (task: Pick<Task, 'uid' | 'projects'>) =>
  `/project/${encodeURIComponent(task.projects.slug)}/tasks/${encodeURIComponent(task.uid)}`;
