import { describe, expect, it, vi } from 'vitest';
import type { Role } from '#shared/constants';
import { createProjectBody, updateProjectBody } from '#shared/schemas/project';
import { can } from '#shared/permissions';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { code } from './error-code';
import type { ProjectItem, ProjectMemberItem, SlugWriteOutcome } from '#data/projects';
import { slugify } from '#shared/slugify';
import { isProjectAdmin } from '#shared/permissions';
import { hasPermission } from '#core/projects/project-rules';
import { listProjects } from '#core/projects/list-projects';
import { createProject, slugFor } from '#core/projects/create-project';
import { changesOf, updateProject } from '#core/projects/update-project';
import { grantProjectAccess, requestProjectAccess } from '#core/projects/project-access';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const clock = () => NOW;
const ctx = (userId = 'alice', role: Role = 'admin'): WorkspaceContext => ({ workspaceId: 'ws1', userId, email: `${userId}@acme.com`, role });
const project = (over: Partial<ProjectItem> = {}): ProjectItem => ({
  workspaceId: 'ws1', projectId: 'p1', name: 'Acme', slug: 'acme', phase: 'active', ownerId: 'alice', integrations: [], createdAt: NOW.toISOString(), ...over,
});
const pm = (userId: string, over: Partial<ProjectMemberItem> = {}): ProjectMemberItem => ({
  workspaceId: 'ws1', projectId: 'p1', userId, role: 'member', status: 'granted', updatedAt: NOW.toISOString(), ...over,
});

describe('slugify', () => {
  it.each([
    ['Café & Co', 'cafe-and-co'],
    ['  Hello   World  ', 'hello-world'],
    ['Crème Brûlée', 'creme-brulee'],
    ['Rock&Roll', 'rock-and-roll'],
    ['Tom’s Shop!', 'toms-shop'],
    ['ÅNGSTRÖM 2026', 'angstrom-2026'],
    ['a -- b', 'a-b'],
    ['&', 'and'],
    ['!!!', ''],
  ])('%j → %j', (input, slug) => expect(slugify(input)).toBe(slug));

  it('keeps at most 80 characters and never ends with a hyphen', () => {
    const slug = slugify(`${'a'.repeat(79)} b`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).not.toMatch(/-$/);
  });

  it('derives the slug from the name only when none is given, and refuses a name without letters', () => {
    expect(slugFor({ name: 'Café & Co' })).toBe('cafe-and-co');
    expect(slugFor({ name: 'Café & Co', slug: 'mine' })).toBe('mine');
    expect(() => slugFor({ name: '!!!' })).toThrow(ValidationError);
  });
});

describe('project schemas', () => {
  it('accepts a minimal create and refuses a malformed slug or phase', () => {
    expect(createProjectBody.safeParse({ name: ' Acme ' })).toMatchObject({ success: true, data: { name: 'Acme' } });
    expect(createProjectBody.safeParse({ name: 'Acme', slug: 'Not A Slug' }).success).toBe(false);
    expect(createProjectBody.safeParse({ name: 'Acme', phase: 'paused' }).success).toBe(false);
    expect(updateProjectBody.safeParse({ phase: 'sales', shopify_site: null }).success).toBe(true);
  });
});

describe('project permission rules', () => {
  it('lets admins and members read projects, only admins manage them, externals neither', () => {
    expect([can('admin', 'projects.manage'), can('member', 'projects.manage'), can('external', 'projects.manage')]).toEqual([true, false, false]);
    expect([can('admin', 'projects.read'), can('member', 'projects.read'), can('external', 'projects.read')]).toEqual([true, true, false]);
  });

  it('has_permission: workspace admins always, others only when granted', () => {
    expect(hasPermission({ role: 'admin' }, undefined)).toBe(true);
    expect(hasPermission({ role: 'member' }, undefined)).toBe(false);
    expect(hasPermission({ role: 'member' }, { status: 'requested' })).toBe(false);
    expect(hasPermission({ role: 'member' }, { status: 'granted' })).toBe(true);
  });

  it('project admin: workspace admin, or a granted owner/admin of the project', () => {
    expect(isProjectAdmin('admin', undefined)).toBe(true);
    expect(isProjectAdmin('member', { status: 'granted', role: 'owner' })).toBe(true);
    expect(isProjectAdmin('member', { status: 'granted', role: 'admin' })).toBe(true);
    expect(isProjectAdmin('member', { status: 'granted', role: 'member' })).toBe(false);
    expect(isProjectAdmin('member', { status: 'requested', role: 'admin' })).toBe(false);
  });
});

describe('listProjects', () => {
  it("flags each project with the caller's permission", async () => {
    const deps = {
      listProjectsWithMembers: async () => ({
        projects: [project(), project({ projectId: 'p2', slug: 'b' }), project({ projectId: 'p3', slug: 'c' })],
        members: [pm('bob'), pm('bob', { projectId: 'p2', status: 'requested' }), pm('carol', { projectId: 'p3' })],
      }),
      signDownload: async (key: string) => `signed:${key}`,
    };
    const asMember = await listProjects(deps, ctx('bob', 'member'));
    expect(asMember.map((p) => [p.uid, p.has_permission])).toEqual([['p1', true], ['p2', false], ['p3', false]]);
    const asAdmin = await listProjects(deps, ctx('alice', 'admin'));
    expect(asAdmin.every((p) => p.has_permission)).toBe(true);
    expect(asAdmin[0]).toMatchObject({ shopify_site: null, cover_url: null, integrations: [], owner: 'alice', phase: 'active' });
  });
});

