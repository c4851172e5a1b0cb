import type { WorkspaceContext } from '#lib/context';
import { db } from './db';

export type TimeEntryItem = {
  entryId: string;
  taskId: string;
  userId: string;
  startedAt: string;
  endedAt?: string;
  seconds: number;
};

/** The workspace's time entries, newest first (pattern: timeEntriesOfWorkspace). */
export const listTimeEntries = async (ctx: WorkspaceContext, limit = 500): Promise<TimeEntryItem[]> => {
  const { data } = await db().entities.timeEntry.query.primary({ workspaceId: ctx.workspaceId }).go({ order: 'desc', limit });
  return data;
};
