import { useEffect, useMemo, useState } from 'react';
import { useSettingsStore } from '../settings/settings-store';
import type { TaskFilters } from '../settings/settings-defaults';
import { cleanFilters } from './task-query';
import { loadMilestones, loadTags } from './task-service';
import { useTaskStore } from './task-store';

/** The persisted task filters (spec 3), cleaned of anything the list route would refuse, with their setters. */
export const useTaskFilters = () => {
  const stored = useSettingsStore((state) => state.taskFilters);
  const setTaskFilters = useSettingsStore((state) => state.setTaskFilters);
  const resetTaskFilters = useSettingsStore((state) => state.resetTaskFilters);
  const filters = useMemo(() => cleanFilters(stored), [stored]);
  return { filters, setFilters: setTaskFilters as (filters: Partial<TaskFilters>) => void, resetFilters: resetTaskFilters };
};

/** A value that follows `value` once it has stood still for `delay` ms (typing in the search box). */
export const useDebounced = <T,>(value: T, delay: number): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
};

export type Vocabulary = { tags: string[]; milestones: string[]; loading: boolean };

/**
 * The tags and milestones in use (of one brand, or of every brand the caller may open), for the filters and the
 * form's suggestions. Reloaded when tasks appear or vanish. A failure leaves the lists empty: typing still works.
 */
export const useTaskVocabulary = (workspaceId: string | undefined, projectId?: string): Vocabulary => {
  const revision = useTaskStore((state) => state.revision);
  const [vocabulary, setVocabulary] = useState<Vocabulary>({ tags: [], milestones: [], loading: true });
  useEffect(() => {
    if (!workspaceId) return;
    const controller = new AbortController();
    setVocabulary((current) => ({ ...current, loading: true }));
    Promise.all([
      loadTags(workspaceId, projectId, controller.signal).catch(() => [] as string[]),
      loadMilestones(workspaceId, projectId, controller.signal).catch(() => [] as string[]),
    ]).then(([tags, milestones]) => {
      if (!controller.signal.aborted) setVocabulary({ tags, milestones, loading: false });
    });
    return () => controller.abort();
  }, [workspaceId, projectId, revision]);
  return vocabulary;
};
