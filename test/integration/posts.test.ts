import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchSocialPost } from '../../functions/core/posts/fetch-post';
import { normalizePostUrl } from '../../functions/core/posts/posts';
import { parseAllowlist, systemResolver } from '../../functions/lib/outbound/policy';
import { api, userWithWorkspace } from './support/api';
import { siteUrl } from './support/generation';
import { newBrand, startImport, waitForImport } from './support/imports';
import { addPost, postsPath, socialUrl } from './support/posts';
import { METADATA_HOST_URL, redirectTo, SSRF_CORPUS } from './support/ssrf-corpus';

/**
 * The brand's posts end to end on the local stack, read from the fake social web (local/fakes/social.ts) through
 * the guarded fetcher: oEmbed and OpenGraph extraction, the failure reasons, the SSRF corpus refused, a URL once
 * per brand, the feed newest first with its filters and cursor, and another workspace kept out.
 */
let owner: Awaited<ReturnType<typeof userWithWorkspace>>;
let other: Awaited<ReturnType<typeof userWithWorkspace>>;

beforeAll(async () => {
  [owner, other] = await Promise.all([userWithWorkspace('posts'), userWithWorkspace('posts-other')]);
}, 60_000);

// The fetcher runs in this process against the fakes' allow-listed host (the test process has the stack's OUTBOUND_ALLOWLIST).
const policy = () => ({ allowlist: parseAllowlist(inject('functionEnv').OUTBOUND_ALLOWLIST ?? ''), resolve: systemResolver });
const allowlisted = () => ({ fetchOptions: { policy: policy() } });

describe('fetchSocialPost against the fake social web', () => {
  it('reads a post page through its oEmbed JSON: author, caption, thumbnail, published time; keeps the oEmbed as raw data', async () => {
    const url = siteUrl('/social/instagram/7');
    const result = await fetchSocialPost(url, allowlisted());
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.post).toEqual({
      url,
      platform: 'instagram',
      author: 'Studio Lumen',
      caption: 'Post 7 on instagram: fresh sourdough & a cinnamon swirl, baked at dawn #bakery',
      media_url: siteUrl('/social/img/7.png'),
      thumbnail_url: siteUrl('/social/img/7.png'),
      published_at: '2026-01-01T07:00:00.000Z',
    });
    expect(result.raw.content_type).toBe('application/json+oembed');
    expect(JSON.parse(result.raw.data)).toMatchObject({ version: '1.0', author_name: 'Studio Lumen' });
  });

  it('reads a page with OpenGraph tags only, the raw data being its meta', async () => {
    const result = await fetchSocialPost(siteUrl('/social/youtube/og-2'), allowlisted());
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.post).toMatchObject({ platform: 'youtube', author: 'Alex Rivera', caption: expect.stringContaining('Post 2 on youtube'), published_at: '2026-01-01T02:00:00.000Z' });
    expect(result.raw.content_type).toBe('application/json');
    expect(JSON.parse(result.raw.data)).toMatchObject({ 'og:type': 'article' });
  });

  it.each([
    ['/social/instagram/missing-1', 'not_found'],
    ['/social/about', 'not_a_post'],
    ['/site/bakery', 'not_a_post'],
    ['/site/file', 'not_a_post'],
    ['/social/big', 'too_large'],
  ] as const)('%s fails as %s', async (path, reason) => {
    expect(await fetchSocialPost(siteUrl(path), allowlisted())).toEqual({ ok: false, reason });
  });

  it('a page slower than the cap times out', async () => {
    expect(await fetchSocialPost(siteUrl('/social/slow?ms=3000'), { fetchOptions: { timeoutMs: 1000, policy: policy() } })).toEqual({ ok: false, reason: 'timeout' });
  });

  it('keeps to two requests at once per host, with a pause between them', async () => {
    const started = Date.now();
    const urls = Array.from({ length: 6 }, (_, i) => siteUrl(`/social/x/${100 + i}`));
    const results = await Promise.all(urls.map((url) => fetchSocialPost(url, { perHost: 2, politenessMs: 100, fetchOptions: { policy: policy() } })));
    expect(results.every((r) => r.ok)).toBe(true);
    // 12 requests (page + oEmbed each), 2 at a time, 100 ms apart per slot: at least 5 pauses in a row.
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('normalizes the URL a post is known by', () => {
    expect(normalizePostUrl('HTTPS://WWW.Instagram.com/p/abc/?utm_source=x&igsh=1#top')).toBe('https://instagram.com/p/abc');
    expect(normalizePostUrl('https://youtube.com/watch?v=1&t=2')).toBe(normalizePostUrl('https://youtube.com/watch?t=2&v=1'));
  });
});


