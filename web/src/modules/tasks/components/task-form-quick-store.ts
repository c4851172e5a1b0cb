import { create } from 'zustand';
import type { TaskFormState } from '../internal/task-form-state';

type QuickCreateState = {
  /** Asked for at least once: the modal's code is fetched then, and stays mounted for its exit. */
  wanted: boolean;
  /** Open, with the brand a new task starts in (a brand page's own). */
  request: { projectUid?: string } | null;
  /** "More fields": the full form, starting from what quick create had. */
  full: Partial<TaskFormState> | null;
  /** The brand last created in, so the next quick create starts there (this session). */
  lastProjectUid?: string;
};

export const useQuickCreateStore = create<QuickCreateState>(() => ({ wanted: false, request: null, full: null }));

/** Opens quick create (C, or a New task button), in `projectUid` when given. */
export const openQuickCreate = (request: { projectUid?: string } = {}) => useQuickCreateStore.setState({ wanted: true, request, full: null });
