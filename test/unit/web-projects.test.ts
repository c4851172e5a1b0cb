import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '#shared/schemas/project';
import { findProject, useProjectsStore } from '../../web/src/modules/projects/project-store';
import {
  draftOf,
  editProjectPath,
  isAdminAmong,
  knownProjectAdmin,
  projectChanges,
  projectFieldOf,
  returnPath,
} from '../../web/src/modules/projects/project-edit';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../web/src/api/client', async (original) => ({ ...(await original<object>()), api: { call } }));
const { createProject, loadProjects, updateProject } = await import('../../web/src/modules/projects/project-service');
const { useSettingsStore } = await import('../../web/src/modules/settings/settings-store');

const project = (uid: string, slug: string, changes: Partial<Project> = {}): Project => ({
  uid,
  name: slug,
  slug,
  shopify_site: null,
  cover_url: null,
  has_permission: true,
  integrations: [],
  owner: 'user-1',
  phase: 'active',
  created_at: '2026-11-21T10:00:00.000Z',
  ...changes,
});

describe('findProject (spec 3: a project is resolved locally)', () => {
  const projects = [project('p-1', 'acme'), project('p-2', 'p-1-shop')];

  it('finds a project by uid or by slug', () => {
    expect(findProject(projects, 'p-2')?.slug).toBe('p-1-shop');
    expect(findProject(projects, 'acme')?.uid).toBe('p-1');
  });

  it('prefers the uid when a slug looks like another uid, and answers undefined for nothing', () => {
    expect(findProject(projects, 'p-1')?.slug).toBe('acme');
    expect(findProject(projects, 'missing')).toBeUndefined();
    expect(findProject(projects, undefined)).toBeUndefined();
  });
});

describe('projectChanges (Manage Project in edit mode sends only what changed)', () => {
  const acme = project('p-1', 'acme', { name: 'Acme', shopify_site: 'https://acme.myshopify.com', phase: 'sales' });

  it('sends nothing for an untouched form, and ignores surrounding spaces', () => {
    expect(projectChanges(acme, draftOf(acme))).toEqual({});
    expect(projectChanges(acme, { ...draftOf(acme), name: '  Acme ', shopifySite: ' https://acme.myshopify.com ' })).toEqual({});
  });

  it('sends each changed field, trimmed', () => {
    expect(projectChanges(acme, { name: ' Acme Paris ', slug: 'acme-paris', shopifySite: 'https://paris.myshopify.com', phase: 'active' })).toEqual({
      name: 'Acme Paris',
      slug: 'acme-paris',
      shopify_site: 'https://paris.myshopify.com',
      phase: 'active',
    });
    expect(projectChanges(acme, { ...draftOf(acme), phase: 'inactive' })).toEqual({ phase: 'inactive' });
  });

  it('removes an emptied Shopify site with null, and adds one to a brand without', () => {
    expect(projectChanges(acme, { ...draftOf(acme), shopifySite: '  ' })).toEqual({ shopify_site: null });
    const bare = project('p-2', 'bare');
    expect(draftOf(bare).shopifySite).toBe('');
    expect(projectChanges(bare, { ...draftOf(bare), shopifySite: 'https://bare.myshopify.com' })).toEqual({ shopify_site: 'https://bare.myshopify.com' });
  });

  it('maps a 400 to the form field it names, and nothing else', () => {
    expect(projectFieldOf('slug')).toBe('slug');
    expect(projectFieldOf('shopify_site')).toBe('shopify_site');
    expect(projectFieldOf('owner')).toBeUndefined();
    expect(projectFieldOf(undefined)).toBeUndefined();
  });
});

describe('edit links and the way back', () => {
  it('opens Manage Project with the brand, and where it came from inside the brand', () => {
    expect(editProjectPath({ slug: 'acme' })).toBe('/project/add?project=acme');
    expect(editProjectPath({ slug: 'acme' }, 'tasks')).toBe('/project/add?project=acme&from=tasks');
    expect(editProjectPath({ slug: 'acme' }, '')).toBe('/project/add?project=acme&from=');
    expect(editProjectPath({ slug: 'acme' }, 'user/add')).toBe('/project/add?project=acme&from=user%2Fadd');
  });

  it('returns to the brand page under its new slug, else the dashboard; never another site', () => {
    expect(returnPath('tasks', { slug: 'acme-paris' })).toBe('/project/acme-paris/tasks');
    expect(returnPath('', { slug: 'acme-paris' })).toBe('/project/acme-paris');
    expect(returnPath(null, { slug: 'acme-paris' })).toBe('/dashboard');
    expect(returnPath('//evil.example', { slug: 'acme' })).toBe('/dashboard');
    expect(returnPath('../team', { slug: 'acme' })).toBe('/dashboard');
    expect(editProjectPath({ slug: 'acme' }, 'https://evil.example')).toBe('/project/add?project=acme');
  });
});

