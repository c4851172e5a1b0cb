import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { SocialClient, SocialMedia, TokenSecrets } from '#lib/providers/social';
import { control, fakesOrigin } from './support/deliveries';

/**
 * The connected accounts' provider clients against the local stack's fakes, as the functions reach them (the
 * stack's provider URLs, OAuth apps and outbound allow-list): connect through the consent page, read the profile
 * and every page of media with their metrics, and the failures the sync must tell apart (rate limited with the
 * wait, unauthorized after a revocation, retryable).
 */
type Clients = {
  google: typeof import('#lib/providers/google-oauth');
  instagram: typeof import('#lib/providers/instagram');
  youtube: typeof import('#lib/providers/youtube');
  drive: typeof import('#lib/providers/drive');
};
let lib: Clients;
const redirectUri = 'http://127.0.0.1:3000/integration-success';

beforeAll(async () => {
  Object.assign(process.env, inject('functionEnv'));
  lib = {
    google: await import('#lib/providers/google-oauth'),
    instagram: await import('#lib/providers/instagram'),
    youtube: await import('#lib/providers/youtube'),
    drive: await import('#lib/providers/drive'),
  };
});
afterEach(async () => {
  await control('DELETE', '/failures');
});
afterAll(async () => {
  for (const fake of ['instagram', 'youtube', 'drive']) await control('POST', `/${fake}/reset`, {});
});

