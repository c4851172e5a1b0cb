import type { Task, UpdateTaskBody } from '#shared/schemas/task';
import { create } from 'zustand';

export type { Task, TaskStatus, TaskType } from '#shared/schemas/task';

/** Tasks by uid: every view lists uids and reads the task from here, so an edit anywhere shows everywhere. */
export type TaskEntities = Readonly<Record<string, Task>>;

type TaskState = {
  /** Whose tasks these are: a workspace switch starts from nothing. */
  workspaceId: string | null;
  entities: TaskEntities;
  reset: () => void;
};

const initial = { workspaceId: null as string | null, entities: {} as TaskEntities };

/**
 * The tasks themselves, outside the query cache: the lists in the cache hold uids, so one optimistic change (and
 * its rollback) shows in every list, the board and the open task at once.
 */
export const useTaskStore = create<TaskState>()((set) => ({
  ...initial,
  reset: () => set(initial),
}));

/** The loaded task with this uid, kept fresh by every list, fetch and edit. */
export const useTask = (uid: string | null | undefined) => useTaskStore((state) => (uid ? state.entities[uid] : undefined));

/** The entities with these tasks put in (newer answers replace older copies). */
export const withTasks = (entities: TaskEntities, tasks: readonly Task[]): TaskEntities => {
  if (tasks.length === 0) return entities;
  const next = { ...entities };
  for (const task of tasks) next[task.uid] = task;
  return next;
};

export const withoutTask = (entities: TaskEntities, uid: string): TaskEntities => {
  if (!(uid in entities)) return entities;
  const next = { ...entities };
  delete next[uid];
  return next;
};

/** The fields of a patch that a task shows as is (the reminder input lacks `sent_at`: the server fills it). */
const shownPatch = (task: Task, patch: UpdateTaskBody): Task => {
  const { reminder, ...rest } = patch;
  const next = { ...task, ...(rest as Partial<Task>) };
  if (reminder !== undefined) next.reminder = reminder === null ? null : { ...reminder, sent_at: task.reminder?.sent_at ?? null };
  return next;
};

export type OptimisticChange = {
  entities: TaskEntities;
  /** The task before the change, to put back on failure; undefined when the task was not loaded. */
  previous: Task | undefined;
  /** The task as shown meanwhile. */
  optimistic: Task | undefined;
};

/** Shows a change at once, before the server answers. */
export const applyOptimistic = (entities: TaskEntities, uid: string, patch: UpdateTaskBody): OptimisticChange => {
  const previous = entities[uid];
  if (!previous) return { entities, previous, optimistic: undefined };
  const optimistic = shownPatch(previous, patch);
  return { entities: { ...entities, [uid]: optimistic }, previous, optimistic };
};

/**
 * Takes an optimistic change back after a refusal, unless something newer replaced the task meanwhile (a later
 * edit or a fresh answer): that one stays.
 */
export const rollbackOptimistic = (entities: TaskEntities, change: OptimisticChange): TaskEntities => {
  const { previous, optimistic } = change;
  if (!previous || !optimistic || entities[previous.uid] !== optimistic) return entities;
  return { ...entities, [previous.uid]: previous };
};
