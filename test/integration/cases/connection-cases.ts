import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { completeConsent, consentAt } from '../support/integrations';
import { connectAccount, connectionsPath, startConnect } from '../support/connections';
import { newBrand } from '../support/imports';
import { ws, type Case, type World } from '../support/route-case';

const alice = (w: World) => ({ token: w.alice.token, workspaceId: w.alice.workspaceId });
/** A brand of Alice's made for one case. */
const aliceProject = (w: World) => newBrand(alice(w));
/** Connection routes of a brand of Alice's, called by Mallory (another workspace). */
const mallorys = (w: World, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', rest: string, body?: unknown) =>
  api(method, `${connectionsPath(w.alice, 'abc')}${rest}`, { token: w.mallory.token, ...(body ? { body } : {}) });

/** Connection cases (happy path, 400 naming the field, 403 from another workspace) of the connections routes. */
export const connectionCases = {
  listConnections: {
    happy: async (w) => api('GET', connectionsPath(w.alice, await aliceProject(w)), { token: w.alice.token }),
    expectHappy: ({ body }) =>
      expect(body).toEqual({
        items: [
          { type: 'instagram', state: 'not_connected', content_pillars: [] },
          { type: 'youtube', state: 'not_connected', content_pillars: [] },
          { type: 'drive', state: 'not_connected', content_pillars: [] },
        ],
      }),
    bad: { call: (w) => api('GET', `${ws(w)}/projects/bad!id/connections`, { token: w.alice.token }), field: 'projectId' },
    foreign: (w) => mallorys(w, 'GET', ''),
  },
  connectConnection: {
    happy: async (w) => api('POST', `${connectionsPath(w.alice, await aliceProject(w))}/youtube/connect`, { token: w.alice.token }),
    expectHappy: ({ body }) => {
      const url = new URL(body.authorize_url);
      expect(url.searchParams.get('state')).toMatch(/^conn\.[A-Za-z0-9_-]{43}$/);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    },
    bad: { call: (w) => api('POST', `${connectionsPath(w.alice, 'abc')}/tiktok/connect`, { token: w.alice.token }), field: 'type' },
    foreign: (w) => mallorys(w, 'POST', '/instagram/connect'),
  },
  completeConnectionOAuth: {
    happy: async (w) => completeConsent(w.alice.token, await consentAt(await startConnect(alice(w), await aliceProject(w), 'instagram'), 'allow')),
    expectHappy: ({ body }, w) =>
      expect(body).toMatchObject({
        workspace_uid: w.alice.workspaceId,
        project_slug: expect.any(String),
        connection: { type: 'instagram', state: 'connected', account: { username: expect.any(String), followers: expect.any(Number) } },
      }),
    bad: { call: (w) => api('POST', '/connections/oauth/complete', { token: w.alice.token, body: { state: 'x'.repeat(1025) } }), field: 'state' },
  },
  updateConnection: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      await connectAccount(alice(w), projectId, 'instagram');
      return api('PATCH', `${connectionsPath(w.alice, projectId)}/instagram`, { token: w.alice.token, body: { content_pillars: [' Recipes ', 'Behind the scenes'] } });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ type: 'instagram', state: 'connected', content_pillars: ['Recipes', 'Behind the scenes'] }),
    bad: { call: (w) => api('PATCH', `${connectionsPath(w.alice, 'abc')}/instagram`, { token: w.alice.token, body: { content_pillars: ['ok', 'x'.repeat(41)] } }), field: 'content_pillars.1' },
    foreign: (w) => mallorys(w, 'PATCH', '/instagram', { content_pillars: ['Mine'] }),
  },
  deleteConnection: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      await connectAccount(alice(w), projectId, 'youtube');
      return api('DELETE', `${connectionsPath(w.alice, projectId)}/youtube`, { token: w.alice.token });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(204);
      expect(body ?? {}).toEqual({});
    },
    bad: { call: (w) => api('DELETE', `${connectionsPath(w.alice, 'abc')}/Instagram`, { token: w.alice.token }), field: 'type' },
    foreign: (w) => mallorys(w, 'DELETE', '/instagram'),
  },
  syncConnection: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      await connectAccount(alice(w), projectId, 'instagram');
      return api('POST', `${connectionsPath(w.alice, projectId)}/instagram/sync`, { token: w.alice.token });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(202);
      expect(body).toEqual({ queued: true });
    },
    bad: { call: (w) => api('POST', `${connectionsPath(w.alice, 'abc')}/x/sync`, { token: w.alice.token }), field: 'type' },
    foreign: (w) => mallorys(w, 'POST', '/youtube/sync'),
  },
} satisfies Partial<Record<RouteName, Case>>;
