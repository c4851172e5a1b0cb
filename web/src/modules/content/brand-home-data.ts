import { useQuery } from '@tanstack/react-query';
import { TASK_STATUSES } from '#shared/schemas/task';
import { api } from '../../api/client';
import { slateWeek } from './slate';
import { contentKeys } from './content-service';

const ALL_STATUSES = TASK_STATUSES.join(',');

/** The brand's Post tasks due in the slate week (at most 100: a week plans at most 50 posts). */
export const useSlateTasks = (workspaceId: string, projectId: string, reviewDay: string | undefined, today: Date) => {
  const week = slateWeek(reviewDay, today);
  return useQuery({
    queryKey: ['content', projectId, 'slate-tasks', workspaceId, week.from, week.to],
    queryFn: ({ signal }) =>
      api.call('listTasks', {
        params: { workspaceId },
        query: { projectFilter: projectId, ticket_type: 'post', status: ALL_STATUSES, due_from: week.from, due_to: week.to, sort: 'due', order: 'asc', limit: '100' },
        signal,
      }),
    enabled: reviewDay !== undefined,
  });
};

/** The brand's most recently changed tasks, whatever their status. */
export const useRecentTasks = (workspaceId: string, projectId: string, limit = 5) =>
  useQuery({
    queryKey: [...contentKeys.recentTasks(projectId), workspaceId, limit],
    queryFn: ({ signal }) =>
      api.call('listTasks', {
        params: { workspaceId },
        query: { projectFilter: projectId, status: ALL_STATUSES, sort: 'updated', order: 'desc', limit: String(limit) },
        signal,
      }),
  });
