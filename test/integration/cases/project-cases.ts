import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api, userWithWorkspace } from '../support/api';
import { ws, type Case, type World } from '../support/route-case';
import { joinWorkspace } from '../support/team';

/** A project of Alice's made for one case (unique name, so slugs never clash between cases or runs). */
const aliceProject = async (w: World, name = `Brand ${randomUUID().slice(0, 8)}`): Promise<{ uid: string; slug: string }> => {
  const created = await api('POST', `${ws(w)}/projects`, { token: w.alice.token, body: { name } });
  if (created.status !== 201) throw new Error(`create project: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
};

/**
 * Paula's workspace with a member, Gina, for the access routes: made once, apart from Alice's workspace so its
 * seats (taken by the other cases' invites) stay out of the way.
 */
let brandTeam: Promise<{ owner: Awaited<ReturnType<typeof userWithWorkspace>>; gina: Awaited<ReturnType<typeof joinWorkspace>> }> | undefined;
const team = () =>
  (brandTeam ??= (async () => {
    const owner = await userWithWorkspace('paula', 'Paula brands');
    return { owner, gina: await joinWorkspace(owner, owner.workspaceId, 'member', 'gina') };
  })());
const paulaProject = async () => {
  const { owner } = await team();
  const created = await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Brand ${randomUUID().slice(0, 8)}` } });
  if (created.status !== 201) throw new Error(`create project: ${created.status} ${JSON.stringify(created.body)}`);
  return { owner, uid: created.body.uid as string };
};

/** Integration cases (happy path, 400, 401, 403 across workspaces) of the project (brand) routes. */
export const projectCases = {
  listProjects: {
    happy: async (w) => {
      await aliceProject(w, 'Listed Brand');
      return api('GET', `${ws(w)}/projects`, { token: w.alice.token });
    },
    expectHappy: ({ body }, w) =>
      expect(body).toEqual(
        expect.arrayContaining([
          {
            uid: expect.any(String), name: 'Listed Brand', slug: 'listed-brand', shopify_site: null, cover_url: null,
            has_permission: true, integrations: [], owner: expect.any(String), phase: 'active', created_at: expect.any(String),
          },
        ]),
      ),
    bad: { call: (w) => api('GET', '/workspaces/not%20an%20id/projects', { token: w.alice.token }), field: 'workspaceId' },
    foreign: (w) => api('GET', `${ws(w)}/projects`, { token: w.mallory.token }),
  },
  createProject: {
    happy: (w) =>
      api('POST', `${ws(w)}/projects`, { token: w.alice.token, body: { name: '  Café & Co ', shopify_site: 'cafe.myshopify.com', phase: 'sales' } }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ name: 'Café & Co', slug: 'cafe-and-co', shopify_site: 'cafe.myshopify.com', phase: 'sales', has_permission: true });
    },
    bad: { call: (w) => api('POST', `${ws(w)}/projects`, { token: w.alice.token, body: { name: 'Good', slug: 'Not a slug' } }), field: 'slug' },
    foreign: (w) => api('POST', `${ws(w)}/projects`, { token: w.mallory.token, body: { name: 'Mine now' } }),
  },
  updateProject: {
    happy: async (w) => {
      const { uid } = await aliceProject(w);
      const slug = `renamed-${randomUUID().slice(0, 8)}`;
      return api('PATCH', `${ws(w)}/projects/${uid}`, { token: w.alice.token, body: { name: 'Renamed', slug, phase: 'inactive' } });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ name: 'Renamed', slug: expect.stringMatching(/^renamed-/), phase: 'inactive' }),
    bad: { call: (w) => api('PATCH', `${ws(w)}/projects/abc`, { token: w.alice.token, body: { phase: 'paused' } }), field: 'phase' },
    foreign: (w) => api('PATCH', `${ws(w)}/projects/abc`, { token: w.mallory.token, body: { name: 'Mine' } }),
  },
  requestProjectAccess: {
    happy: async () => {
      const [{ owner, uid }, { gina }] = await Promise.all([paulaProject(), team()]);
      return api('POST', `/workspaces/${owner.workspaceId}/projects/${uid}/access-requests`, { token: gina.token });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ role: 'member', status: 'requested' });
    },
    bad: { call: (w) => api('POST', `${ws(w)}/projects/bad!id/access-requests`, { token: w.alice.token }), field: 'projectId' },
    foreign: (w) => api('POST', `${ws(w)}/projects/abc/access-requests`, { token: w.mallory.token }),
  },
  grantProjectAccess: {
    happy: async () => {
      const [{ owner, uid }, { gina }] = await Promise.all([paulaProject(), team()]);
      return api('POST', `/workspaces/${owner.workspaceId}/projects/${uid}/users`, { token: owner.token, body: { userId: gina.userId } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ role: 'member', status: 'granted', user_uid: expect.any(String) });
    },
    bad: { call: (w) => api('POST', `${ws(w)}/projects/abc/users`, { token: w.alice.token, body: { userId: 'bad!id' } }), field: 'userId' },
    foreign: (w) => api('POST', `${ws(w)}/projects/abc/users`, { token: w.mallory.token, body: { userId: 'abc' } }),
  },
} satisfies Partial<Record<RouteName, Case>>;
