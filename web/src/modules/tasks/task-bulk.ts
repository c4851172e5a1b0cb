import type { BulkTaskChanges } from '#shared/schemas/task-bulk';
import { MAX_SUMMARY, type CreateTaskBody, type Task } from '#shared/schemas/task';
import type { TFunction } from 'i18next';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { taskKeys } from './task-keys';
import { useTaskStore, withoutTask, withTasks } from './task-store';
import { createTask } from './task-service';

/**
 * The table's actions on several tasks and on one copy: a change applied to every selected task (all or none,
 * the server checks each first) and a duplicate. Lists start again from their first page afterwards, as a
 * change of status or due date moves a task within (or out of) each list's order.
 */

const listsChanged = (workspaceId: string) => void queryClient.resetQueries({ queryKey: taskKeys.lists(workspaceId) });

/** Changes the selected tasks' status, assignee or due date at once; the store holds the saved tasks. */
export const bulkChangeTasks = async (workspaceId: string, ids: readonly string[], changes: BulkTaskChanges): Promise<Task[]> => {
  // The caller names the refusing task itself (the answer's field is `ids.N`).
  const { items } = await api.call('bulkUpdateTasks', { params: { workspaceId }, body: { ids: [...ids], changes }, notify: false });
  useTaskStore.setState((state) => ({ entities: withTasks(state.entities, items) }));
  listsChanged(workspaceId);
  return items;
};

/** Deletes the selected tasks, all or none. */
export const bulkDeleteTasks = async (workspaceId: string, ids: readonly string[]): Promise<void> => {
  await api.call('bulkUpdateTasks', { params: { workspaceId }, body: { ids: [...ids], delete: true }, notify: false });
  useTaskStore.setState((state) => ({ entities: ids.reduce(withoutTask, state.entities) }));
  listsChanged(workspaceId);
};

/**
 * What a copy of a task is created with: every field a person wrote (type fields, labels, assignee, due date),
 * "Copy of …" as its summary, and a fresh start: a draft stays a draft, anything else begins at To do. Files,
 * review links, time and integration sends belong to the original and are not copied.
 */
export const duplicateInput = (task: Task, t: TFunction): CreateTaskBody => ({
  summary: t('taskTable.duplicateSummary', { summary: task.summary }).slice(0, MAX_SUMMARY),
  project_uid: task.project_uid,
  status: task.status === 'draft' ? 'draft' : 'todo',
  priority: task.priority,
  ticket_type: task.ticket_type,
  tags: task.tags,
  milestone: task.milestone,
  assignee: task.assignee,
  due_date: task.due_date,
  estimate: task.estimate,
  call_notes: task.call_notes,
  brand_voice: task.brand_voice,
  post_platform: task.post_platform as CreateTaskBody['post_platform'],
  platform: task.platform,
  drive_raw_link: task.drive_raw_link,
  drive_final_link: task.drive_final_link,
  difficulty: task.difficulty as CreateTaskBody['difficulty'],
  post_format: task.post_format,
  post_audience: task.post_audience,
  film_date: task.film_date,
  posted_date: task.posted_date,
  live_link: task.live_link,
  keyword_phrase: task.keyword_phrase,
  reference_content: task.reference_content,
  reference_images: task.reference_images,
  hook: task.hook,
  hook_variations: task.hook_variations,
  script: task.script,
  inspiration_scene: task.inspiration_scene,
  overview: task.overview,
  caption: task.caption,
});

/** Creates the copy of a task (see duplicateInput); answers the new task. */
export const duplicateTask = (task: Task, t: TFunction): Promise<Task> => createTask(task.workspace_uid, duplicateInput(task, t));
