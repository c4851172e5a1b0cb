import * as z from 'zod/mini';
import { DUE_PRESETS } from '../due-presets';
import { id, isoDate, text } from './common';
import { dayDate, POST_PLATFORMS, TASK_TYPES, taskStatus } from './task';

/**
 * Saved views: a person's named task filters ("Awaiting client", "This week — Instagram"), each with the view
 * mode it opens in. Private to the person, per workspace. The filter is written in the words of the task list's
 * address (the same names as its query parameters), so a saved view, a shared link and the filter bar agree.
 */

export const TASK_VIEW_MODES = ['table', 'kanban', 'calendar'] as const;
export type TaskViewMode = (typeof TASK_VIEW_MODES)[number];

/** Values one list of a filter may hold (each becomes one OR group of the list route's filter expression). */
export const MAX_FILTER_VALUES = 20;
/** Views a person may keep in one workspace. */
export const MAX_SAVED_VIEWS = 50;
export const MAX_VIEW_NAME = 60;

/** The assignee filter's words beside user ids: the viewer (resolved when the list is read) and nobody. */
export const ASSIGNEE_ME = 'me';
export const ASSIGNEE_NONE = 'unassigned';

const values = <T extends z.ZodMiniType>(item: T) =>
  z.optional(z.array(item).check(z.maxLength(MAX_FILTER_VALUES, `must have at most ${MAX_FILTER_VALUES} values`)));
const label = text(40, { trim: true, required: 'must not be empty' });

/**
 * A task list filter. `status` absent means the default (the open statuses), empty means every status; every other
 * list absent or empty means no restriction. `assignee` takes user ids, 'me' and 'unassigned'; `creator` user ids and 'me'.
 */
export const taskViewFilter = z.object({
  status: values(taskStatus),
  brand: values(id),
  assignee: values(id),
  creator: values(id),
  type: values(z.enum(TASK_TYPES)),
  platform: values(z.enum(POST_PLATFORMS)),
  tag: values(label),
  milestone: values(label),
  q: z.optional(text(200, { trim: true })),
  due: z.optional(z.enum(DUE_PRESETS)),
  updated_from: z.optional(dayDate),
  updated_to: z.optional(dayDate),
});
export type TaskViewFilter = z.output<typeof taskViewFilter>;

const viewName = text(MAX_VIEW_NAME, { trim: true, required: 'must not be empty' });

export const createSavedViewBody = z.object({
  name: viewName,
  filter: taskViewFilter,
  view_mode: z.optional(z.nullable(z.enum(TASK_VIEW_MODES))),
});
export type CreateSavedViewBody = z.output<typeof createSavedViewBody>;

/** A rename, a new filter or view mode: any subset. */
export const updateSavedViewBody = z.partial(createSavedViewBody);
export type UpdateSavedViewBody = z.output<typeof updateSavedViewBody>;

export const savedView = z.object({
  uid: id,
  name: z.string(),
  filter: taskViewFilter,
  view_mode: z.nullable(z.enum(TASK_VIEW_MODES)),
  created_at: isoDate,
  updated_at: isoDate,
});
export type SavedView = z.infer<typeof savedView>;
export const savedViewList = z.array(savedView);
export const savedViewParams = z.object({ workspaceId: id, viewUid: id });