describe('who may edit a brand (mirrors the server rule isProjectAdmin)', () => {
  it('a workspace admin may edit every brand, even one without a membership', () => {
    expect(knownProjectAdmin('admin', 'user-9', project('p-1', 'acme', { has_permission: false }))).toBe(true);
    expect(knownProjectAdmin('Admin', 'user-9', project('p-1', 'acme'))).toBe(true);
  });

  it("a member may edit the brand they created; another brand they may open only the server can tell", () => {
    expect(knownProjectAdmin('member', 'user-1', project('p-1', 'acme', { owner: 'user-1' }))).toBe(true);
    expect(knownProjectAdmin('member', 'user-2', project('p-1', 'acme', { owner: 'user-1' }))).toBeUndefined();
  });

  it('no one without access, no external, no unknown role', () => {
    expect(knownProjectAdmin('member', 'user-1', project('p-1', 'acme', { owner: 'user-1', has_permission: false }))).toBe(false);
    expect(knownProjectAdmin('external', 'user-1', project('p-1', 'acme', { owner: 'user-1' }))).toBe(false);
    expect(knownProjectAdmin(undefined, 'user-1', project('p-1', 'acme'))).toBe(false);
    expect(knownProjectAdmin('member', undefined, project('p-1', 'acme'))).toBe(false);
  });

  it("the brand's people list makes a granted owner or admin one of its admins", () => {
    const users = [
      { user_uid: 'u-admin', role: 'admin' as const, status: 'granted' },
      { user_uid: 'u-member', role: 'member' as const, status: 'granted' },
      { user_uid: 'u-asked', role: 'admin' as const, status: 'requested' },
    ];
    expect(isAdminAmong(users, 'u-admin')).toBe(true);
    expect(isAdminAmong(users, 'u-member')).toBe(false);
    expect(isAdminAmong(users, 'u-asked')).toBe(false);
    expect(isAdminAmong(users, 'u-stranger')).toBe(false);
  });
});

describe('updateProject (the store follows an edit)', () => {
  beforeEach(() => {
    call.mockReset();
    useSettingsStore.setState({ currentWorkspaceId: 'ws-1' });
    useProjectsStore.setState({ workspaceId: 'ws-1', status: 'loaded', projects: [project('p-1', 'acme'), project('p-2', 'bolt')] });
  });

  it('PATCHes the changes and replaces the brand by uid, so its new slug finds it', async () => {
    call.mockResolvedValueOnce(project('p-1', 'acme-paris', { name: 'Acme Paris' }));
    await updateProject('ws-1', 'p-1', { name: 'Acme Paris', slug: 'acme-paris' });
    expect(call).toHaveBeenCalledWith('updateProject', {
      params: { workspaceId: 'ws-1', projectId: 'p-1' },
      body: { name: 'Acme Paris', slug: 'acme-paris' },
      notify: false,
    });
    const { projects } = useProjectsStore.getState();
    expect(projects.map((p) => p.slug)).toEqual(['acme-paris', 'bolt']);
    expect(findProject(projects, 'acme')).toBeUndefined();
    expect(findProject(projects, 'acme-paris')?.name).toBe('Acme Paris');
  });

  it('leaves the store alone when the workspace changed meanwhile', async () => {
    call.mockResolvedValueOnce(project('p-1', 'acme-paris'));
    useSettingsStore.setState({ currentWorkspaceId: 'ws-2' });
    await updateProject('ws-1', 'p-1', { slug: 'acme-paris' });
    expect(useProjectsStore.getState().projects.map((p) => p.slug)).toEqual(['acme', 'bolt']);
  });

  it('changes nothing when the server refuses', async () => {
    call.mockRejectedValueOnce(new Error('project_slug_taken'));
    await expect(updateProject('ws-1', 'p-1', { slug: 'bolt' })).rejects.toThrow('project_slug_taken');
    expect(useProjectsStore.getState().projects.map((p) => p.slug)).toEqual(['acme', 'bolt']);
  });
});

describe('a brand created or edited while the list is loading (the older list answer does not drop it)', () => {
  beforeEach(() => {
    call.mockReset();
    useSettingsStore.setState({ currentWorkspaceId: 'ws-1' });
    useProjectsStore.setState({ workspaceId: 'ws-1', status: 'idle', projects: [] });
  });

  /** listProjects answers only when the test says so; other calls answer at once by `answers`. */
  const slowList = (answers: Record<string, Project>) => {
    let release: (projects: Project[]) => void = () => undefined;
    call.mockImplementation((name: string) =>
      name === 'listProjects' ? new Promise<Project[]>((resolve) => (release = resolve)) : Promise.resolve(answers[name]),
    );
    return (projects: Project[]) => release(projects);
  };

  it('keeps the brand created before the list (read earlier, without it) lands', async () => {
    const answer = slowList({ createProject: project('p-new', 'fresh') });
    const loading = loadProjects('ws-1');
    await createProject('ws-1', { name: 'fresh', slug: 'fresh', shopify_site: null, phase: 'active' });
    answer([project('p-1', 'acme')]);
    await loading;
    const { projects, status } = useProjectsStore.getState();
    expect(status).toBe('loaded');
    expect(projects.map((p) => p.slug)).toEqual(['acme', 'fresh']);
    expect(findProject(projects, 'fresh')?.uid).toBe('p-new');
  });

  it('keeps an edit made meanwhile over the older listed version, and does not add it twice', async () => {
    const answer = slowList({ updateProject: project('p-1', 'acme-paris', { name: 'Acme Paris' }) });
    const loading = loadProjects('ws-1');
    await updateProject('ws-1', 'p-1', { name: 'Acme Paris', slug: 'acme-paris' });
    answer([project('p-1', 'acme'), project('p-2', 'bolt')]);
    await loading;
    expect(useProjectsStore.getState().projects.map((p) => p.slug)).toEqual(['acme-paris', 'bolt']);
  });

  it('a later load takes the list as answered (what was put before it began is in that answer)', async () => {
    let answer = slowList({ createProject: project('p-new', 'fresh') });
    let loading = loadProjects('ws-1');
    await createProject('ws-1', { name: 'fresh', slug: 'fresh', shopify_site: null, phase: 'active' });
    answer([project('p-1', 'acme'), project('p-new', 'fresh')]);
    await loading;
    answer = slowList({});
    loading = loadProjects('ws-1');
    answer([project('p-1', 'acme')]); // the brand was deleted elsewhere since
    await loading;
    expect(useProjectsStore.getState().projects.map((p) => p.slug)).toEqual(['acme']);
  });
});
