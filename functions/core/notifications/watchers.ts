import type * as z from 'zod/mini';
import type { taskWatchers } from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import type { TaskWatchItem } from '#data/watches';
import type { OpenedTask } from '#core/tasks/open-task';
import type { Clock } from '../clock';
import { whoCanOpen, type AudienceDeps } from './audience';
import { automaticWatchers } from './events';

type TaskWatchers = z.output<typeof taskWatchers>;
type Choice = Pick<TaskWatchItem, 'userId' | 'watching'>;

/**
 * Who watches a task: the automatic watchers (its creator and assignee) unless they stopped, then whoever chose
 * to watch it, each once, in that order.
 */
export const watchersOf = (automatic: readonly string[], choices: readonly Choice[]): string[] => {
  const stopped = new Set(choices.filter((choice) => !choice.watching).map((choice) => choice.userId));
  const chosen = choices.filter((choice) => choice.watching).map((choice) => choice.userId);
  return [...new Set([...automatic, ...chosen])].filter((userId) => !stopped.has(userId));
};

export type WatchDeps = {
  clock: Clock;
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  listTaskWatches: (workspaceId: string, taskId: string) => Promise<TaskWatchItem[]>;
  putTaskWatch: (item: TaskWatchItem) => Promise<void>;
  getUserNames: (userIds: readonly string[]) => Promise<Map<string, string>>;
  audience: AudienceDeps;
};

/** The watchers as the task page lists them: those who can still open the task, by name (else email). */
const view = async (deps: WatchDeps, ctx: WorkspaceContext, opened: OpenedTask, choices: readonly Choice[]): Promise<TaskWatchers> => {
  const ids = watchersOf(automaticWatchers(opened.task), choices);
  const [reachable, names] = await Promise.all([whoCanOpen(deps.audience, ctx.workspaceId, opened.task.projectId, ids), deps.getUserNames(ids)]);
  const watchers = ids.filter((userId) => reachable.has(userId)).map((userId) => ({ user_uid: userId, name: names.get(userId) || reachable.get(userId)!.email }));
  return { watching: watchers.some((watcher) => watcher.user_uid === ctx.userId), watchers };
};

/** Who watches a task the caller may open, and whether the caller does. */
export const getTaskWatchers = async (deps: WatchDeps, ctx: WorkspaceContext, taskId: string): Promise<TaskWatchers> => {
  const opened = await deps.openTask(ctx, taskId);
  return view(deps, ctx, opened, await deps.listTaskWatches(ctx.workspaceId, taskId));
};

/** The caller starts or stops watching a task they may open; the latest choice stands (also over being its creator or assignee). */
export const setTaskWatch = async (deps: WatchDeps, ctx: WorkspaceContext, taskId: string, watching: boolean): Promise<TaskWatchers> => {
  const opened = await deps.openTask(ctx, taskId);
  const [choices] = await Promise.all([
    deps.listTaskWatches(ctx.workspaceId, taskId),
    deps.putTaskWatch({ workspaceId: ctx.workspaceId, taskId, userId: ctx.userId, watching, updatedAt: deps.clock().toISOString() }),
  ]);
  // The list may have been read before the put landed: the caller's choice is the one just made.
  const mine = { userId: ctx.userId, watching };
  return view(deps, ctx, opened, [...choices.filter((choice) => choice.userId !== ctx.userId), mine]);
};
