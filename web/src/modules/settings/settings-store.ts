import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_PROJECT_VIEW_MODE,
  DEFAULT_VIEW_MODE,
  defaultTaskDefaults,
  defaultTaskFilters,
  defaultTaskTablePreferences,
  FORMER_DEFAULT_STATUSES,
  type ProjectViewMode,
  type TaskDefaults,
  type TaskFilters,
  type TaskTablePreferences,
  type ViewMode,
} from './settings-defaults';

type PersistedSettings = {
  currentWorkspaceId: string | null;
  taskFilters: TaskFilters;
  taskDefaults: TaskDefaults;
  viewMode: ViewMode;
  projectViewMode: ProjectViewMode;
  integrationOptions: Record<string, unknown>;
  taskTablePreferences: TaskTablePreferences;
};

type SettingsState = PersistedSettings & {
  setCurrentWorkspaceId: (id: string | null) => void;
  setTaskFilters: (filters: Partial<TaskFilters>) => void;
  resetTaskFilters: () => void;
  setViewMode: (mode: ViewMode) => void;
  setProjectViewMode: (mode: ProjectViewMode) => void;
  setTaskTablePreferences: (preferences: TaskTablePreferences) => void;
  /** Changes some task defaults (the recorder remembers the camera and autoRecord here). */
  setTaskDefaults: (defaults: Partial<TaskDefaults>) => void;
  reset: () => void;
};

const initial = (): PersistedSettings => ({
  currentWorkspaceId: null,
  taskFilters: defaultTaskFilters(),
  taskDefaults: defaultTaskDefaults(),
  viewMode: DEFAULT_VIEW_MODE,
  projectViewMode: DEFAULT_PROJECT_VIEW_MODE,
  integrationOptions: {},
  taskTablePreferences: defaultTaskTablePreferences(),
});

export const SETTINGS_STORAGE_KEY = 'brandslate.settings';

/** The persisted settings of spec 3: current workspace, task defaults and filters, view modes, integration options. */
export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...initial(),
      setCurrentWorkspaceId: (currentWorkspaceId) => set({ currentWorkspaceId }),
      setTaskFilters: (filters) => set((state) => ({ taskFilters: { ...state.taskFilters, ...filters } })),
      resetTaskFilters: () => set({ taskFilters: defaultTaskFilters() }),
      setViewMode: (viewMode) => set({ viewMode }),
      setProjectViewMode: (projectViewMode) => set({ projectViewMode }),
      setTaskTablePreferences: (taskTablePreferences) => set({ taskTablePreferences }),
      setTaskDefaults: (defaults) => set((state) => ({ taskDefaults: { ...state.taskDefaults, ...defaults } })),
      reset: () => set(initial()),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      version: 2,
      // Version 1 stored the spec's default status filter for everyone who never chose one: that person now gets
      // the new default (every open status); a filter somebody chose is kept.
      migrate: (persisted, version) => {
        const settings = persisted as Partial<PersistedSettings> | undefined;
        const status = settings?.taskFilters?.status;
        const untouched = Array.isArray(status) && status.length === FORMER_DEFAULT_STATUSES.length && FORMER_DEFAULT_STATUSES.every((s) => status.includes(s));
        if (version < 2 && settings?.taskFilters && untouched) return { ...settings, taskFilters: { ...settings.taskFilters, status: defaultTaskFilters().status } };
        return settings as PersistedSettings;
      },
      storage: createJSONStorage(() => localStorage),
      partialize: ({ currentWorkspaceId, taskFilters, taskDefaults, viewMode, projectViewMode, integrationOptions, taskTablePreferences }) => ({
        currentWorkspaceId,
        taskFilters,
        taskDefaults,
        viewMode,
        projectViewMode,
        integrationOptions,
        taskTablePreferences,
      }),
    },
  ),
);

/** Logout: back to defaults and nothing left in storage. */
export const clearSettings = () => {
  useSettingsStore.getState().reset();
  useSettingsStore.persist.clearStorage();
};
