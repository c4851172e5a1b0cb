import { useCallback } from 'react';
import { useProjectsStore } from '../projects/project-store';
import { useSettingsStore } from '../settings/settings-store';
import { useRecorderStore } from './recorder-store';

/**
 * What a "Record" button does: opens the recorder's setup, or — with the autoRecord task default and a known brand —
 * starts at once, still inside the click (the browser only opens its screen picker from one).
 */
export const useRecordAction = (projectUid?: string) =>
  useCallback(() => {
    const { taskDefaults, currentWorkspaceId } = useSettingsStore.getState();
    const recorder = useRecorderStore.getState();
    const openable = useProjectsStore.getState().projects.filter((project) => project.has_permission);
    const brand = projectUid ?? (openable.length === 1 ? openable[0]!.uid : undefined);
    recorder.open(brand);
    if (taskDefaults.autoRecord && brand && currentWorkspaceId && useRecorderStore.getState().support.level !== 'none') {
      void recorder.start({ workspaceId: currentWorkspaceId, projectUid: brand, microphone: true, camera: taskDefaults.preferedCamera });
    }
  }, [projectUid]);
