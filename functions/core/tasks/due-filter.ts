import { dayIn, duePresetRange, intersectDays } from '#shared/due-presets';
import type { ListTasksQuery } from '#shared/schemas/task';

/**
 * The list query with its due-date preset turned into due_from/due_to: the preset's days where the viewer is (the
 * query's `tz`, UTC when absent), within any due range also asked for (the calendar's month). Without a preset the
 * query is answered as is. An empty intersection stays empty (from after to): the list then reads nothing.
 */
export const withDuePreset = (query: ListTasksQuery, now: Date): ListTasksQuery => {
  if (!query.due) return query;
  const preset = duePresetRange(query.due, dayIn(now, query.tz ?? 'UTC'));
  const { from, to } = intersectDays({ from: query.due_from, to: query.due_to }, preset);
  const { due_from: _from, due_to: _to, ...rest } = query;
  return { ...rest, ...(from ? { due_from: from } : {}), ...(to ? { due_to: to } : {}) };
};