describe('adding a post by URL', () => {
  it.each(SSRF_CORPUS)('refuses %s (422 post_fetch_refused naming url), saving nothing', async (url) => {
    const projectId = await newBrand(owner);
    const answer = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body).toMatchObject({ code: 'post_fetch_refused', field: 'url' });
    expect((await api('GET', postsPath(owner, projectId), { token: owner.token })).body.items).toEqual([]);
  });

  it('a metadata host name is never reached: refused where it resolves to its link-local address, not found where it does not resolve', async () => {
    const projectId = await newBrand(owner);
    const answer = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url: METADATA_HOST_URL } });
    expect(answer.status).toBe(422);
    expect(['post_fetch_refused', 'post_fetch_not_found']).toContain(answer.body.code);
  });

  it('refuses a redirect from a public page to the metadata address', async () => {
    const projectId = await newBrand(owner);
    const url = redirectTo('http://169.254.169.254/latest/meta-data/');
    const answer = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url } });
    expect(answer.body).toMatchObject({ code: 'post_fetch_refused', field: 'url' });
  });

  it('says why a URL is no post: not found, not a post page', async () => {
    const projectId = await newBrand(owner);
    const missing = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url: siteUrl('/social/tiktok/missing-9') } });
    expect([missing.status, missing.body.code]).toEqual([422, 'post_fetch_not_found']);
    const about = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url: siteUrl('/social/about') } });
    expect([about.status, about.body.code]).toEqual([422, 'post_fetch_not_a_post']);
  });

  it('400 names the field; 401 without a token', async () => {
    const projectId = await newBrand(owner);
    const bad = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url: 'https://F2v]JNvC<)2St' } });
    expect([bad.status, bad.body.field]).toEqual([400, 'url']);
    const badQuery = await api('GET', `${postsPath(owner, projectId)}?platform=myspace`, { token: owner.token });
    expect([badQuery.status, badQuery.body.field]).toEqual([400, 'platform.0']);
    const anonymous = await api('GET', postsPath(owner, projectId), {});
    expect(anonymous.status).toBe(401);
  });

  it('the same post twice (another spelling of its URL) is a 409 naming the post; two at once leave one post', async () => {
    const projectId = await newBrand(owner);
    const url = socialUrl('linkedin');
    const first = await addPost(owner, projectId, url);
    const again = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url: `${url}/?utm_source=newsletter#x` } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'post_exists', existing_uid: first.uid });

    const racing = socialUrl('threads');
    const answers = await Promise.all([1, 2, 3].map(() => api('POST', postsPath(owner, projectId), { token: owner.token, body: { url: racing } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const list = await api('GET', postsPath(owner, projectId), { token: owner.token });
    expect(list.body.items.filter((p: { platform: string }) => p.platform === 'threads')).toHaveLength(1);
  });

  it('another workspace can neither read nor add, tag or delete the brand’s posts', async () => {
    const projectId = await newBrand(owner);
    const post = await addPost(owner, projectId);
    const path = `${postsPath(owner, projectId)}/${post.uid}`;
    for (const [method, target, body] of [
      ['GET', postsPath(owner, projectId)],
      ['GET', path],
      ['GET', `${path}/raw`],
      ['PUT', path, { tags: ['x'] }],
      ['DELETE', path],
      ['POST', postsPath(owner, projectId), { url: socialUrl() }],
    ] as const) {
      const answer = await api(method, target, { token: other.token, body });
      expect([403, 404], `${method} ${target}: ${answer.status}`).toContain(answer.status);
    }
    // Their own workspace's path with the owner's brand and post ids: not found there.
    const theirs = await api('GET', `/workspaces/${other.workspaceId}/projects/${projectId}/posts/${post.uid}`, { token: other.token });
    expect([403, 404]).toContain(theirs.status);
    expect((await api('GET', path, { token: owner.token })).status).toBe(200);
  });
});

