import type { z } from 'zod/mini';
import type { taskTimeEntries, taskTimeEntry } from '#shared/schemas/collab';
import { api } from '../../api/client';
import { taskCall, type TaskRef } from '../task-detail/task-api';
import { refreshTimeEntries } from '../workspaces/workspace-service';

export type TaskTimeEntry = z.infer<typeof taskTimeEntry>;
export type TaskTimeEntries = z.infer<typeof taskTimeEntries>;

const entryCall = (ref: TaskRef, entryId: string) => ({ params: { id: ref.uid, entryId }, query: taskCall(ref).query });

/** Every change also refreshes the workspace's entries, so the week chart does not wait for the next poll. */
const andRefresh = async <T>(work: Promise<T>): Promise<T> => {
  const result = await work;
  void refreshTimeEntries();
  return result;
};

export const listTaskTime = (ref: TaskRef, signal?: AbortSignal) => api.call('listTaskTimeEntries', { ...taskCall(ref), signal });

export const startTimer = (ref: TaskRef) => andRefresh(api.call('createTimeEntry', { ...taskCall(ref), body: {} }));

export const stopTimer = (ref: TaskRef, entryId: string) =>
  andRefresh(api.call('updateTimeEntry', { ...entryCall(ref, entryId), body: { stop: true } }));

export type EntryTimes = { started_at: string; ended_at: string };

/** A manual entry; the form shows a refusal (end before start, in the future) itself. */
export const addEntry = (ref: TaskRef, times: EntryTimes) =>
  andRefresh(api.call('createTimeEntry', { ...taskCall(ref), body: times, notify: false }));

export const editEntry = (ref: TaskRef, entryId: string, times: EntryTimes) =>
  andRefresh(api.call('updateTimeEntry', { ...entryCall(ref, entryId), body: times, notify: false }));

export const deleteEntry = (ref: TaskRef, entryId: string) => andRefresh(api.call('deleteTimeEntry', entryCall(ref, entryId)));