/** A person on the consent page: the form's hidden fields posted back with their decision; the redirect's query. */
const consent = async (authorizeUrl: string, decision: 'allow' | 'deny' = 'allow') => {
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const fields = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
  const answer = await fetch(`${fakesOrigin()}${action}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...fields, decision }) });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!).searchParams;
};

const connectInstagram = async (): Promise<TokenSecrets> => {
  const app = lib.instagram.instagramOAuthApp();
  const back = await consent(app.authorizeUrl({ state: 'conn.itest', redirectUri }));
  const exchanged = await app.exchangeCode({ code: back.get('code')!, redirectUri });
  if (!exchanged.ok) throw new Error(exchanged.error);
  return exchanged.value;
};

const connectGoogle = async (scopes: string[]): Promise<TokenSecrets> => {
  const app = lib.google.googleOAuthApp(scopes);
  const verifier = lib.google.newCodeVerifier();
  const back = await consent(app.authorizeUrl({ state: 'conn.itest', redirectUri, codeChallenge: lib.google.codeChallengeS256(verifier) }));
  const exchanged = await app.exchangeCode({ code: back.get('code')!, redirectUri, codeVerifier: verifier });
  if (!exchanged.ok) throw new Error(exchanged.error);
  return exchanged.value;
};

/** Every page of media, following the cursor. */
const allMedia = async (client: SocialClient, limit: number) => {
  const items: SocialMedia[] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.media({ cursor, limit });
    if (!page.ok) throw new Error(page.error);
    items.push(...page.value.items);
    pages.push(page.value.items.length);
    cursor = page.value.next;
  } while (cursor);
  return { items, pages };
};

const fakeState = async () => control('GET', '/state.json');

describe('Instagram', () => {
  it('connects, reads the business account and every post newest first with its insights and the usage', async () => {
    await control('POST', '/instagram/reset', {});
    const client = lib.instagram.instagramClient((await connectInstagram()).access_token);
    const state = (await fakeState()).instagram;

    const profile = await client.profile();
    if (!profile.ok) throw new Error(profile.error);
    expect(profile.value).toEqual({
      external_id: state.account.user_id,
      username: 'crumbandco.bakery',
      name: 'Crumb & Co',
      followers: 12_840,
      following: 312,
      media_count: 40,
      website: 'https://crumbandco.example',
      biography: expect.stringContaining('sourdough'),
      picture_url: `${fakesOrigin()}/social/img/900.png`,
      url: 'https://www.instagram.com/crumbandco.bakery/',
    });
    expect(profile.usage).toBe(state.usagePercent);

    const { items, pages } = await allMedia(client, 25);
    expect(pages).toEqual([25, 15]);
    expect(items.map((m) => m.url)).toEqual(state.media.map((m: { permalink: string }) => m.permalink));
    const times = items.map((m) => Date.parse(m.published_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.at(-1)).toBeGreaterThan(Date.now() - 200 * 86_400_000);
    expect(items.every((m) => /^https:\/\/www\.instagram\.com\/(p|reel)\/C[\w-]{10}\/$/.test(m.url))).toBe(true);
    expect(new Set(items.map((m) => m.media_type))).toEqual(new Set(['image', 'carousel', 'reel']));
    const first = state.media[0];
    expect(items[0]!.metrics).toEqual({ views: first.insights.views, reach: first.insights.reach, likes: first.insights.likes, comments: first.insights.comments, saves: first.insights.saved, shares: first.insights.shares });
    expect(items[0]!.thumbnail_url).toMatch(/\/social\/img\/\d+\.png$/);

    // Captions only (the content pillars' read): one Graph call for the page, no insights.
    await control('DELETE', '/received.json');
    const captions = await client.media({ limit: 20, metrics: false });
    if (!captions.ok) throw new Error(captions.error);
    expect(captions.value.items).toHaveLength(20);
    expect(captions.value.items[0]!.caption).toBe(items[0]!.caption);
    expect(captions.value.items[0]!.metrics.reach).toBeUndefined();
    const calls = (await control('GET', '/received.json?fake=instagram')) as { path: string }[];
    expect(calls.map((c) => c.path)).toEqual([expect.stringMatching(/\/me\/media$/)]);
  });

  it('shows new posts first, reports the usage the headers carry, and stops at 100 % as rate limited', async () => {
    const client = lib.instagram.instagramClient((await connectInstagram()).access_token);
    const added = await control('POST', '/instagram/media', { count: 3 });
    const page = await client.media({ limit: 5 });
    if (!page.ok) throw new Error(page.error);
    expect(page.value.items.slice(0, 3).map((m) => m.external_id)).toEqual([...added.added].reverse());

    await control('PUT', '/instagram/usage', { percent: 85 });
    expect(await client.media({ limit: 2 })).toMatchObject({ ok: true, usage: 85 });
    await control('PUT', '/instagram/usage', { percent: 100 });
    expect(await client.profile()).toMatchObject({ ok: false, rateLimited: true, retryable: true, retryAfterSeconds: 300 });
    expect((await control('PUT', '/instagram/usage', { percent: 101 })).message).toMatch(/^percent /);
    await control('PUT', '/instagram/usage', { percent: 2 });
  });

  it('tells a 429 (with its Retry-After) and a 500 apart', async () => {
    const client = lib.instagram.instagramClient((await connectInstagram()).access_token);
    await control('PUT', '/failures/instagram', { rate: 1, status: 429, retryAfter: 17, times: 1 });
    expect(await client.media({ limit: 3 })).toMatchObject({ ok: false, status: 429, rateLimited: true, retryable: true, retryAfterSeconds: 17 });
    await control('PUT', '/failures/instagram', { rate: 1, status: 500, times: 1 });
    const failed = await client.profile();
    expect(failed).toMatchObject({ ok: false, status: 500, retryable: true });
    expect(failed.ok || failed.unauthorized || failed.rateLimited).toBeFalsy();
    expect(await client.profile()).toMatchObject({ ok: true });
  });

  it('refuses every token after a revocation (profile, media, refresh) until the account connects again', async () => {
    const secrets = await connectInstagram();
    const client = lib.instagram.instagramClient(secrets.access_token);
    await control('POST', '/instagram/revoke', {});
    expect(await client.profile()).toMatchObject({ ok: false, unauthorized: true, retryable: false });
    expect(await client.media({ limit: 5 })).toMatchObject({ ok: false, unauthorized: true });
    expect(await lib.instagram.instagramOAuthApp().refresh(secrets)).toMatchObject({ ok: false, unauthorized: true });

    const again = lib.instagram.instagramClient((await connectInstagram()).access_token);
    expect(await again.profile()).toMatchObject({ ok: true });
  });

  it('an injected 401 is unauthorized', async () => {
    const client = lib.instagram.instagramClient((await connectInstagram()).access_token);
    await control('PUT', '/failures/instagram', { rate: 1, status: 401, times: 1 });
    expect(await client.profile()).toMatchObject({ ok: false, status: 401, unauthorized: true, retryable: false });
  });
});

describe('YouTube', () => {
  it('connects with PKCE, reads the channel and every upload newest first with its statistics', async () => {
    await control('POST', '/youtube/reset', {});
    const client = lib.youtube.youtubeClient((await connectGoogle(lib.google.YOUTUBE_SCOPES)).access_token);
    const state = (await fakeState()).youtube;

    const profile = await client.profile();
    if (!profile.ok) throw new Error(profile.error);
    expect(profile.value).toMatchObject({ external_id: 'UCLc4bR7uM2bQk9sXo1yT3pA', username: 'crumbandco', name: 'Crumb & Co Bakery', followers: 3420, media_count: 20, total_views: state.channel.views, url: 'https://www.youtube.com/@crumbandco' });

    const { items, pages } = await allMedia(client, 8);
    expect(pages).toEqual([8, 8, 4]);
    expect(items.map((m) => m.url)).toEqual(state.videos.map((v: { url: string }) => v.url));
    expect(items[0]).toMatchObject({ url: `https://www.youtube.com/watch?v=${state.videos[0].id}`, caption: state.videos[0].title, metrics: { views: state.videos[0].views, likes: state.videos[0].likes, comments: state.videos[0].comments } });
    const shorts = state.videos.filter((v: { duration: string }) => /^PT\d+S$/.test(v.duration)).map((v: { url: string }) => v.url);
    expect(items.filter((m) => m.media_type === 'short').map((m) => m.url)).toEqual(shorts);

    const added = await control('POST', '/youtube/videos', { count: 2 });
    const newest = await client.media({ limit: 2 });
    expect(newest.ok && newest.value.items.map((m) => m.external_id)).toEqual([...added.added].reverse());
  });

  it('a used-up quota is rate limited until it resets; a 500 is retryable', async () => {
    const client = lib.youtube.youtubeClient((await connectGoogle(lib.google.YOUTUBE_SCOPES)).access_token);
    await control('POST', '/youtube/quota', { remaining: 0 });
    const limited = await client.media({ limit: 5 });
    expect(limited).toMatchObject({ ok: false, status: 403, rateLimited: true, retryable: true, error: expect.stringContaining('quota') });
    expect(!limited.ok && limited.retryAfterSeconds).toBeGreaterThan(0);
    await control('POST', '/youtube/quota', { remaining: 10_000 });

    await control('PUT', '/failures/youtube', { rate: 1, status: 500, times: 1 });
    expect(await client.profile()).toMatchObject({ ok: false, status: 500, retryable: true });
    await control('PUT', '/failures/youtube', { rate: 1, status: 429, retryAfter: 9, times: 1 });
    expect(await client.profile()).toMatchObject({ ok: false, rateLimited: true, retryAfterSeconds: 9 });
    expect(await client.profile()).toMatchObject({ ok: true });
  });

  it('a revoked YouTube grant is unauthorized (its refresh too), while Drive keeps its own', async () => {
    const youtube = await connectGoogle(lib.google.YOUTUBE_SCOPES);
    const drive = await connectGoogle(lib.google.DRIVE_SCOPES);
    await control('POST', '/youtube/revoke', {});

    expect(await lib.youtube.youtubeClient(youtube.access_token).profile()).toMatchObject({ ok: false, status: 401, unauthorized: true, retryable: false });
    expect(await lib.google.googleOAuthApp(lib.google.YOUTUBE_SCOPES).refresh(youtube)).toMatchObject({ ok: false, unauthorized: true });
    expect(await lib.drive.driveClient(drive.access_token).getFolder('nope')).toEqual({ ok: true, value: undefined });
  });

  it('a channel that never uploaded has no media (its missing uploads playlist is no failure)', async () => {
    const client = lib.youtube.youtubeClient((await connectGoogle(lib.google.YOUTUBE_SCOPES)).access_token);
    expect(await control('POST', '/youtube/reset', { videos: 0 })).toEqual({ reset: 'youtube', videos: 0 });
    expect(await client.profile()).toMatchObject({ ok: true, value: { media_count: 0 } });
    expect(await client.media({ limit: 10 })).toEqual({ ok: true, value: { items: [] } });
    await control('POST', '/youtube/reset', {});
  });

  it('keeps the PKCE verifier, the code and the tokens out of what the fakes record', async () => {
    await control('DELETE', '/received.json');
    await connectGoogle(lib.google.YOUTUBE_SCOPES);
    const token = (await control('GET', '/received.json?fake=google')).find((r: { path: string }) => r.path === '/google/token');
    expect(token.body).toMatchObject({ grant_type: 'authorization_code', code: '[redacted]', code_verifier: '[redacted]', client_secret: '[redacted]' });
  });

  it('a token without the YouTube scope is refused as needing a new consent', async () => {
    const drive = await connectGoogle(lib.google.DRIVE_SCOPES);
    expect(await lib.youtube.youtubeClient(drive.access_token).profile()).toMatchObject({ ok: false, status: 403, unauthorized: true });
  });
});

