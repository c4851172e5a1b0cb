import { canTransition, TASK_STATUSES, type Task, type TaskStatus } from '#shared/schemas/task';
import type { TaskEntities } from '../task-store';

/** The board's columns, in the workflow's order: every status, or those of the status filter. */
export const boardStatuses = (filterStatuses: readonly TaskStatus[], showAll: boolean): TaskStatus[] =>
  showAll || filterStatuses.length === 0 ? [...TASK_STATUSES] : TASK_STATUSES.filter((status) => filterStatuses.includes(status));

/**
 * Cards per column from what the columns loaded: a card sits in the column of its CURRENT status (an optimistic
 * move shows at once, a rollback puts it back), newest update first, each task once.
 */
export const groupCards = (loaded: readonly (readonly string[])[], entities: TaskEntities, statuses: readonly TaskStatus[]) => {
  const groups = new Map<TaskStatus, Task[]>(statuses.map((status) => [status, []]));
  const seen = new Set<string>();
  for (const uids of loaded) {
    for (const uid of uids) {
      if (seen.has(uid)) continue;
      seen.add(uid);
      const task = entities[uid];
      if (task) groups.get(task.status)?.push(task);
    }
  }
  for (const cards of groups.values()) cards.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.id - a.id);
  return groups;
};

/** Where a dragged card may land: its own column (no change) or one the transition table allows. */
export const canDropOn = (from: TaskStatus | undefined, to: TaskStatus) => from !== undefined && canTransition(from, to);
