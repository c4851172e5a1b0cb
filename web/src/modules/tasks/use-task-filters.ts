import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { usePageSearchParams } from '../../ui/use-page-search-params';
import { useSettingsStore } from '../settings/settings-store';
import type { TaskFilters, ViewMode } from '../settings/settings-defaults';
import { cleanFilters, FILTER_PARAMS, filtersFromSearch, hasFilterParams, SAVED_VIEW_PARAM, VIEW_MODE_PARAM, withFilterParams } from './task-query';
import { taskKeys } from './task-keys';
import { loadMilestones, loadTags } from './task-service';

const sameFilters = (a: TaskFilters, b: TaskFilters) => JSON.stringify(cleanFilters(a)) === JSON.stringify(cleanFilters(b));

/** Every filter off, every status: what "Clear filters" leaves. */
export const noFilters = (): TaskFilters => ({ ...cleanFilters(undefined), status: [] });

export type ApplyView = { filters: TaskFilters; viewMode?: ViewMode | null; viewUid?: string | null };

/**
 * The task filters of a list, kept in the address (query parameters: a view can be shared and reloaded) and
 * remembered as the persisted `taskFilters` (spec 3). Arriving without a filter in the address, the persisted one
 * is written into it, so it shows as tokens and the address says what the list shows.
 */
export const useTaskFilters = () => {
  const [params, setParams] = usePageSearchParams();
  const stored = useSettingsStore((state) => state.taskFilters);
  const setTaskFilters = useSettingsStore((state) => state.setTaskFilters);
  const inAddress = hasFilterParams(params);
  // Only the filter's own parameters count: opening a task (?task=) must not make a new filter object.
  const filterKey = FILTER_PARAMS.map((name) => params.getAll(name).join('|')).join('&');
  const fromAddress = useMemo(() => (inAddress ? filtersFromSearch(params) : null), [inAddress, filterKey]);
  const remembered = useMemo(() => cleanFilters(stored), [stored]);
  const filters = fromAddress ?? remembered;

  useEffect(() => {
    if (!inAddress) setParams((current) => withFilterParams(current, remembered), { replace: true });
  }, [inAddress, remembered, setParams]);
  useEffect(() => {
    if (fromAddress && !sameFilters(fromAddress, remembered)) setTaskFilters(fromAddress);
  }, [fromAddress, remembered, setTaskFilters]);

  /** Changes some filters; the saved view the list came from stays selected (shown as changed). */
  const setFilters = useCallback(
    (patch: Partial<TaskFilters>) => setParams((current) => withFilterParams(current, { ...filtersFromSearch(current), ...patch })),
    [setParams],
  );
  const resetFilters = useCallback(
    () =>
      setParams((current) => {
        const next = withFilterParams(current, noFilters());
        next.delete(SAVED_VIEW_PARAM);
        return next;
      }),
    [setParams],
  );
  return { filters, setFilters, resetFilters };
};

/**
 * Opening a saved view: its whole filter, with its view mode when it has one, in one address change (two changes
 * in one event would each start from the same address and the second would undo the first). No effects: the
 * list's own useTaskFilters keeps the address and the persisted filters in step.
 */
export const useSavedViewNavigation = () => {
  const [params, setParams] = usePageSearchParams();
  const applyView = useCallback(
    ({ filters: next, viewMode, viewUid }: ApplyView) =>
      setParams((current) => {
        const search = withFilterParams(current, next);
        if (viewMode) search.set(VIEW_MODE_PARAM, viewMode);
        if (viewUid) search.set(SAVED_VIEW_PARAM, viewUid);
        else if (viewUid === null) search.delete(SAVED_VIEW_PARAM);
        return search;
      }),
    [setParams],
  );
  return { applyView, savedViewUid: params.get(SAVED_VIEW_PARAM) };
};

const NONE: string[] = [];

export type Vocabulary = { tags: string[]; milestones: string[]; loading: boolean };

/**
 * The tags and milestones in use (of one brand, or of every brand the caller may open), for the filters and the
 * form's suggestions; fetched again when tasks appear or vanish. A failure leaves a list empty, unannounced: these
 * are suggestions, and typing a value still works.
 */
export const useTaskVocabulary = (workspaceId: string | undefined, projectId?: string): Vocabulary => {
  const enabled = !!workspaceId;
  const tags = useQuery({
    queryKey: taskKeys.vocabulary(workspaceId ?? '', 'tags', projectId),
    queryFn: ({ signal }) => loadTags(workspaceId as string, projectId, signal),
    enabled,
  });
  const milestones = useQuery({
    queryKey: taskKeys.vocabulary(workspaceId ?? '', 'milestones', projectId),
    queryFn: ({ signal }) => loadMilestones(workspaceId as string, projectId, signal),
    enabled,
  });
  const loading = tags.isFetching || milestones.isFetching;
  // One object while nothing changed: the filter bar is memoized on it.
  return useMemo(() => ({ tags: tags.data ?? NONE, milestones: milestones.data ?? NONE, loading }), [tags.data, milestones.data, loading]);
};
