import type { CreateTaskBody, Task, UpdateTaskBody } from '#shared/schemas/task';
import { api, isApiError } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { taskKeys } from './task-keys';
import type { ListTasksInput } from './task-query';
import { applyOptimistic, rollbackOptimistic, useTaskStore, withoutTask, withTasks } from './task-store';

const state = () => useTaskStore.getState();
const set = useTaskStore.setState;

/** Puts answered tasks into the store; answers of another workspace than the shown one start it afresh. */
const keep = (workspaceId: string, tasks: readonly Task[]) => {
  if (state().workspaceId !== workspaceId) set({ workspaceId, entities: withTasks({}, tasks) });
  else set({ entities: withTasks(state().entities, tasks) });
};

export type TaskPage = { uids: string[]; cursor: string | null };

/** One page of the list route (filters already mapped by filtersToQuery); the tasks land in the store. */
export const fetchTaskPage = async (workspaceId: string, query: ListTasksInput, signal?: AbortSignal): Promise<TaskPage> => {
  const page = await api.call('listTasks', { params: { workspaceId }, query, signal });
  keep(workspaceId, page.items);
  return { uids: page.items.map((task) => task.uid), cursor: page.cursor };
};

export type CallOptions = {
  /** false: the caller shows the error itself (a form field); default true, a red notification. */
  notify?: boolean;
  signal?: AbortSignal;
};

/** The workspace a known task is in: /tickets/{id} calls name it so the server reads the task there directly. */
const located = (id: string) => {
  const workspaceId = state().entities[id]?.workspace_uid;
  return workspaceId ? { workspaceId } : {};
};

/** GET /tickets/{id}; the answer refreshes the store (an open task follows it there). */
export const getTask = async (id: string, options: CallOptions = {}): Promise<Task> => {
  const task = await api.call('getTask', { params: { id }, query: located(id), ...options });
  keep(task.workspace_uid, [task]);
  return task;
};

/**
 * PATCH /tickets/{id}, shown at once: the store holds the change while the server decides, and takes it back when
 * the server refuses (a refused status transition, say: the API client shows the catalogue's message). Answers the
 * saved task.
 */
export const updateTask = async (id: string, patch: UpdateTaskBody, options: CallOptions = {}): Promise<Task> => {
  const query = located(id);
  const change = applyOptimistic(state().entities, id, patch);
  set({ entities: change.entities });
  try {
    const saved = await api.call('updateTask', { params: { id }, query, body: patch, ...options });
    keep(saved.workspace_uid, [saved]);
    return saved;
  } catch (error) {
    set({ entities: rollbackOptimistic(state().entities, change) });
    // A conflict means the task moved on elsewhere: show what it is now, not what this tab last saw.
    if (isApiError(error) && error.status === 409) void getTask(id, { notify: false }).catch(() => undefined);
    throw error;
  }
};

/**
 * Tasks appeared or vanished: every list of the workspace starts again from its first page (a loaded page cannot
 * know where a new task falls in its order), and so do the tags and milestones in use.
 */
const listsChanged = (workspaceId: string) => void queryClient.resetQueries({ queryKey: taskKeys.lists(workspaceId) });

/** POST a task; lists reload to place it where their filters and order say. */
export const createTask = async (workspaceId: string, body: CreateTaskBody, options: CallOptions = {}): Promise<Task> => {
  const created = await api.call('createTask', { params: { workspaceId }, body, ...options });
  keep(workspaceId, [created]);
  listsChanged(workspaceId);
  return created;
};

/** POST up to 50 tasks at once, all or none. */
export const bulkCreateTasks = async (workspaceId: string, tickets: CreateTaskBody[], options: CallOptions = {}): Promise<Task[]> => {
  const created = await api.call('bulkCreateTasks', { params: { workspaceId }, body: { tickets }, ...options });
  keep(workspaceId, created);
  listsChanged(workspaceId);
  return created;
};

/** DELETE a task with everything hanging off it; it leaves every list at once. */
export const deleteTask = async (id: string, options: CallOptions = {}): Promise<void> => {
  const workspaceId = state().entities[id]?.workspace_uid;
  await api.call('deleteTask', { params: { id }, query: located(id), ...options });
  set({ entities: withoutTask(state().entities, id) });
  if (workspaceId) listsChanged(workspaceId);
};

/** The tags in use: of one brand when projectId is given, else of every brand the caller may open. */
export const loadTags = (workspaceId: string, projectId?: string, signal?: AbortSignal) =>
  projectId
    ? api.call('listProjectTags', { params: { projectId }, query: { workspaceId }, signal, notify: false })
    : api.call('listTags', { query: { workspaceId }, signal, notify: false });

/** The milestones in use, like loadTags. */
export const loadMilestones = (workspaceId: string, projectId?: string, signal?: AbortSignal) =>
  projectId
    ? api.call('listProjectMilestones', { params: { projectId }, query: { workspaceId }, signal, notify: false })
    : api.call('listMilestones', { query: { workspaceId }, signal, notify: false });

/** Logout: nothing of the last user's tasks stays. */
export const clearTasks = () => useTaskStore.getState().reset();
