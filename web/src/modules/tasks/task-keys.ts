import type { ListTasksInput } from './task-query';

/**
 * The query-cache keys of tasks. Every list of a workspace (pages, board columns, calendar ranges, the tags and
 * milestones in use) sits under `lists(workspaceId)`, so a task that appears or vanishes resets them together;
 * the parts of one task (comments, time, activity) sit under `one(uid)`.
 */
export const taskKeys = {
  lists: (workspaceId: string) => ['tasks', workspaceId] as const,
  pages: (workspaceId: string, query: ListTasksInput) => [...taskKeys.lists(workspaceId), 'pages', query] as const,
  range: (workspaceId: string, query: ListTasksInput) => [...taskKeys.lists(workspaceId), 'range', query] as const,
  vocabulary: (workspaceId: string, kind: 'tags' | 'milestones', projectId: string | undefined) =>
    [...taskKeys.lists(workspaceId), kind, projectId ?? null] as const,
  one: (uid: string) => ['task', uid] as const,
  part: (uid: string, part: 'comments' | 'time' | 'activity') => [...taskKeys.one(uid), part] as const,
};
