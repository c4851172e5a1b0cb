import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { CONTENT_SETTINGS_DEFAULTS } from '#shared/schemas/content';
import { api } from '../support/api';
import { ws, type Case, type World } from '../support/route-case';
import { createProject, must } from './task-cases';

/** One brand of Alice's per world, made on first use, for every content case. */
const brands = new WeakMap<World, Promise<string>>();
const brandOf = (w: World): Promise<string> => {
  if (!brands.has(w)) brands.set(w, createProject({ token: w.alice.token, workspaceId: w.alice.workspaceId }).then((p) => p.uid));
  return brands.get(w)!;
};
const store = async (w: World, rest = '') => `/projects/${await brandOf(w)}${rest}`;
const alice = (w: World) => ({ token: w.alice.token });
const mallory = (w: World) => ({ token: w.mallory.token });

type Kind = 'brand-voices' | 'assistants' | 'audiences' | 'influences';
const bodies: Record<Kind, Record<string, unknown>> = {
  'brand-voices': { name: 'Warm and witty', description: 'Friendly, a little playful', traits: ['warm', 'witty'], example_posts: ['Summer is here!'] },
  assistants: { name: 'Caption helper', instructions: 'Write short captions with one emoji.' },
  audiences: { name: 'Young parents', description: 'Busy, practical, 25–40' },
  influences: { name: 'Patagonia', url: 'https://www.patagonia.com' },
};
/** A bad body per kind and the field its 400 names. */
const badBodies: Record<Kind, { body: Record<string, unknown>; field: string }> = {
  'brand-voices': { body: { name: 'Too many posts', example_posts: ['1', '2', '3', '4', '5'] }, field: 'example_posts' },
  assistants: { body: { name: 'x', instructions: 'y'.repeat(4001) }, field: 'instructions' },
  audiences: { body: { name: '' }, field: 'name' },
  influences: { body: { name: 'Local', url: 'ftp://example.com' }, field: 'url' },
};
const newItem = async (w: World, kind: Kind): Promise<string> => (await must(alice(w), 'POST', await store(w, `/${kind}`), bodies[kind])).uid;

const itemCases = (kind: Kind, withDefault: boolean) => ({
  list: {
    happy: async (w) => {
      await newItem(w, kind);
      return api('GET', await store(w, `/${kind}`), alice(w));
    },
    expectHappy: ({ body }) => {
      expect(body.length).toBeGreaterThan(0);
      expect(body[0]).toMatchObject({ ...bodies[kind], uid: expect.any(String), created_at: expect.any(String) });
      if (withDefault) expect(body.filter((item: { is_default: boolean }) => item.is_default)).toHaveLength(1);
    },
    bad: { call: (w) => api('GET', `/projects/not%20an%20id/${kind}`, alice(w)), field: 'projectId' },
    foreign: async (w) => api('GET', await store(w, `/${kind}`), mallory(w)),
  },
  create: {
    happy: async (w) => api('POST', await store(w, `/${kind}`), { ...alice(w), body: bodies[kind] }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ ...bodies[kind], uid: expect.any(String) });
    },
    bad: { call: async (w) => api('POST', await store(w, `/${kind}`), { ...alice(w), body: badBodies[kind].body }), field: badBodies[kind].field },
    foreign: async (w) => api('POST', await store(w, `/${kind}`), { ...mallory(w), body: bodies[kind] }),
  },
  update: {
    happy: async (w) => api('PUT', await store(w, `/${kind}/${await newItem(w, kind)}`), { ...alice(w), body: { name: 'Renamed' } }),
    expectHappy: ({ body }) => expect(body).toMatchObject({ ...bodies[kind], name: 'Renamed' }),
    bad: { call: async (w) => api('PUT', await store(w, `/${kind}/${await newItem(w, kind)}`), { ...alice(w), body: badBodies[kind].body }), field: badBodies[kind].field },
    foreign: async (w) => api('PUT', await store(w, `/${kind}/${await newItem(w, kind)}`), { ...mallory(w), body: { name: 'Stolen' } }),
  },
  delete: {
    happy: async (w) => api('DELETE', await store(w, `/${kind}/${await newItem(w, kind)}`), alice(w)),
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: async (w) => api('DELETE', await store(w, `/${kind}/bad!uid`), alice(w)), field: 'uid' },
    foreign: async (w) => api('DELETE', await store(w, `/${kind}/${await newItem(w, kind)}`), mallory(w)),
  },
  setDefault: {
    happy: async (w) => api('POST', await store(w, `/${kind}/${await newItem(w, kind)}/default`), alice(w)),
    expectHappy: ({ body }) => {
      const defaults = body.filter((item: { is_default: boolean }) => item.is_default);
      expect(defaults).toHaveLength(1);
      // The newest item is the one just made the default.
      expect(defaults[0].uid).toBe(body[body.length - 1].uid);
    },
    bad: { call: async (w) => api('POST', await store(w, `/${kind}/bad!uid/default`), alice(w)), field: 'uid' },
    foreign: async (w) => api('POST', await store(w, `/${kind}/${await newItem(w, kind)}/default`), mallory(w)),
  },
}) satisfies Record<string, Case>;