describe("storing several posts at once (an import chunk's rows)", () => {
  const fetched = (url: string) => ({
    fields: { url, platform: 'instagram' as const, caption: `caption of ${url}` },
    raw: { content_type: 'application/json', fetched_at: new Date().toISOString(), data: '{}' },
    origin: { source: 'manual' as const },
  });

  it('new URLs are saved together; a group holding a URL the brand has is saved post by post, that one answered as a duplicate', async () => {
    const [{ storePosts }, { postDeps }] = await Promise.all([import('#core/posts/posts'), import('../../functions/http/wiring/posts')]);
    const projectId = await newBrand(owner);
    const brand = { workspaceId: owner.workspaceId, projectId };
    const held = await addPost(owner, projectId);

    const fresh = [socialUrl(), socialUrl(), socialUrl()];
    const saved = await storePosts(postDeps, brand, fresh.map(fetched));
    expect(saved.map(({ post, duplicate }) => [post.url, duplicate])).toEqual(fresh.map((url) => [url, false]));

    // The held post by another spelling of its URL, between two new ones: the group's one write is refused, and
    // each is then stored alone.
    const mixed = [socialUrl(), `${held.url}/?utm_source=newsletter`, socialUrl()];
    const again = await storePosts(postDeps, brand, mixed.map(fetched));
    expect(again.map(({ post, duplicate }) => [post.url, duplicate])).toEqual([
      [mixed[0], false],
      [held.url, true],
      [mixed[2], false],
    ]);
    expect(again[1]!.post.uid).toBe(held.uid);

    const listed = (await api('GET', postsPath(owner, projectId), { token: owner.token })).body.items as { url: string }[];
    expect(listed.map((post) => post.url).sort()).toEqual([held.url, ...fresh, mixed[0], mixed[2]].sort());
  });
});

describe('the feed', () => {
  it('lists newest first (published time), cursor-paged, filtered by platform, days, text and tag', async () => {
    const projectId = await newBrand(owner);
    // Published 2026-01-01 at n hours: 30 (Jan 2), 5, 20, 50 (Jan 3).
    const n = [30, 5, 20, 50];
    const posts = [];
    for (const [i, k] of n.entries()) posts.push(await addPost(owner, projectId, siteUrl(`/social/${i % 2 ? 'tiktok' : 'instagram'}/${k}`)));
    const list = async (query: string) => (await api('GET', `${postsPath(owner, projectId)}?${query}`, { token: owner.token })).body;

    const all = await list('');
    expect(all.items.map((p: { caption: string }) => /Post (\d+)/.exec(p.caption)![1])).toEqual(['50', '30', '20', '5']);
    expect(all.cursor).toBeUndefined();

    const first = await list('limit=3');
    expect(first.items).toHaveLength(3);
    const second = await list(`limit=3&cursor=${first.cursor}`);
    expect(second.items.map((p: { uid: string }) => p.uid)).toEqual([all.items[3].uid]);

    expect((await list('platform=tiktok')).items.map((p: { platform: string }) => p.platform)).toEqual(['tiktok', 'tiktok']);
    expect((await list('from=2026-01-02&to=2026-01-02')).items).toHaveLength(1);
    expect((await list('to=2026-01-01')).items).toHaveLength(2);
    expect((await list('q=POST%2020')).items).toHaveLength(1);

    await api('PUT', `${postsPath(owner, projectId)}/${posts[1]!.uid}`, { token: owner.token, body: { tags: ['Launch'] } });
    expect((await list('tag=launch')).items.map((p: { uid: string }) => p.uid)).toEqual([posts[1]!.uid]);

    const bad = await api('GET', `${postsPath(owner, projectId)}?cursor=nonsense`, { token: owner.token });
    expect([bad.status, bad.body.field]).toEqual([400, 'cursor']);
  });

  it('deleting a post frees its URL and removes its raw data', async () => {
    const projectId = await newBrand(owner);
    const url = socialUrl('pinterest');
    const post = await addPost(owner, projectId, url);
    const path = `${postsPath(owner, projectId)}/${post.uid}`;
    expect((await api('DELETE', path, { token: owner.token })).status).toBe(204);
    expect((await api('GET', `${path}/raw`, { token: owner.token })).status).toBe(404);
    await addPost(owner, projectId, url);
  });
});

