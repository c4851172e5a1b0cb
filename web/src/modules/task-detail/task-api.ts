import type { Task, UpdateTaskBody } from '#shared/schemas/task';
import { api } from '../../api/client';

/** Which task a /tickets/{id} call is about, and its workspace when the SPA knows it. */
export type TaskRef = { uid: string; workspaceUid?: string | null };

export const taskRef = (task: Pick<Task, 'uid' | 'workspace_uid'>): TaskRef => ({ uid: task.uid, workspaceUid: task.workspace_uid });

/**
 * The /tickets/{id} routes read the task in the query's workspaceId when given (one read less, and no wait for the
 * uid index), else find its workspace from the uid.
 */
export const taskCall = (ref: TaskRef) => ({
  params: { id: ref.uid },
  query: ref.workspaceUid ? { workspaceId: ref.workspaceUid } : {},
});

/** GET /tickets/{id}: the caller shows a failure itself (the page says not found or no access). */
export const fetchTask = (ref: TaskRef, signal?: AbortSignal) => api.call('getTask', { ...taskCall(ref), notify: false, signal });

export const patchTask = (ref: TaskRef, body: UpdateTaskBody) => api.call('updateTask', { ...taskCall(ref), body });

export const removeTask = (ref: TaskRef) => api.call('deleteTask', taskCall(ref));

export const fetchActivity = (ref: TaskRef, signal?: AbortSignal) => api.call('listTaskActivity', { ...taskCall(ref), signal });

export const shareForReview = (ref: TaskRef) => api.call('createReviewLink', taskCall(ref));

export const withdrawReview = (ref: TaskRef) => api.call('deleteReviewLink', taskCall(ref));

/** Who watches the task, and whether the caller does. */
export const fetchWatchers = (ref: TaskRef, signal?: AbortSignal) => api.call('getTaskWatchers', { ...taskCall(ref), signal, notify: false });

/** The caller starts or stops watching the task; answers the watchers as they now are. */
export const setWatching = (ref: TaskRef, watching: boolean) => api.call('setTaskWatch', { ...taskCall(ref), body: { watching } });
