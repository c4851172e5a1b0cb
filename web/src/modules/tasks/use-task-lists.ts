import type { TaskStatus } from '#shared/schemas/task';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKey, type ListTasksInput } from './task-query';
import { fetchTaskPage } from './task-service';
import { useTaskStore } from './task-store';

export type ListStatus = 'loading' | 'loaded' | 'error';

export type PagedList = {
  /** The uids of each loaded page, in the server's order. */
  pages: string[][];
  /** Where the next page starts; null when the last one is loaded. */
  cursor: string | null;
  status: ListStatus;
  loadingMore: boolean;
};

const LOADING: PagedList = { pages: [], cursor: null, status: 'loading', loadingMore: false };

/**
 * A cursor-paginated task list: the first page when the query (or the set of tasks) changes, more on demand.
 * An older answer never lands on a newer query.
 */
export const usePagedTasks = (workspaceId: string | undefined, query: ListTasksInput) => {
  const key = `${workspaceId}|${queryKey(query)}`;
  const revision = useTaskStore((state) => state.revision);
  const [list, setList] = useState<PagedList>(LOADING);
  const seq = useRef(0);
  const queryRef = useRef(query);
  queryRef.current = query;
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    if (!workspaceId) return;
    const mine = ++seq.current;
    const controller = new AbortController();
    setList((current) => ({ ...current, status: 'loading', loadingMore: false }));
    fetchTaskPage(workspaceId, queryRef.current, controller.signal)
      .then((page) => {
        if (mine === seq.current) setList({ pages: [page.uids], cursor: page.cursor, status: 'loaded', loadingMore: false });
      })
      .catch(() => {
        if (mine === seq.current && !controller.signal.aborted) setList({ ...LOADING, status: 'error' });
      });
    return () => controller.abort();
  }, [key, workspaceId, revision, reloadKey]);

  const loadMore = useCallback(async () => {
    if (!workspaceId || !list.cursor || list.loadingMore) return;
    const mine = seq.current;
    setList((current) => ({ ...current, loadingMore: true }));
    try {
      const page = await fetchTaskPage(workspaceId, { ...queryRef.current, cursor: list.cursor });
      if (mine === seq.current) {
        setList((current) => ({ ...current, pages: [...current.pages, page.uids], cursor: page.cursor, loadingMore: false }));
      }
    } catch {
      if (mine === seq.current) setList((current) => ({ ...current, loadingMore: false }));
    }
  }, [workspaceId, list.cursor, list.loadingMore]);

  const reload = useCallback(() => setReloadKey((value) => value + 1), []);
  return { ...list, loadMore, reload };
};

export type BoardColumnState = PagedList;

/**
 * The kanban's columns: each status loads its own pages (status=<that>), so a long column never holds the others
 * back. Answers the state of each column and a loader for the next page of one.
 */
export const useBoardTasks = (workspaceId: string | undefined, statuses: readonly TaskStatus[], queryFor: (status: TaskStatus) => ListTasksInput) => {
  const revision = useTaskStore((state) => state.revision);
  const [columns, setColumns] = useState<Partial<Record<TaskStatus, PagedList>>>({});
  const queryForRef = useRef(queryFor);
  queryForRef.current = queryFor;
  const generation = useRef(0);
  const key = `${workspaceId}|${statuses.join()}|${statuses.map((status) => queryKey(queryFor(status))).join('|')}`;
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    if (!workspaceId) return;
    const mine = ++generation.current;
    const controller = new AbortController();
    setColumns(Object.fromEntries(statuses.map((status) => [status, LOADING])));
    for (const status of statuses) {
      fetchTaskPage(workspaceId, queryForRef.current(status), controller.signal)
        .then((page) => {
          if (mine !== generation.current) return;
          setColumns((current) => ({ ...current, [status]: { pages: [page.uids], cursor: page.cursor, status: 'loaded', loadingMore: false } }));
        })
        .catch(() => {
          if (mine !== generation.current || controller.signal.aborted) return;
          setColumns((current) => ({ ...current, [status]: { ...LOADING, status: 'error' } }));
        });
    }
    return () => controller.abort();
    // statuses and queryFor are inside `key`.
  }, [key, revision, reloadKey]);

  const columnsRef = useRef(columns);
  columnsRef.current = columns;
  const loadMore = useCallback(
    async (status: TaskStatus) => {
      const column = columnsRef.current[status];
      if (!workspaceId || !column?.cursor || column.loadingMore) return;
      const mine = generation.current;
      setColumns((current) => ({ ...current, [status]: { ...column, loadingMore: true } }));
      try {
        const page = await fetchTaskPage(workspaceId, { ...queryForRef.current(status), cursor: column.cursor });
        if (mine !== generation.current) return;
        setColumns((current) => {
          const now = current[status] ?? column;
          return { ...current, [status]: { ...now, pages: [...now.pages, page.uids], cursor: page.cursor, loadingMore: false } };
        });
      } catch {
        if (mine === generation.current) setColumns((current) => ({ ...current, [status]: { ...(current[status] ?? column), loadingMore: false } }));
      }
    },
    [workspaceId],
  );

  const reload = useCallback(() => setReloadKey((value) => value + 1), []);
  return { columns, loadMore, reload };
};

/** How many tasks the calendar loads for one range at most (pages of the maximum size). */
export const CALENDAR_TASK_CAP = 500;

/** Every task due in a range (all pages, up to CALENDAR_TASK_CAP): a month is one screen, not a paged list. */
export const useRangeTasks = (workspaceId: string | undefined, query: ListTasksInput) => {
  const key = `${workspaceId}|${queryKey(query)}`;
  const revision = useTaskStore((state) => state.revision);
  const [state, setState] = useState<{ uids: string[]; status: ListStatus; truncated: boolean }>({ uids: [], status: 'loading', truncated: false });
  const queryRef = useRef(query);
  queryRef.current = query;
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    if (!workspaceId) return;
    const controller = new AbortController();
    setState((current) => ({ ...current, status: 'loading' }));
    (async () => {
      const uids: string[] = [];
      let cursor: string | null | undefined;
      do {
        const page = await fetchTaskPage(workspaceId, { ...queryRef.current, ...(cursor ? { cursor } : {}) }, controller.signal);
        uids.push(...page.uids);
        cursor = page.cursor;
      } while (cursor && uids.length < CALENDAR_TASK_CAP);
      return { uids, truncated: !!cursor };
    })()
      .then(({ uids, truncated }) => {
        if (!controller.signal.aborted) setState({ uids, status: 'loaded', truncated });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ uids: [], status: 'error', truncated: false });
      });
    return () => controller.abort();
  }, [key, workspaceId, revision, reloadKey]);

  const reload = useCallback(() => setReloadKey((value) => value + 1), []);
  return { ...state, reload };
};
