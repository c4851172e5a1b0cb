import { api } from '../../api/client';
import { useSettingsStore } from '../settings/settings-store';
import { useProjectsStore, type Project, type ProjectPhase } from './project-store';

const set = useProjectsStore.setState;

// A slower, older answer (a previous workspace) never overwrites a newer one.
let loadSeq = 0;

/** GET the workspace's projects into the store; called by the workspace loader on load and switch. */
export const loadProjects = async (workspaceId: string) => {
  const seq = ++loadSeq;
  const sameWorkspace = useProjectsStore.getState().workspaceId === workspaceId;
  set({ status: 'loading', workspaceId, projects: sameWorkspace ? useProjectsStore.getState().projects : [] });
  try {
    const projects = await api.call('listProjects', { params: { workspaceId } });
    if (seq === loadSeq) set({ projects, status: 'loaded' });
  } catch (error) {
    if (seq === loadSeq) set({ status: 'error' });
    throw error;
  }
};

export type NewProject = { name: string; slug: string; shopify_site: string | null; phase: ProjectPhase };

/** POST a project; the form shows a 409 project_slug_taken on the address field, so no notification here. */
export const createProject = async (workspaceId: string, input: NewProject): Promise<Project> => {
  const created = await api.call('createProject', { params: { workspaceId }, body: input, notify: false });
  const state = useProjectsStore.getState();
  if (state.workspaceId === workspaceId && useSettingsStore.getState().currentWorkspaceId === workspaceId) {
    set({ projects: [...state.projects.filter((project) => project.uid !== created.uid), created] });
  }
  return created;
};

/** Asks the project's admins for access (a project the caller sees without has_permission). */
export const requestProjectAccess = async (workspaceId: string, projectId: string) => {
  await api.call('requestProjectAccess', { params: { workspaceId, projectId } });
};

/** Logout: nothing of the last workspace's projects stays. */
export const clearProjects = () => {
  loadSeq++;
  useProjectsStore.getState().reset();
};