describe('thumbnails', () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47];
  const image = async (url: string) => {
    const answer = await fetch(url);
    return { status: answer.status, type: answer.headers.get('content-type'), bytes: new Uint8Array(await answer.arrayBuffer()) };
  };

  it('the fetcher brings the post’s image (a PNG, told by its bytes)', async () => {
    const result = await fetchSocialPost(siteUrl('/social/instagram/8'), allowlisted());
    expect(result.ok && result.thumbnail?.contentType).toBe('image/png');
    if (!result.ok || !result.thumbnail) return;
    expect([...result.thumbnail.bytes.slice(0, 4)]).toEqual(PNG);
    expect(Buffer.from(result.thumbnail.bytes).equals(Buffer.from((await image(siteUrl('/social/img/8.png'))).bytes))).toBe(true);
  });

  it.each([
    ['an SVG', '/social/tiktok/svg-4'],
    ['an image at the metadata address', '/social/tiktok/private-4'],
    ['a PNG over the cap', '/social/tiktok/bigimg-4'],
  ])('a post whose image is %s is read without a thumbnail', async (_what, path) => {
    const result = await fetchSocialPost(siteUrl(path), allowlisted());
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.post.thumbnail_url).toBeTruthy();
    expect(result.thumbnail).toBeUndefined();
  });

  it('a post added by URL shows its image from the uploads bucket (a signed link), keeps the site’s address, and loses the copy when deleted', async () => {
    const projectId = await newBrand(owner);
    const added = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url: siteUrl('/social/facebook/31') } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { uid, thumbnail_url: signed, thumbnail_source_url: source } = added.body as { uid: string; thumbnail_url: string; thumbnail_source_url: string };
    expect(source).toBe(siteUrl('/social/img/31.png'));
    expect(signed).toContain(`/workspaces/${owner.workspaceId}/projects/${projectId}/posts/${uid}/thumbnail.png?`);
    expect(signed).toContain('X-Amz-Signature=');
    const copy = await image(signed);
    expect([copy.status, copy.type]).toEqual([200, 'image/png']);
    expect(Buffer.from(copy.bytes).equals(Buffer.from((await image(source)).bytes))).toBe(true);

    // The feed and the post itself answer a link to the same copy.
    const listed = (await api('GET', postsPath(owner, projectId), { token: owner.token })).body.items[0];
    expect(listed.thumbnail_url.split('?')[0]).toBe(signed.split('?')[0]);
    expect((await api('GET', `${postsPath(owner, projectId)}/${uid}`, { token: owner.token })).body.thumbnail_url.split('?')[0]).toBe(signed.split('?')[0]);

    expect((await api('DELETE', `${postsPath(owner, projectId)}/${uid}`, { token: owner.token })).status).toBe(204);
    expect((await image(signed)).status).toBe(404);
  });

  it('a thumbnail at a private address is refused: the post is added without one', async () => {
    const projectId = await newBrand(owner);
    const added = await api('POST', postsPath(owner, projectId), { token: owner.token, body: { url: siteUrl('/social/x/private-12') } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.thumbnail_url).toBeUndefined();
    expect(added.body.thumbnail_source_url).toBe('http://169.254.169.254/latest/meta-data/thumb.png');
  });

  it('the import worker copies each imported post’s image; a refused image leaves its row imported', async () => {
    const projectId = await newBrand(owner);
    const urls = [siteUrl('/social/youtube/61'), siteUrl('/social/youtube/og-62'), siteUrl('/social/youtube/private-63')];
    const started = await startImport(owner, projectId, `${urls.join('\n')}\n`);
    expect(await waitForImport(owner, projectId, started.uid)).toMatchObject({ status: 'completed', imported: 3, failed: 0 });
    const items = (await api('GET', postsPath(owner, projectId), { token: owner.token })).body.items as { url: string; thumbnail_url?: string }[];
    const byUrl = new Map(items.map((item) => [item.url, item]));
    for (const url of urls.slice(0, 2)) {
      const copy = await image(byUrl.get(url)!.thumbnail_url!);
      expect([copy.status, copy.type, [...copy.bytes.slice(0, 4)]], url).toEqual([200, 'image/png', PNG]);
    }
    expect(byUrl.get(urls[2]!)!.thumbnail_url).toBeUndefined();
  }, 60_000);
});
