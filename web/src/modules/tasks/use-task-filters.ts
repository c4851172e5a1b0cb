import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSettingsStore } from '../settings/settings-store';
import type { TaskFilters } from '../settings/settings-defaults';
import { cleanFilters } from './task-query';
import { taskKeys } from './task-keys';
import { loadMilestones, loadTags } from './task-service';

/** The persisted task filters (spec 3), cleaned of anything the list route would refuse, with their setters. */
export const useTaskFilters = () => {
  const stored = useSettingsStore((state) => state.taskFilters);
  const setTaskFilters = useSettingsStore((state) => state.setTaskFilters);
  const resetTaskFilters = useSettingsStore((state) => state.resetTaskFilters);
  const filters = useMemo(() => cleanFilters(stored), [stored]);
  return { filters, setFilters: setTaskFilters as (filters: Partial<TaskFilters>) => void, resetFilters: resetTaskFilters };
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