const voices = itemCases('brand-voices', true);
const assistants = itemCases('assistants', true);
const audiences = itemCases('audiences', true);
const influences = itemCases('influences', false);

/** Integration cases (happy path, 400, 401, 403 across workspaces) of the content store's routes. */
export const contentCases = {
  listBrandVoices: voices.list,
  createBrandVoice: voices.create,
  updateBrandVoice: voices.update,
  deleteBrandVoice: voices.delete,
  setDefaultBrandVoice: voices.setDefault,
  listAssistants: assistants.list,
  createAssistant: assistants.create,
  updateAssistant: assistants.update,
  deleteAssistant: assistants.delete,
  setDefaultAssistant: assistants.setDefault,
  listAudiences: audiences.list,
  createAudience: audiences.create,
  updateAudience: audiences.update,
  deleteAudience: audiences.delete,
  setDefaultAudience: audiences.setDefault,
  listInfluences: influences.list,
  createInfluence: influences.create,
  updateInfluence: influences.update,
  deleteInfluence: influences.delete,
  listFeedback: {
    happy: async (w) => {
      await must(alice(w), 'POST', await store(w, '/feedback/hook'), { content: 'Too long', rating: 'down' });
      return api('GET', await store(w, '/feedback/hook'), alice(w));
    },
    expectHappy: ({ body }) => expect(body.at(-1)).toMatchObject({ field: 'hook', content: 'Too long', rating: 'down' }),
    bad: { call: async (w) => api('GET', await store(w, '/feedback/Not%20A%20Field'), alice(w)), field: 'field' },
    foreign: async (w) => api('GET', await store(w, '/feedback/hook'), mallory(w)),
  },
  createFeedback: {
    happy: async (w) => api('POST', await store(w, '/feedback/brand_voice.description'), { ...alice(w), body: { content: 'Spot on', rating: 'up' } }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ field: 'brand_voice.description', content: 'Spot on', rating: 'up', created_by: expect.any(String) });
    },
    bad: { call: async (w) => api('POST', await store(w, '/feedback/hook'), { ...alice(w), body: { content: '   ' } }), field: 'content' },
    foreign: async (w) => api('POST', await store(w, '/feedback/hook'), { ...mallory(w), body: { content: 'Nope' } }),
  },
  listProjectFeedback: {
    happy: async (w) => {
      await must(alice(w), 'POST', await store(w, '/feedback/script'), { content: 'Needs a stronger ending' });
      return api('GET', await store(w, '/feedback'), alice(w));
    },
    expectHappy: ({ body }) => expect(body[0]).toMatchObject({ field: 'script', content: 'Needs a stronger ending', rating: null }),
    bad: { call: (w) => api('GET', '/projects/not%20an%20id/feedback', alice(w)), field: 'projectId' },
    foreign: async (w) => api('GET', await store(w, '/feedback'), mallory(w)),
  },
  getProject: {
    happy: async (w) => api('GET', `${ws(w)}/projects/${await createProject({ token: w.alice.token, workspaceId: w.alice.workspaceId }).then((p) => p.uid)}`, alice(w)),
    // A brand that never saved its settings reads the defaults (spec 9: Friday, every share 0).
    expectHappy: ({ body }) => expect(body).toMatchObject({ ...CONTENT_SETTINGS_DEFAULTS, has_permission: true, uid: expect.any(String) }),
    bad: { call: (w) => api('GET', `${ws(w)}/projects/bad!id`, alice(w)), field: 'projectId' },
    foreign: async (w) => api('GET', `${ws(w)}/projects/${await brandOf(w)}`, mallory(w)),
  },
  updateContentSettings: {
    happy: async (w) =>
      api('PUT', `${ws(w)}/projects/${await brandOf(w)}`, { ...alice(w), body: { slate_review_day: 'Monday', slate_growth_content: 40, slate_trust_building_content: 30 } }),
    expectHappy: ({ body }) =>
      expect(body).toMatchObject({ slate_review_day: 'Monday', slate_growth_content: 40, slate_trust_building_content: 30, slate_sales_promotions_content: 0, content_pillars: [] }),
    bad: { call: async (w) => api('PUT', `${ws(w)}/projects/${await brandOf(w)}`, { ...alice(w), body: { slate_review_day: 'Someday' } }), field: 'slate_review_day' },
    foreign: async (w) => api('PUT', `${ws(w)}/projects/${await brandOf(w)}`, { ...mallory(w), body: { other_preferences: 'x' } }),
  },
} satisfies Partial<Record<RouteName, Case>>;
