import { TIME_ENTRIES_POLL_MS } from '#shared/constants';
import { api, isApiError } from '../../api/client';
import { features } from '../../config/features';
import { logout } from '../auth/auth-service';
import { useAuthStore } from '../auth/auth-store';
import { useSettingsStore } from '../settings/settings-store';
import { findMembership, useWorkspaceStore } from './workspace-store';

const store = () => useWorkspaceStore.getState();
const set = useWorkspaceStore.setState;

// Sequence numbers: a slower, older answer never overwrites a newer one.
let listSeq = 0;
let workspaceSeq = 0;
let pollTimer: ReturnType<typeof setInterval> | undefined;

const stopPolling = () => {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = undefined;
};

const startPolling = (workspaceId: string) => {
  stopPolling();
  if (!features.timeEntriesPolling) return;
  pollTimer = setInterval(() => {
    const seq = workspaceSeq;
    api
      .call('listTimeEntries', { params: { workspaceId }, notify: false })
      .then((timeEntries) => {
        if (seq === workspaceSeq) set({ timeEntries });
      })
      .catch(() => {
        // a failed refresh keeps the last entries; a 401 already logged out
      });
  }, TIME_ENTRIES_POLL_MS);
};

/** GET /workspaces into the store. */
export const loadWorkspaceList = async () => {
  const seq = ++listSeq;
  set({ listStatus: 'loading' });
  try {
    const workspaces = await api.call('listWorkspaces');
    if (seq === listSeq) set({ workspaces, listStatus: 'loaded' });
    return store().workspaces;
  } catch (error) {
    if (seq === listSeq) set({ listStatus: 'error' });
    throw error;
  }
};

/**
 * Loads a workspace (spec 4): clears plan state, then details, team and time entries in that order, then polls
 * the time entries. A 403 here logs out.
 */
export const loadWorkspace = async (workspaceId: string) => {
  const seq = ++workspaceSeq;
  const current = () => seq === workspaceSeq;
  stopPolling();
  set({ plan: null, details: null, team: [], timeEntries: null, workspaceStatus: 'loading' });
  try {
    const params = { workspaceId };
    const details = await api.call('getWorkspace', { params });
    if (!current()) return;
    set({ details });
    const team = await api.call('listTeam', { params });
    if (!current()) return;
    set({ team });
    const timeEntries = await api.call('listTimeEntries', { params });
    if (!current()) return;
    set({ timeEntries, workspaceStatus: 'loaded' });
    startPolling(workspaceId);
  } catch (error) {
    if (!current()) return;
    set({ workspaceStatus: 'error' });
    if (isApiError(error) && error.status === 403) await logout();
  }
};

/** Reloads the current workspace's team (after an invite, say). */
export const refreshTeam = async () => {
  const workspaceId = useSettingsStore.getState().currentWorkspaceId;
  if (!workspaceId) return;
  const team = await api.call('listTeam', { params: { workspaceId } });
  if (useSettingsStore.getState().currentWorkspaceId === workspaceId) set({ team });
};

/** Switching (spec 4): reset task filters, make it current, load its data. The caller then goes to /dashboard. */
export const switchWorkspace = async (workspaceId: string) => {
  const settings = useSettingsStore.getState();
  settings.resetTaskFilters();
  settings.setCurrentWorkspaceId(workspaceId);
  await loadWorkspace(workspaceId);
};

/** After sign-in: roles, workspaces and pending invites; then the remembered workspace (or the first one). */
export const loadSignedInUser = async () => {
  const auth = useAuthStore.getState();
  api
    .call('listRoles')
    .then((catalogue) => auth.setRoles(Object.values(catalogue).map((role) => role.name)))
    .catch(() => undefined);
  loadMyInvites().catch(() => undefined);
  let workspaces;
  try {
    workspaces = await loadWorkspaceList();
  } catch {
    return;
  }
  const settings = useSettingsStore.getState();
  const chosen = findMembership(workspaces, settings.currentWorkspaceId) ?? workspaces[0];
  if (!chosen) {
    settings.setCurrentWorkspaceId(null);
    return;
  }
  if (chosen.workspaces.uid !== settings.currentWorkspaceId) settings.setCurrentWorkspaceId(chosen.workspaces.uid);
  await loadWorkspace(chosen.workspaces.uid);
};

/** GET /me/invites into the auth state (spec 3: auth state holds invites). */
export const loadMyInvites = async () => {
  const invites = await api.call('listMyInvites');
  useAuthStore.getState().setInvites(invites.filter((invite) => invite.status === 'pending'));
  return invites;
};

/** POST /workspaces, then switch to the new workspace. */
export const createWorkspace = async (name: string) => {
  const created = await api.call('createWorkspace', { body: { name }, notify: false });
  await loadWorkspaceList().catch(() => {
    set({ workspaces: [...store().workspaces, created] });
  });
  await switchWorkspace(created.workspaces.uid);
  return created;
};

/** Logout: stop polling and forget everything about workspaces. */
export const clearWorkspaces = () => {
  listSeq++;
  workspaceSeq++;
  stopPolling();
  store().reset();
};
