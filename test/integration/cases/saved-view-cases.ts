import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api, uniqueEmail } from '../support/api';
import { ws, type Case, type World } from '../support/route-case';

/** A view of Alice's with a name no other case uses. */
const newView = async (w: World, name = `View ${uniqueEmail('v').split('@')[0]}`) =>
  (await api('POST', `${ws(w)}/saved-views`, { token: w.alice.token, body: { name, filter: { status: ['needs_approval'] }, view_mode: 'kanban' } })).body;

/** Saved views: a person's named task filters. */
export const savedViewCases = {
  listSavedViews: {
    happy: async (w) => {
      await newView(w, 'Awaiting client');
      return api('GET', `${ws(w)}/saved-views`, { token: w.alice.token });
    },
    expectHappy: ({ body }) =>
      expect(body).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Awaiting client', filter: { status: ['needs_approval'] }, view_mode: 'kanban' })])),
    foreign: (w) => api('GET', `${ws(w)}/saved-views`, { token: w.mallory.token }),
  },
  createSavedView: {
    happy: (w) =>
      api('POST', `${ws(w)}/saved-views`, {
        token: w.alice.token,
        body: { name: '  This week — Instagram ', filter: { due: 'this_week', platform: ['instagram'], assignee: ['me'] } },
      }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ uid: expect.any(String), name: 'This week — Instagram', filter: { due: 'this_week', platform: ['instagram'], assignee: ['me'] }, view_mode: null });
    },
    bad: { call: (w) => api('POST', `${ws(w)}/saved-views`, { token: w.alice.token, body: { name: 'Bad', filter: { platform: ['myspace'] } } }), field: 'filter.platform.0' },
    foreign: (w) => api('POST', `${ws(w)}/saved-views`, { token: w.mallory.token, body: { name: 'Mine', filter: {} } }),
  },
  updateSavedView: {
    happy: async (w) => {
      const view = await newView(w);
      return api('PATCH', `${ws(w)}/saved-views/${view.uid}`, { token: w.alice.token, body: { filter: { status: [], q: 'reel' }, view_mode: null } });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ filter: { status: [], q: 'reel' }, view_mode: null }),
    bad: { call: (w) => api('PATCH', `${ws(w)}/saved-views/some-view`, { token: w.alice.token, body: { name: '   ' } }), field: 'name' },
    foreign: (w) => api('PATCH', `${ws(w)}/saved-views/some-view`, { token: w.mallory.token, body: { name: 'Taken over' } }),
  },
  deleteSavedView: {
    happy: async (w) => {
      const view = await newView(w);
      return api('DELETE', `${ws(w)}/saved-views/${view.uid}`, { token: w.alice.token });
    },
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: (w) => api('DELETE', `${ws(w)}/saved-views/bad!id`, { token: w.alice.token }), field: 'viewUid' },
    foreign: (w) => api('DELETE', `${ws(w)}/saved-views/some-view`, { token: w.mallory.token }),
  },
} satisfies Partial<Record<RouteName, Case>>;
