import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { taskKeys } from '../tasks/task-keys';
import { getTask } from '../tasks/task-service';
import { useTask } from '../tasks/task-store';
import type { TaskLoad } from './task-page-state';

/**
 * Loads a task by uid into the task store and follows it there, so a change made anywhere (the kanban, the
 * form, this detail) shows here too. A failure is the caller's to explain (not found, no access); a failed
 * refresh of a task already shown keeps it shown.
 */
export const useTaskDetail = (uid: string | undefined, enabled = true) => {
  const task = useTask(uid);
  const query = useQuery({
    queryKey: taskKeys.one(uid ?? ''),
    queryFn: ({ signal }) => getTask(uid as string, { notify: false, signal }),
    enabled: !!uid && enabled,
  });
  const load: TaskLoad =
    !uid || !enabled
      ? { status: 'idle' }
      : query.data !== undefined
        ? { status: 'loaded' }
        : query.isError && !query.isFetching
          ? { status: 'error', errorStatus: isApiError(query.error) ? query.error.status : undefined }
          : { status: 'loading' };
  return { task: load.status === 'loaded' ? task : undefined, load, retry: () => void query.refetch() };
};

/** Fetches an open task again (its total spent, files, review link) after a change made through another route. */
export const refreshTask = (uid: string) => queryClient.invalidateQueries({ queryKey: taskKeys.one(uid), exact: true });
