import type { EntityItem } from 'electrodb';
import { db } from './db';
import { allExactly } from './exact-ids';
import type { taskWatchEntity } from './notification-entities';

export type TaskWatchItem = EntityItem<typeof taskWatchEntity>;

/** The watch choices made on a task (pattern: taskWatches). */
export const listTaskWatches = async (workspaceId: string, taskId: string): Promise<TaskWatchItem[]> => {
  const { data } = await db().entities.taskWatch.query.primary({ workspaceId, taskId }).go({ pages: 'all' });
  return allExactly(data, { workspaceId, taskId });
};

/** Records a person's choice to watch a task or to stop (pattern: taskWatches): a put, so the latest choice stands. */
export const putTaskWatch = async (item: TaskWatchItem): Promise<void> => {
  await db().entities.taskWatch.put(item).go();
};
