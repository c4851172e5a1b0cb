import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { newBrand } from '../support/imports';
import { addPost, postsPath, socialUrl } from '../support/posts';
import { type Case, type World } from '../support/route-case';

/** A brand of Alice's with one post added by URL. */
const alicePost = async (w: World) => {
  const projectId = await newBrand(w.alice);
  const post = await addPost(w.alice, projectId);
  return { projectId, post, path: `${postsPath(w.alice, projectId)}/${post.uid}` };
};

/** The brand's posts: each route on the local stack against the fake social web; Mallory's calls on Alice's brand are refused. */
export const postCases = {
  listPosts: {
    happy: async (w) => api('GET', postsPath(w.alice, (await alicePost(w)).projectId), { token: w.alice.token }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(200);
      expect(body.items).toEqual([expect.objectContaining({ platform: 'instagram', source: 'manual', tags: [] })]);
    },
    bad: { call: async (w) => api('GET', `${postsPath(w.alice, await newBrand(w.alice))}?limit=500`, { token: w.alice.token }), field: 'limit' },
    foreign: async (w) => api('GET', postsPath(w.alice, await newBrand(w.alice)), { token: w.mallory.token }),
  },
  getPost: {
    happy: async (w) => api('GET', (await alicePost(w)).path, { token: w.alice.token }),
    expectHappy: ({ body }) => expect(body).toMatchObject({ platform: 'instagram', author: expect.any(String), caption: expect.stringContaining('sourdough') }),
    bad: { call: async (w) => api('GET', `${postsPath(w.alice, await newBrand(w.alice))}/bad!id`, { token: w.alice.token }), field: 'postId' },
    foreign: async (w) => api('GET', (await alicePost(w)).path, { token: w.mallory.token }),
  },
  getPostRaw: {
    happy: async (w) => api('GET', `${(await alicePost(w)).path}/raw`, { token: w.alice.token }),
    expectHappy: ({ body }) => {
      expect(body.content_type).toBe('application/json+oembed');
      expect(JSON.parse(body.data)).toMatchObject({ version: '1.0', author_name: expect.any(String) });
    },
    bad: { call: async (w) => api('GET', `${postsPath(w.alice, await newBrand(w.alice))}/bad!id/raw`, { token: w.alice.token }), field: 'postId' },
    foreign: async (w) => api('GET', `${(await alicePost(w)).path}/raw`, { token: w.mallory.token }),
  },
  createPost: {
    happy: async (w) => api('POST', postsPath(w.alice, await newBrand(w.alice)), { token: w.alice.token, body: { url: socialUrl('tiktok') } }),
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ uid: expect.any(String), platform: 'tiktok', source: 'manual', published_at: expect.any(String), thumbnail_url: expect.stringMatching(/\/posts\/\d{13}p[a-z2-7]{12}\/thumbnail\.png\?/), thumbnail_source_url: expect.stringMatching(/\/social\/img\/\d+\.png$/) });
    },
    bad: { call: async (w) => api('POST', postsPath(w.alice, await newBrand(w.alice)), { token: w.alice.token, body: { url: 'ftp://example.com/x' } }), field: 'url' },
    foreign: async (w) => api('POST', postsPath(w.alice, await newBrand(w.alice)), { token: w.mallory.token, body: { url: socialUrl() } }),
  },
  updatePost: {
    happy: async (w) => api('PUT', (await alicePost(w)).path, { token: w.alice.token, body: { tags: ['launch', 'Launch', 'q4'] } }),
    expectHappy: ({ body }) => expect(body.tags).toEqual(['Launch', 'q4']),
    bad: { call: async (w) => api('PUT', (await alicePost(w)).path, { token: w.alice.token, body: { tags: [''] } }), field: 'tags.0' },
    foreign: async (w) => api('PUT', (await alicePost(w)).path, { token: w.mallory.token, body: { tags: ['x'] } }),
  },
  deletePost: {
    happy: async (w) => api('DELETE', (await alicePost(w)).path, { token: w.alice.token }),
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: async (w) => api('DELETE', `${postsPath(w.alice, await newBrand(w.alice))}/bad!id`, { token: w.alice.token }), field: 'postId' },
    foreign: async (w) => api('DELETE', (await alicePost(w)).path, { token: w.mallory.token }),
  },
} satisfies Partial<Record<RouteName, Case>>;
