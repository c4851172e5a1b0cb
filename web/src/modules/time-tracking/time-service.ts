import type { z } from 'zod/mini';
import type { taskTimeEntries, taskTimeEntry } from '#shared/schemas/collab';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { taskCall, type TaskRef } from '../task-detail/task-api';
import { taskKeys } from '../tasks/task-keys';
import { refreshTimeEntries } from '../workspaces/workspace-service';
import { useWorkspaceStore } from '../workspaces/workspace-store';

export type TaskTimeEntry = z.infer<typeof taskTimeEntry>;
export type TaskTimeEntries = z.infer<typeof taskTimeEntries>;

const entryCall = (ref: TaskRef, entryId: string) => ({ params: { id: ref.uid, entryId }, query: taskCall(ref).query });

/** The query-cache key of a task's time entries. */
export const taskTimeKey = (ref: TaskRef) => taskKeys.part(ref.uid, 'time');

/**
 * Every change fetches the task's entries again, and the workspace's, so the week chart does not wait for the
 * next poll.
 */
const andRefresh = async <T>(ref: TaskRef, work: Promise<T>): Promise<T> => {
  const result = await work;
  void queryClient.invalidateQueries({ queryKey: taskTimeKey(ref) });
  void refreshTimeEntries();
  return result;
};

export const listTaskTime = (ref: TaskRef, signal?: AbortSignal) => api.call('listTaskTimeEntries', { ...taskCall(ref), signal });

/**
 * The answered entry takes its place among the workspace's entries at once, so the running-timer pill appears (or
 * stops) with the click rather than at the next refresh.
 */
const placeEntry = (entry: TaskTimeEntry) => {
  const current = useWorkspaceStore.getState().timeEntries;
  if (!current) return entry;
  const others = current.entries.filter((candidate) => candidate.uid !== entry.uid);
  useWorkspaceStore.setState({ timeEntries: { hasTimeTracking: true, entries: [entry, ...others] } });
  return entry;
};

export const startTimer = (ref: TaskRef) => andRefresh(ref, api.call('createTimeEntry', { ...taskCall(ref), body: {} }).then(placeEntry));

export const stopTimer = (ref: TaskRef, entryId: string) =>
  andRefresh(ref, api.call('updateTimeEntry', { ...entryCall(ref, entryId), body: { stop: true } }).then(placeEntry));

export type EntryTimes = { started_at: string; ended_at: string };

/** A manual entry; the form shows a refusal (end before start, in the future) itself. */
export const addEntry = (ref: TaskRef, times: EntryTimes) =>
  andRefresh(ref, api.call('createTimeEntry', { ...taskCall(ref), body: times, notify: false }));

export const editEntry = (ref: TaskRef, entryId: string, times: EntryTimes) =>
  andRefresh(ref, api.call('updateTimeEntry', { ...entryCall(ref, entryId), body: times, notify: false }));

export const deleteEntry = (ref: TaskRef, entryId: string) => andRefresh(ref, api.call('deleteTimeEntry', entryCall(ref, entryId)));
