import { useSettingsStore } from '../settings/settings-store';

/** The brand's saved toggles of the task form (spec 3 task defaults: `projectIntegrations`), if any. */
export const useSavedTaskIntegrations = (projectUid: string) => useSettingsStore((state) => state.taskDefaults.projectIntegrations[projectUid]);

/** Remembers the toggles chosen for a brand, so its next new task starts with them. */
export const saveTaskIntegrations = (projectUid: string, integrationUids: string[]) =>
  useSettingsStore.setState((state) => ({
    taskDefaults: {
      ...state.taskDefaults,
      projectIntegrations: { ...state.taskDefaults.projectIntegrations, [projectUid]: integrationUids },
    },
  }));
