import { TIME_ENTRIES_POLL_MS } from '#shared/constants';
import { can } from '#shared/permissions';
import { api, isApiError } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { features } from '../../config/features';
import { logout } from '../auth/auth-service';
import { clearPlanState } from '../billing/billing-store';
import { useAuthStore } from '../auth/auth-store';
import { useSettingsStore } from '../settings/settings-store';
import type { Workspace, WorkspaceListItem } from '#shared/schemas/workspace';
import { clearProjects, loadProjects } from '../projects/project-service';
import { attachmentTypeOf } from '../comments/attachment-rules';
import { putFile } from '../comments/upload-files';
import { clearTasks } from '../tasks/task-service';
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

/**
 * Fetches the current workspace's time entries now (after a timer starts or stops, say) rather than at the next
 * poll. Works with polling off too; a failure keeps the last entries.
 */
export const refreshTimeEntries = async () => {
  const workspaceId = useSettingsStore.getState().currentWorkspaceId;
  if (!workspaceId || !store().timeEntries) return;
  const seq = workspaceSeq;
  try {
    const timeEntries = await api.call('listTimeEntries', { params: { workspaceId }, notify: false });
    if (seq === workspaceSeq) set({ timeEntries });
  } catch {
    // the next poll (or reload) tries again
  }
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
 * Loads a workspace (spec 4): clears plan state, then details, team, projects and time entries, then polls the time
 * entries. They are asked for together rather than each after the one before: a dashboard's brand covers wait on
 * the projects, and four round trips in a row were most of its load. A 403 here logs out. A locked workspace (not
 * active) has no projects or time entries to load: the server refuses them, and its members are on the lockdown
 * page anyway; the list's copy tells whether to ask for them early, the details decide.
 */
export const loadWorkspace = async (workspaceId: string) => {
  const seq = ++workspaceSeq;
  const current = () => seq === workspaceSeq;
  stopPolling();
  clearPlanState();
  set({ details: null, team: [], timeEntries: null, workspaceStatus: 'loading' });
  const params = { workspaceId };
  const membership = findMembership(store().workspaces, workspaceId);
  // Only what the role may read is asked for: an external user has no team or time to load (a 403 logs out).
  const role = membership?.role;
  // The projects have their own status: the dashboard shows them loading, and a failure there (notified)
  // leaves the rest of the workspace usable.
  const projectsOf = () => (can(role, 'projects.read') ? loadProjects(workspaceId).catch(() => undefined) : Promise.resolve(clearProjects()));
  const timeEntriesOf = () => api.call('listTimeEntries', { params });
  const listedActive = membership?.workspaces.active === true;
  const earlyProjects = listedActive ? projectsOf() : undefined;
  const earlyTimeEntries = listedActive && can(role, 'time.read') ? timeEntriesOf() : undefined;
  // Awaited below, or dropped once the details say the workspace is locked.
  earlyTimeEntries?.catch(() => undefined);
  try {
    const [details, team] = await Promise.all([
      api.call('getWorkspace', { params }),
      can(role, 'team.read') ? api.call('listTeam', { params }) : Promise.resolve([]),
    ]);
    if (!current()) return;
    // One update for both: each store change re-renders the screen that shows them.
    set({ details, workspaces: withWorkspace(store().workspaces, details), team });
    if (!details.active) {
      clearProjects();
      set({ workspaceStatus: 'loaded' });
      return;
    }
    await (earlyProjects ?? projectsOf());
    if (!current()) return;
    if (!can(role, 'time.read')) {
      set({ workspaceStatus: 'loaded' });
      return;
    }
    const timeEntries = await (earlyTimeEntries ?? timeEntriesOf());
    if (!current()) return;
    set({ timeEntries, workspaceStatus: 'loaded' });
    startPolling(workspaceId);
  } catch (error) {
    if (!current()) return;
    set({ workspaceStatus: 'error' });
    if (isApiError(error) && error.status === 403) await logout();
  }
};

/** The membership list with one workspace's copy replaced by fresher details. */
const withWorkspace = (workspaces: WorkspaceListItem[], workspace: Workspace) =>
  workspaces.map((item) => (item.workspaces.uid === workspace.uid ? { ...item, workspaces: workspace } : item));

/** Reloads the list and the current workspace: its role, plan and lockdown state may have changed. */
export const reloadCurrentWorkspace = async () => {
  await loadWorkspaceList().catch(() => undefined);
  const workspaceId = useSettingsStore.getState().currentWorkspaceId;
  if (workspaceId && findMembership(store().workspaces, workspaceId)) await loadWorkspace(workspaceId);
  else await loadSignedInUser();
};

/**
 * The API answered 402 workspace_inactive: the trial or subscription ended since the workspace was loaded. The
 * current workspace is marked locked at once (the lockdown guard reads it) and polling stops; a reload then
 * brings the server's own view.
 */
export const markCurrentWorkspaceInactive = () => {
  const workspaceId = useSettingsStore.getState().currentWorkspaceId;
  const membership = findMembership(store().workspaces, workspaceId);
  if (!membership) return;
  stopPolling();
  const { details } = store();
  const locked = { ...(details?.uid === workspaceId ? details : membership.workspaces), active: false };
  set({ details: details?.uid === workspaceId ? locked : details, workspaces: withWorkspace(store().workspaces, locked) });
};

/** PATCH the workspace's name; the switcher and the navigation follow. */
export const renameWorkspace = async (workspaceId: string, name: string) => {
  const updated = await api.call('updateWorkspace', { params: { workspaceId }, body: { name }, notify: false });
  const { details } = store();
  set({
    details: details?.uid === workspaceId ? updated : details,
    workspaces: withWorkspace(store().workspaces, updated),
  });
  return updated;
};

/** A workspace as the server now has it, in the details and the switcher's list. */
const putWorkspace = (updated: Workspace) => {
  const { details } = store();
  set({ details: details?.uid === updated.uid ? updated : details, workspaces: withWorkspace(store().workspaces, updated) });
};

/**
 * A new logo (png, jpeg or webp, at most 5 MB: checked by the caller and again by the server): a presigned upload, the
 * bytes to storage, then the confirm that checks the stored object and sets it, as a brand's cover.
 */
export const uploadWorkspaceLogo = async (workspaceId: string, file: File): Promise<Workspace> => {
  const contentType = attachmentTypeOf(file);
  if (contentType !== 'image/png' && contentType !== 'image/jpeg' && contentType !== 'image/webp') throw new Error('Not a logo image type');
  const params = { workspaceId };
  const upload = await api.call('createLogoUpload', { params, body: { name: file.name, size: file.size, content_type: contentType }, notify: false });
  await putFile(upload, file, file.name);
  const updated = await api.call('confirmLogo', { params, body: { key: upload.key }, notify: false });
  putWorkspace(updated);
  return updated;
};

/** The workspace goes back to its name alone. */
export const removeWorkspaceLogo = async (workspaceId: string): Promise<Workspace> => {
  const updated = await api.call('removeLogo', { params: { workspaceId }, notify: false });
  putWorkspace(updated);
  return updated;
};

/** DELETE the workspace (owner only, never the only one owned), then go on in another workspace. */
export const deleteWorkspace = async (workspaceId: string) => {
  await api.call('deleteWorkspace', { params: { workspaceId }, notify: false });
  if (useSettingsStore.getState().currentWorkspaceId === workspaceId) useSettingsStore.getState().setCurrentWorkspaceId(null);
  await loadSignedInUser();
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

/** Logout: stop polling and forget everything about workspaces, their tasks and the cached server data. */
export const clearWorkspaces = () => {
  listSeq++;
  workspaceSeq++;
  stopPolling();
  store().reset();
  clearProjects();
  clearTasks();
  queryClient.clear();
};
