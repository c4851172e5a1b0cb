import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { brandWithPost, siteUrl } from '../support/generation';
import { ws, type Case, type World } from '../support/route-case';

/** Mallory's call on Alice's brand and task: another workspace's ids answer 403 (her membership) before anything else. */
const foreignAi = async (w: World) => `${ws(w)}/projects/${(await brandWithPost(w.alice)).projectId}/ai`;

/** AI generation: each route against the local test model (the embedded stack's emulator). */
export const generationCases = {
  generateBrandVoice: {
    happy: async (w) => {
      const { ai } = await brandWithPost(w.alice);
      return api('POST', `${ai}/brand-voice`, { token: w.alice.token, body: { source: 'website', url: siteUrl() } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      expect(body.draft).toMatchObject({ name: expect.any(String), traits: expect.any(Array), example_posts: expect.any(Array), source: { kind: 'website', url: siteUrl() } });
      expect(body.meta).toMatchObject({ local_test_model: true, generated_in_ms: expect.any(Number) });
    },
    bad: {
      call: async (w) => {
        const { ai } = await brandWithPost(w.alice);
        return api('POST', `${ai}/brand-voice`, { token: w.alice.token, body: { source: 'social', handle: '@crumb', posts: ['a', 'b', 'c', 'd', 'e'] } });
      },
      field: 'posts',
    },
    foreign: async (w) => api('POST', `${await foreignAi(w)}/brand-voice`, { token: w.mallory.token, body: { source: 'social', handle: 'x', posts: ['p'] } }),
  },
  generateHooks: {
    happy: async (w) => {
      const { ai, taskId } = await brandWithPost(w.alice);
      return api('POST', `${ai}/tasks/${taskId}/hooks`, { token: w.alice.token, body: { pillar: 'Behind the scenes' } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      expect(body.hook_variations).toHaveLength(3);
      expect(body.task).toMatchObject({ hook: body.hook, hook_variations: body.hook_variations });
      expect(body.brand_fit.score).toBeGreaterThanOrEqual(0);
    },
    bad: {
      call: async (w) => {
        const { ai, taskId } = await brandWithPost(w.alice);
        return api('POST', `${ai}/tasks/${taskId}/hooks`, { token: w.alice.token, body: { topic: '   ' } });
      },
      field: 'topic',
    },
    foreign: async (w) => {
      const { ai, taskId } = await brandWithPost(w.alice);
      return api('POST', `${ai}/tasks/${taskId}/hooks`, { token: w.mallory.token, body: {} });
    },
  },
  checkTaskBrandFit: {
    happy: async (w) => {
      const { ai, taskId } = await brandWithPost(w.alice, { off_brand: { rules: [], terms: ['cheap'] } }, { caption: 'Not cheap, just good.' });
      return api('POST', `${ai}/tasks/${taskId}/brand-fit`, { token: w.alice.token });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      expect(body.brand_fit.flagged).toEqual([expect.objectContaining({ field: 'caption', term: 'cheap', phrase: 'cheap', start: 4, end: 9 })]);
    },
    bad: { call: async (w) => api('POST', `${ws(w)}/projects/bad!id/ai/tasks/x/brand-fit`, { token: w.alice.token }), field: 'projectId' },
    foreign: async (w) => {
      const { ai, taskId } = await brandWithPost(w.alice, {}, { caption: 'Hello' });
      return api('POST', `${ai}/tasks/${taskId}/brand-fit`, { token: w.mallory.token });
    },
  },
  getTaskBrandFit: {
    happy: async (w) => {
      const { ai, taskId } = await brandWithPost(w.alice, {}, { caption: 'Warm loaves' });
      await api('POST', `${ai}/tasks/${taskId}/brand-fit`, { token: w.alice.token });
      return api('GET', `${ai}/tasks/${taskId}/brand-fit`, { token: w.alice.token });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      expect(body).toMatchObject({ check: { score: 100, flagged: [] }, stale: false });
    },
    bad: { call: async (w) => api('GET', `${ws(w)}/projects/p/ai/tasks/bad!id/brand-fit`, { token: w.alice.token }), field: 'taskId' },
    foreign: async (w) => {
      const { ai, taskId } = await brandWithPost(w.alice);
      return api('GET', `${ai}/tasks/${taskId}/brand-fit`, { token: w.mallory.token });
    },
  },
  extractScenes: {
    happy: async (w) => {
      const { ai } = await brandWithPost(w.alice);
      return api('POST', `${ai}/scenes`, { token: w.alice.token, body: { script: 'Hook: You store bread wrong.\nBody: Cut side down, on a board.\nCTA: Follow for more.' } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      expect(body.scenes.length).toBeGreaterThan(0);
      expect(body.scenes[0]).toMatchObject({ scene: 1, visuals: expect.any(String), voice_over: expect.any(String), duration_seconds: expect.any(Number) });
    },
    bad: {
      call: async (w) => {
        const { ai } = await brandWithPost(w.alice);
        return api('POST', `${ai}/scenes`, { token: w.alice.token, body: { script: '' } });
      },
      field: 'script',
    },
    foreign: async (w) => api('POST', `${await foreignAi(w)}/scenes`, { token: w.mallory.token, body: { script: 'x' } }),
  },
  generateBlogPost: {
    happy: async (w) => {
      const { ai } = await brandWithPost(w.alice);
      return api('POST', `${ai}/blog-posts`, { token: w.alice.token, body: { topic: 'How to keep sourdough fresh', pillar: 'Education' } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ job_id: expect.any(String), status: 'queued' });
    },
    bad: {
      call: async (w) => {
        const { ai } = await brandWithPost(w.alice);
        return api('POST', `${ai}/blog-posts`, { token: w.alice.token, body: { topic: 'x'.repeat(501) } });
      },
      field: 'topic',
    },
    foreign: async (w) => api('POST', `${await foreignAi(w)}/blog-posts`, { token: w.mallory.token, body: { topic: 'Mine' } }),
  },
  generateScript: {
    happy: async (w) => {
      const { ai } = await brandWithPost(w.alice);
      return api('POST', `${ai}/scripts`, { token: w.alice.token, body: { topic: 'How to keep sourdough fresh', pillar: 'Education' } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ job_id: expect.any(String), status: 'queued' });
    },
    bad: {
      call: async (w) => {
        const { ai } = await brandWithPost(w.alice);
        return api('POST', `${ai}/scripts`, { token: w.alice.token, body: { topic: 'x'.repeat(501) } });
      },
      field: 'topic',
    },
    foreign: async (w) => api('POST', `${await foreignAi(w)}/scripts`, { token: w.mallory.token, body: { topic: 'Mine' } }),
  },
  findActionItems: {
    happy: async (w) => {
      const { ai } = await brandWithPost(w.alice);
      return api('POST', `${ai}/action-items`, { token: w.alice.token, body: { notes: 'Maria: hi all\n@maria will reshoot the latte video\n- [x] Book the studio\n- [ ] Send the brief to the agency' } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      // The local test model lists the to-do lines of the numbered notes, with their lines and owners.
      expect(body).toMatchObject({
        source: 'ai',
        items: [
          { summary: 'Reshoot the latte video', line: 2, owner: 'maria' },
          { summary: 'Send the brief to the agency', line: 4 },
        ],
        meta: { local_test_model: true },
      });
    },
    bad: {
      call: async (w) => {
        const { ai } = await brandWithPost(w.alice);
        return api('POST', `${ai}/action-items`, { token: w.alice.token, body: { notes: '' } });
      },
      field: 'notes',
    },
    foreign: async (w) => api('POST', `${await foreignAi(w)}/action-items`, { token: w.mallory.token, body: { notes: 'Send it' } }),
  },
} satisfies Partial<Record<RouteName, Case>>;
