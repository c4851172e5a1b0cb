import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { taskKeys } from './task-keys';
import type { ListTasksInput } from './task-query';
import { fetchTaskPage } from './task-service';

export type ListStatus = 'loading' | 'loaded' | 'error';

export type PagedTasks = {
  /** The uids of each loaded page, in the server's order. */
  pages: string[][];
  /** Where the next page starts; null when the last one is loaded. */
  cursor: string | null;
  status: ListStatus;
  loadingMore: boolean;
  /** Fetches the next page, unless one is on its way or there is none. */
  loadMore: () => void;
  reload: () => void;
};

/**
 * A cursor-paginated task list: the first page for the query, more on demand. The tasks land in the task store;
 * the cache keeps their uids per page (shown at once when the list comes back, refreshed behind). A failure was
 * notified by the API client; the list says it failed.
 */
export const usePagedTasks = (workspaceId: string | undefined, query: ListTasksInput): PagedTasks => {
  const list = useInfiniteQuery({
    queryKey: taskKeys.pages(workspaceId ?? '', query),
    queryFn: ({ pageParam, signal }) => fetchTaskPage(workspaceId as string, pageParam ? { ...query, cursor: pageParam } : query, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled: !!workspaceId,
  });
  const { data, hasNextPage, isFetching, fetchNextPage, refetch } = list;
  // The cache shares structure between answers: the same pages keep the same arrays, and so do these.
  const pages = useMemo(() => data?.pages.map((page) => page.uids) ?? [], [data]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage]);
  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    pages,
    cursor: data?.pages.at(-1)?.cursor ?? null,
    status: list.isError && !list.isFetchNextPageError ? 'error' : list.isPending ? 'loading' : 'loaded',
    loadingMore: list.isFetchingNextPage,
    loadMore,
    reload,
  };
};

/** How many tasks the calendar loads for one range at most (pages of the maximum size). */
export const CALENDAR_TASK_CAP = 500;

/** Every task due in a range (all pages, up to CALENDAR_TASK_CAP): a month is one screen, not a paged list. */
export const useRangeTasks = (workspaceId: string | undefined, query: ListTasksInput) => {
  const range = useQuery({
    queryKey: taskKeys.range(workspaceId ?? '', query),
    queryFn: async ({ signal }) => {
      const uids: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await fetchTaskPage(workspaceId as string, cursor ? { ...query, cursor } : query, signal);
        uids.push(...page.uids);
        cursor = page.cursor;
      } while (cursor && uids.length < CALENDAR_TASK_CAP);
      return { uids, truncated: !!cursor };
    },
    enabled: !!workspaceId,
  });
  const status: ListStatus = range.isError ? 'error' : range.isFetching || range.isPending ? 'loading' : 'loaded';
  return {
    uids: range.isError ? [] : (range.data?.uids ?? []),
    truncated: !range.isError && !!range.data?.truncated,
    status,
    reload: () => void range.refetch(),
  };
};