describe('Google Drive', () => {
  it("creates the brand's folders, finds them again by name and parent, and opens them", async () => {
    const client = lib.drive.driveClient((await connectGoogle(lib.google.DRIVE_SCOPES)).access_token);
    const name = `Crumb & Co's "${Date.now()}"`;
    expect(await client.findFolder({ name })).toEqual({ ok: true, value: undefined });

    const brand = await client.createFolder({ name });
    if (!brand.ok) throw new Error(brand.error);
    expect(brand.value).toEqual({ id: expect.stringMatching(/^1\w{32}$/), name, url: `${fakesOrigin()}/drive/folders/${brand.value.id}` });
    const raw = await client.createFolder({ name: 'raw', parentId: brand.value.id });
    if (!raw.ok) throw new Error(raw.error);

    expect(await client.findFolder({ name })).toEqual({ ok: true, value: brand.value });
    expect(await client.findFolder({ name: 'raw', parentId: brand.value.id })).toEqual({ ok: true, value: raw.value });
    expect(await client.findFolder({ name: 'raw' })).toEqual({ ok: true, value: undefined });
    expect(await client.getFolder(raw.value.id)).toEqual({ ok: true, value: raw.value });

    const page = await fetch(brand.value.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>raw</a>');
  });

  it('sees only what the app made (drive.file), and a trashed folder is gone', async () => {
    const client = lib.drive.driveClient((await connectGoogle(lib.google.DRIVE_SCOPES)).access_token);
    const persons = (await fakeState()).drive.files.find((f: { byApp: boolean }) => !f.byApp);
    expect(await client.findFolder({ name: persons.name })).toEqual({ ok: true, value: undefined });
    expect(await client.getFolder(persons.id)).toEqual({ ok: true, value: undefined });

    const folder = await client.createFolder({ name: `Trashed ${Date.now()}` });
    if (!folder.ok) throw new Error(folder.error);
    await control('POST', '/drive/trash', { id: folder.value.id });
    expect(await client.getFolder(folder.value.id)).toEqual({ ok: true, value: undefined });
    expect(await client.findFolder({ name: folder.value.name })).toEqual({ ok: true, value: undefined });
  });

  it('is rate limited on a 429, and unauthorized once access is revoked', async () => {
    const client = lib.drive.driveClient((await connectGoogle(lib.google.DRIVE_SCOPES)).access_token);
    await control('PUT', '/failures/drive', { rate: 1, status: 429, retryAfter: 5, times: 1 });
    expect(await client.createFolder({ name: 'x' })).toMatchObject({ ok: false, status: 429, rateLimited: true, retryAfterSeconds: 5 });
    await control('PUT', '/failures/drive', { rate: 1, status: 503, times: 1 });
    expect(await client.findFolder({ name: 'x' })).toMatchObject({ ok: false, status: 503, retryable: true });
    await control('POST', '/drive/revoke', {});
    expect(await client.findFolder({ name: 'x' })).toMatchObject({ ok: false, status: 401, unauthorized: true });
  });
});
