import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { completeConsent, connectCalendar, consentAt, emailIntegration } from '../support/integrations';
import { ws, type Case, type World } from '../support/route-case';

/** A project of Alice's made for one case. */
const aliceProject = async (w: World): Promise<string> => {
  const created = await api('POST', `${ws(w)}/projects`, { token: w.alice.token, body: { name: `Brand ${randomUUID().slice(0, 8)}` } });
  if (created.status !== 201) throw new Error(`create project: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.uid;
};
const integrations = (w: World, projectId: string) => `${ws(w)}/projects/${projectId}/integrations`;

/** Integration cases (happy path, 400, 401, 403 across workspaces) of the integration routes of G's part. */
export const integrationCases = {
  listIntegrations: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      await emailIntegration(w.alice, w.alice.workspaceId, projectId, ['listed@example.com']);
      return api('GET', integrations(w, projectId), { token: w.alice.token });
    },
    expectHappy: ({ body }) =>
      expect(body).toEqual([
        {
          uid: expect.any(String), type: 'email', name: 'Team mail', settings: { recipients: ['listed@example.com'] }, secret_hint: {},
          state: 'connected', created_at: expect.any(String), updated_at: expect.any(String),
        },
      ]),
    bad: { call: (w) => api('GET', `${ws(w)}/projects/bad!id/integrations`, { token: w.alice.token }), field: 'projectId' },
    foreign: (w) => api('GET', `${ws(w)}/projects/abc/integrations`, { token: w.mallory.token }),
  },
  createIntegration: {
    happy: async (w) => api('POST', integrations(w, await aliceProject(w)), { token: w.alice.token, body: { type: 'email', name: '  Editors ', settings: { recipients: ['Ed@Example.com'] } } }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ type: 'email', name: 'Editors', settings: { recipients: ['ed@example.com'] }, state: 'connected', secret_hint: {} });
      expect(body.secret).toBeUndefined();
    },
    bad: { call: (w) => api('POST', `${ws(w)}/projects/abc/integrations`, { token: w.alice.token, body: { type: 'webhook', name: 'Hook', settings: { url: 'not a url' } } }), field: 'settings.url' },
    foreign: (w) => api('POST', `${ws(w)}/projects/abc/integrations`, { token: w.mallory.token, body: { type: 'email', name: 'Mine', settings: { recipients: ['m@example.com'] } } }),
  },
  updateIntegration: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      const { uid } = await emailIntegration(w.alice, w.alice.workspaceId, projectId);
      return api('PUT', `${integrations(w, projectId)}/${uid}`, { token: w.alice.token, body: { name: 'Renamed mail', settings: { recipients: ['a@example.com', 'b@example.com'] } } });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ name: 'Renamed mail', settings: { recipients: ['a@example.com', 'b@example.com'] }, state: 'connected' }),
    bad: {
      call: async (w) => {
        const projectId = await aliceProject(w);
        const { uid } = await emailIntegration(w.alice, w.alice.workspaceId, projectId);
        return api('PUT', `${integrations(w, projectId)}/${uid}`, { token: w.alice.token, body: { settings: { recipients: ['not-an-email'] } } });
      },
      field: 'settings.recipients.0',
    },
    foreign: (w) => api('PUT', `${ws(w)}/projects/abc/integrations/def`, { token: w.mallory.token, body: { name: 'Mine' } }),
  },
  deleteIntegration: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      const { uid } = await emailIntegration(w.alice, w.alice.workspaceId, projectId);
      return api('DELETE', `${integrations(w, projectId)}/${uid}`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body ?? {}).toEqual({}),
    bad: { call: (w) => api('DELETE', `${ws(w)}/projects/abc/integrations/bad!id`, { token: w.alice.token }), field: 'integrationUid' },
    foreign: (w) => api('DELETE', `${ws(w)}/projects/abc/integrations/def`, { token: w.mallory.token }),
  },
  testIntegration: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      const { uid } = await emailIntegration(w.alice, w.alice.workspaceId, projectId, [w.alice.email]);
      return api('POST', `${integrations(w, projectId)}/${uid}/test`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ ok: true, error: null, latency_ms: expect.any(Number) }),
    bad: { call: (w) => api('POST', `${ws(w)}/projects/abc/integrations/bad!id/test`, { token: w.alice.token }), field: 'integrationUid' },
    foreign: (w) => api('POST', `${ws(w)}/projects/abc/integrations/def/test`, { token: w.mallory.token }),
  },
  reconnectIntegration: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      const { uid } = await connectCalendar(w.alice, w.alice.workspaceId, projectId);
      return api('POST', `${integrations(w, projectId)}/${uid}/reconnect`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => {
      const url = new URL(body.authorize_url);
      expect(url.searchParams.get('redirect_uri')).toMatch(/\/integration-success$/);
      expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(40);
    },
    bad: { call: (w) => api('POST', `${ws(w)}/projects/abc/integrations/bad!id/reconnect`, { token: w.alice.token }), field: 'integrationUid' },
    foreign: (w) => api('POST', `${ws(w)}/projects/abc/integrations/def/reconnect`, { token: w.mallory.token }),
  },
  listIntegrationCalendars: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      const { uid } = await connectCalendar(w.alice, w.alice.workspaceId, projectId);
      return api('GET', `${integrations(w, projectId)}/${uid}/calendars`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.any(String), name: expect.any(String), primary: true })])),
    bad: { call: (w) => api('GET', `${ws(w)}/projects/abc/integrations/bad!id/calendars`, { token: w.alice.token }), field: 'integrationUid' },
    foreign: (w) => api('GET', `${ws(w)}/projects/abc/integrations/def/calendars`, { token: w.mallory.token }),
  },
  completeIntegrationOAuth: {
    happy: async (w) => {
      const projectId = await aliceProject(w);
      const created = await api('POST', integrations(w, projectId), { token: w.alice.token, body: { type: 'calendar', name: 'Launch calendar', settings: {} } });
      return completeConsent(w.alice.token, await consentAt(created.body.authorize_url, 'allow'));
    },
    expectHappy: ({ body }, w) =>
      expect(body).toMatchObject({ workspace_uid: w.alice.workspaceId, project_slug: expect.stringMatching(/^brand-/), integration: { type: 'calendar', name: 'Launch calendar', state: 'connected' } }),
    bad: { call: (w) => api('POST', '/integrations/oauth/complete', { token: w.alice.token, body: { state: 'x'.repeat(1025) } }), field: 'state' },
  },
} satisfies Partial<Record<RouteName, Case>>;
