import * as z from 'zod/mini';
import { id } from './common';
import { dayDate, MAX_BULK_TASKS, task, taskStatus } from './task';

/**
 * A change applied to several tasks at once (the table's selection): all of them or none. Each task is checked
 * as its own edit would be (may the caller open it, is the status move allowed, may the assignee work on its
 * brand) before anything is written; a refusal names the task by its place in `ids` (`ids.3`).
 */
export const bulkTaskChanges = z.object({
  status: z.optional(taskStatus),
  assignee: z.optional(z.nullable(id)),
  due_date: z.optional(z.nullable(dayDate)),
});
export type BulkTaskChanges = z.output<typeof bulkTaskChanges>;

/**
 * A status and an assignee changed together write three items per task (the task, its status activity, the new
 * assignee's notification) into one transaction of at most 100 items, so such a change takes fewer tasks.
 */
export const MAX_BULK_TASKS_STATUS_AND_ASSIGNEE = 33;

/** Either `changes` (at least one field) or `delete: true`: the server answers 400 naming `changes` otherwise. */
export const bulkUpdateTasksBody = z.object({
  ids: z.array(id).check(z.minLength(1, 'must have at least 1 task'), z.maxLength(MAX_BULK_TASKS, `must have at most ${MAX_BULK_TASKS} tasks`)),
  changes: z.optional(bulkTaskChanges),
  delete: z.optional(z.boolean()),
});
export type BulkUpdateTasksBody = z.output<typeof bulkUpdateTasksBody>;

/** The tasks as changed (in the order of `ids`), or the ids deleted. */
export const bulkUpdateTasksResult = z.object({ items: z.array(task), deleted: z.array(z.string()) });
export type BulkUpdateTasksResult = z.output<typeof bulkUpdateTasksResult>;