describe('createProject', () => {
  const deps = (outcomes: SlugWriteOutcome[]) => {
    const createProjectTransaction = vi.fn(async () => outcomes.shift() ?? 'done');
    return { clock, newProjectId: () => 'p9', createProjectTransaction };
  };

  it('creates with a derived slug, phase active by default, owned by the caller', async () => {
    const d = deps(['done']);
    const created = await createProject(d, ctx(), { name: 'Café & Co' });
    expect(created).toMatchObject({ uid: 'p9', slug: 'cafe-and-co', phase: 'active', owner: 'alice', has_permission: true, created_at: NOW.toISOString() });
    expect(d.createProjectTransaction).toHaveBeenCalledWith(expect.objectContaining({ workspaceId: 'ws1', ownerId: 'alice', slug: 'cafe-and-co' }));
  });

  it('answers project_slug_taken when the slug is claimed, retrying after a racing transaction', async () => {
    expect(await code(createProject(deps(['taken']), ctx(), { name: 'Acme' }))).toBe('project_slug_taken');
    const d = deps(['conflict', 'taken']);
    expect(await code(createProject(d, ctx(), { name: 'Acme' }))).toBe('project_slug_taken');
    expect(d.createProjectTransaction).toHaveBeenCalledTimes(2);
  });

  it('names the field when no slug can be derived', async () => {
    expect(await code(createProject(deps([]), ctx(), { name: '???' }))).toBe('400:name');
  });
});

describe('updateProject', () => {
  const deps = (member: ProjectMemberItem | undefined, outcomes: SlugWriteOutcome[] = ['done'], current = project()) => ({
    clock,
    getProjectAndMember: vi.fn(async () => ({ project: current, member })),
    updateProjectTransaction: vi.fn(async () => outcomes.shift() ?? 'done'),
    signDownload: async (key: string) => `signed:${key}`,
  });

  it('lets a project owner edit, and an empty shopify_site removes it', async () => {
    const d = deps(pm('bob', { role: 'owner' }), ['done'], project({ shopifySite: 'acme.myshopify.com' }));
    const updated = await updateProject(d, ctx('bob', 'member'), 'p1', { name: 'Acme 2', slug: 'acme-2', shopify_site: '', phase: 'sales' });
    expect(updated).toMatchObject({ name: 'Acme 2', slug: 'acme-2', shopify_site: null, phase: 'sales' });
    expect(changesOf({ shopify_site: '' }, NOW)).toEqual({ shopifySite: null, updatedAt: NOW.toISOString() });
  });

  it('refuses an unknown project (who may edit is the route table\'s projectRole, checked by the wrapper)', async () => {
    const missing = { ...deps(undefined), getProjectAndMember: async () => ({}) };
    expect(await code(updateProject(missing, ctx(), 'p1', { name: 'X' }))).toBe('project_not_found');
  });

  it('answers project_slug_taken on a clash and re-reads after a stale write', async () => {
    expect(await code(updateProject(deps(undefined, ['taken']), ctx(), 'p1', { slug: 'taken' }))).toBe('project_slug_taken');
    const d = deps(undefined, ['stale', 'done']);
    await updateProject(d, ctx(), 'p1', { slug: 'fresh' });
    expect(d.getProjectAndMember).toHaveBeenCalledTimes(2);
  });
});

describe('project access', () => {
  it('records a request once and answers the current standing', async () => {
    const putAccessRequest = vi.fn(async () => true);
    const none = { clock, getProjectAndMember: async () => ({ project: project() }), putAccessRequest };
    expect(await requestProjectAccess(none, ctx('bob', 'member'), 'p1')).toEqual({ project_uid: 'p1', user_uid: 'bob', role: 'member', status: 'requested' });
    const granted = { ...none, getProjectAndMember: async () => ({ project: project(), member: pm('bob') }) };
    expect(await requestProjectAccess(granted, ctx('bob', 'member'), 'p1')).toMatchObject({ status: 'granted' });
    expect(putAccessRequest).toHaveBeenCalledTimes(1);
  });

  const grantDeps = (callerMember: ProjectMemberItem | undefined, targetJoined = true) => ({
    clock,
    getProjectAndMember: async (_c: WorkspaceContext, _p: string, userId: string) => ({
      project: project(),
      member: userId === 'bob' ? callerMember : userId === 'dave' ? pm('dave', { status: 'requested' }) : undefined,
    }),
    findMembership: async (workspaceId: string, userId: string) =>
      targetJoined ? { workspaceId, userId, email: 'x@y.z', role: 'member' as const, status: 'joined' as const, joinedAt: '' } : undefined,
    grantAccess: vi.fn(async (_c: WorkspaceContext, projectId: string, userId: string, role: ProjectMemberItem['role']) => pm(userId, { projectId, role })),
  });

  it('lets a project admin or workspace admin grant a joined member', async () => {
    expect(await grantProjectAccess(grantDeps(pm('bob', { role: 'admin' })), ctx('bob', 'member'), 'p1', 'dave')).toEqual({
      project_uid: 'p1', user_uid: 'dave', role: 'member', status: 'granted',
    });
    expect(await grantProjectAccess(grantDeps(undefined), ctx('alice', 'admin'), 'p1', 'erin')).toMatchObject({ status: 'granted' });
  });

  it('refuses a target outside the workspace', async () => {
    expect(await code(grantProjectAccess(grantDeps(undefined, false), ctx('alice', 'admin'), 'p1', 'zed'))).toBe('not_found');
  });
});
