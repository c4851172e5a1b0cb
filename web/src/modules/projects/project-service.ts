import type { UpdateProjectBody } from '#shared/schemas/project';
import { api } from '../../api/client';
import { attachmentTypeOf } from '../comments/attachment-rules';
import { putFile } from '../comments/upload-files';
import { useSettingsStore } from '../settings/settings-store';
import { useProjectsStore, type Project, type ProjectPhase } from './project-store';
import { forgetProjectAdmins } from './use-project-admin';

const set = useProjectsStore.setState;

/**
 * Projects the API answered (created, edited) since the current list load began: that list was read before them,
 * so when it lands they are kept over it (a brand created while /project/add was still loading is not dropped).
 */
let putSinceLoad = new Map<string, Project>();

/** `listed` (an answer of the projects list) with the projects put since its load began: replaced by uid, or added. */
export const mergePutProjects = (listed: readonly Project[], put: ReadonlyMap<string, Project>): Project[] => {
  const merged = listed.map((project) => put.get(project.uid) ?? project);
  const listedIds = new Set(listed.map((project) => project.uid));
  return [...merged, ...[...put.values()].filter((project) => !listedIds.has(project.uid))];
};

/** A project as the API answered it replaces the stored one (found by uid: a new slug follows), or joins the list. */
const putInStore = (workspaceId: string, saved: Project) => {
  const state = useProjectsStore.getState();
  if (state.workspaceId !== workspaceId || useSettingsStore.getState().currentWorkspaceId !== workspaceId) return;
  putSinceLoad.set(saved.uid, saved);
  set({ projects: mergePutProjects(state.projects, new Map([[saved.uid, saved]])) });
};

// A slower, older answer (a previous workspace) never overwrites a newer one.
let loadSeq = 0;

/** GET the workspace's projects into the store; called by the workspace loader on load and switch. */
export const loadProjects = async (workspaceId: string) => {
  const seq = ++loadSeq;
  forgetProjectAdmins();
  const sameWorkspace = useProjectsStore.getState().workspaceId === workspaceId;
  putSinceLoad = new Map();
  set({ status: 'loading', workspaceId, projects: sameWorkspace ? useProjectsStore.getState().projects : [] });
  try {
    const projects = await api.call('listProjects', { params: { workspaceId } });
    if (seq === loadSeq) set({ projects: mergePutProjects(projects, putSinceLoad), status: 'loaded' });
  } catch (error) {
    if (seq === loadSeq) set({ status: 'error' });
    throw error;
  }
};

export type NewProject = { name: string; slug: string; shopify_site: string | null; phase: ProjectPhase };

/** POST a project; the form shows a 409 project_slug_taken on the address field, so no notification here. */
export const createProject = async (workspaceId: string, input: NewProject): Promise<Project> => {
  const created = await api.call('createProject', { params: { workspaceId }, body: input, notify: false });
  putInStore(workspaceId, created);
  return created;
};

/**
 * PATCH the changed fields of a project (Manage Project in edit mode); the store follows, a new slug included.
 * The form shows a 400 or a 409 project_slug_taken on the field it names, so no notification here.
 */
export const updateProject = async (workspaceId: string, projectId: string, changes: UpdateProjectBody): Promise<Project> => {
  const updated = await api.call('updateProject', { params: { workspaceId, projectId }, body: changes, notify: false });
  putInStore(workspaceId, updated);
  return updated;
};

/** Asks the project's admins for access (a project the caller sees without has_permission). */
export const requestProjectAccess = async (workspaceId: string, projectId: string) => {
  await api.call('requestProjectAccess', { params: { workspaceId, projectId } });
};

/**
 * A new cover image (png, jpeg or webp, at most 5 MB: checked by the caller and again by the server): a presigned
 * upload, the bytes to storage, then the confirm that checks the stored object and sets it; the store follows.
 */
export const uploadProjectCover = async (workspaceId: string, projectId: string, file: File): Promise<Project> => {
  const params = { workspaceId, projectId };
  const contentType = attachmentTypeOf(file);
  if (contentType !== 'image/png' && contentType !== 'image/jpeg' && contentType !== 'image/webp') throw new Error('Not a cover image type');
  const upload = await api.call('createCoverUpload', { params, body: { name: file.name, size: file.size, content_type: contentType }, notify: false });
  await putFile(upload, file, file.name);
  const updated = await api.call('confirmCover', { params, body: { key: upload.key }, notify: false });
  putInStore(workspaceId, updated);
  return updated;
};

/** Logout: nothing of the last workspace's projects stays. */
export const clearProjects = () => {
  loadSeq++;
  putSinceLoad = new Map();
  forgetProjectAdmins();
  useProjectsStore.getState().reset();
};
