import { describe, expect, it } from 'vitest';
import { SYNC, syncConnection, type SyncDeps } from '#core/analytics/sync';
import { normalizePostUrl } from '#core/posts/posts';
import type { AccountSnapshotItem, PostMetricsItem } from '#data/analytics';
import type { ConnectionChanges, ConnectionItem } from '#data/connections';
import type { Call, MediaPage, SocialClient, SocialMedia, SocialProfile } from '#lib/providers/social';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const HOUR = 3_600_000;
const brand = { workspaceId: 'W', projectId: 'P' };
const message = { ...brand, type: 'instagram' as const, reason: 'schedule' as const };

const profile: SocialProfile = { external_id: 'ig-1', username: 'bakery', followers: 1500, media_count: 40, url: 'https://www.instagram.com/bakery', picture_url: 'https://cdn.example/bakery-1.jpg' };
/** Media newest first, one every 12 hours back from NOW. */
const mediaList = (count: number): SocialMedia[] =>
  Array.from({ length: count }, (_, i) => ({
    external_id: `m${i}`,
    url: `https://www.instagram.com/p/code${i}/`,
    caption: `Post ${i}`,
    media_type: 'image',
    thumbnail_url: `https://cdn.example/m${i}.jpg`,
    // Instagram's own format: +0000
    published_at: new Date(NOW.getTime() - (i + 1) * 12 * HOUR).toISOString().replace('.000Z', '+0000'),
    metrics: { likes: i, comments: 1, saves: 2, reach: 100 + i },
  }));

type FakeOptions = { media?: SocialMedia[]; pageFailure?: { at: number; failure: Call<MediaPage> }; usage?: number; profileFailure?: Call<SocialProfile> };

/** A SocialClient over a list, paged by index; a failure can stand in for one page. */
const fakeClient = (options: FakeOptions, calls: string[]): SocialClient => ({
  profile: async () => {
    calls.push('profile');
    return options.profileFailure ?? { ok: true, value: profile };
  },
  media: async ({ cursor, limit }) => {
    const start = Number(cursor ?? 0);
    calls.push(`media@${start}`);
    if (options.pageFailure && options.pageFailure.at === start) return options.pageFailure.failure;
    const items = (options.media ?? []).slice(start, start + limit);
    const next = start + limit < (options.media ?? []).length ? String(start + limit) : undefined;
    return { ok: true, value: { items, ...(next ? { next } : {}) }, ...(options.usage !== undefined ? { usage: options.usage } : {}) };
  },
});

const world = (options: FakeOptions = {}, connectionOver: Partial<ConnectionItem> = {}) => {
  let connection: ConnectionItem = {
    ...brand,
    type: 'instagram',
    state: 'connected',
    sealedSecrets: 'sealed',
    contentPillars: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...connectionOver,
  };
  const posts = new Map<string, { postId: string; thumbnailKey?: string; source: string }>();
  const metrics = new Map<string, PostMetricsItem>();
  const snapshots = new Map<string, AccountSnapshotItem>();
  const calls: string[] = [];
  const thumbnails: string[] = [];
  const pictures: string[] = [];
  const updates: ConnectionChanges[] = [];
  let next = 0;
  const deps: SyncDeps = {
    clock: () => NOW,
    getConnection: async () => connection,
    updateConnection: async (item, changes) => {
      if (item.updatedAt !== connection.updatedAt) return 'stale';
      updates.push(changes);
      const merged: Record<string, unknown> = { ...connection };
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) delete merged[key];
        else if (value !== undefined) merged[key] = value;
      }
      connection = merged as ConnectionItem;
      return 'done';
    },
    withConnectionTokens: async (item, fn) => {
      const answer = await fn('token');
      if (!answer.ok && answer.unauthorized) connection = { ...connection, state: 'needs_reconnect', lastSyncOutcome: 'unauthorized', updatedAt: new Date(NOW.getTime() + 1).toISOString() };
      return answer;
    },
    clientFor: () => fakeClient(options, calls),
    findPost: async (_brand, url) => posts.get(normalizePostUrl(url)),
    storePost: async (_brand, fields, _raw, thumbnail) => {
      const url = normalizePostUrl(fields.url);
      const found = posts.get(url);
      if (found) return { ...found, duplicate: true };
      const post = { postId: `post${next++}`, source: 'sync', ...(thumbnail ? { thumbnailKey: `thumb/${next}.jpg` } : {}) };
      posts.set(url, post);
      return { ...post, duplicate: false };
    },
    fetchThumbnail: async (url) => {
      thumbnails.push(url);
      return { bytes: new Uint8Array([0xff, 0xd8, 0xff]), contentType: 'image/jpeg' };
    },
    putAccountSnapshot: async (item) => void snapshots.set(`${item.day}|${item.platform}`, item),
    putPostMetrics: async (item) => void metrics.set(`${item.publishedAt}|${item.postId}`, item),
    storePicture: async (_brand, type, url) => {
      pictures.push(url);
      return `pictures/${type}`;
    },
  };
  return { deps, posts, metrics, snapshots, calls, thumbnails, pictures, updates, connection: () => connection };
};

describe('syncConnection', () => {
  it('stores profile, snapshot, posts and metrics; running twice adds nothing', async () => {
    const w = world({ media: mediaList(30) });
    const first = await syncConnection(w.deps, message);
    expect(first).toEqual({ outcome: 'ok', media: 30, created: 30 });
    expect(w.posts.size).toBe(30);
    expect(w.metrics.size).toBe(30);
    expect([...w.snapshots.values()]).toEqual([expect.objectContaining({ day: '2026-11-24', platform: 'instagram', followers: 1500, username: 'bakery', mediaCount: 40 })]);
    const metric = [...w.metrics.values()].find((m) => m.externalId === 'm3')!;
    expect(metric).toMatchObject({ publishedAt: '2026-11-22T12:00:00.000Z', likes: 3, comments: 1, saves: 2, reach: 103, platform: 'instagram', thumbnailKey: expect.any(String) });
    expect(w.connection()).toMatchObject({
      state: 'connected',
      account: { username: 'bakery', followers: 1500, external_id: 'ig-1' },
      lastSyncOutcome: 'ok',
      lastSyncAt: NOW.toISOString(),
      syncedMedia: 30,
      syncDueAt: new Date(NOW.getTime() + SYNC.intervalMinutes * 60_000).toISOString(),
    });

    const second = await syncConnection(w.deps, message);
    expect(second.created).toBe(0);
    expect(w.posts.size).toBe(30);
    expect(w.metrics.size).toBe(30);
    expect(w.snapshots.size).toBe(1);
    expect(w.connection().syncedMedia).toBe(30);
    // Thumbnails are fetched for new posts only; the account's picture once, while the provider names the same one.
    expect(w.thumbnails).toHaveLength(30);
    expect(w.pictures).toEqual(['https://cdn.example/bakery-1.jpg']);
    expect(w.connection()).toMatchObject({ pictureKey: 'pictures/instagram', account: { picture_url: 'https://cdn.example/bakery-1.jpg' } });
  });

  it("copies the account's picture again when the provider names a new one", async () => {
    const w = world({ media: mediaList(2) });
    await syncConnection(w.deps, message);
    profile.picture_url = 'https://cdn.example/bakery-2.jpg';
    try {
      await syncConnection(w.deps, message);
    } finally {
      profile.picture_url = 'https://cdn.example/bakery-1.jpg';
    }
    expect(w.pictures).toEqual(['https://cdn.example/bakery-1.jpg', 'https://cdn.example/bakery-2.jpg']);
  });

  it('a post the CSV import already holds (same URL, other form) is measured, not added again', async () => {
    const w = world({ media: mediaList(3) });
    w.posts.set(normalizePostUrl('https://instagram.com/p/code1?utm_source=ig_web_copy_link'), { postId: 'imported', source: 'import' });
    const summary = await syncConnection(w.deps, message);
    expect(summary).toMatchObject({ media: 3, created: 2 });
    expect(w.posts.size).toBe(3);
    expect([...w.metrics.values()].map((m) => m.postId)).toContain('imported');
  });

  it('reads at most 200 media on a first sync', async () => {
    const w = world({ media: mediaList(260) });
    expect(await syncConnection(w.deps, message)).toMatchObject({ outcome: 'ok', media: SYNC.maxMedia, created: SYNC.maxMedia });
  });

  it('once synced, stops at a held post older than the look-back', async () => {
    const w = world({ media: mediaList(200) });
    await syncConnection(w.deps, message);
    w.calls.length = 0;
    const again = await syncConnection(w.deps, message);
    // 30 days back at two posts a day: the 60 newest, then the batch with the first older one.
    expect(again.media).toBe(Math.ceil((SYNC.lookBackDays * 2 + 1) / SYNC.storeConcurrency) * SYNC.storeConcurrency);
    expect(w.calls).toEqual(['profile', 'media@0', 'media@25', 'media@50']);
  });

  it('after a run cut short by a rate limit, the next one reads on past the look-back', async () => {
    const w = world({ media: mediaList(200), pageFailure: { at: 100, failure: { ok: false, status: 429, error: 'Too many calls', retryable: true, rateLimited: true, latencyMs: 3 } } });
    expect(await syncConnection(w.deps, message)).toMatchObject({ outcome: 'rate_limited', media: 100 });
    w.deps.clientFor = () => fakeClient({ media: mediaList(200) }, w.calls);
    expect(await syncConnection(w.deps, message)).toMatchObject({ outcome: 'ok', media: 200, created: 100 });
    expect(w.posts.size).toBe(200);
  });

  it('a 429 stops the run, keeps what was read and sets the next sync after the wait', async () => {
    const w = world({ media: mediaList(60), pageFailure: { at: 25, failure: { ok: false, status: 429, error: 'Too many calls', retryable: true, rateLimited: true, retryAfterSeconds: 7200, latencyMs: 3 } } });
    const summary = await syncConnection(w.deps, message);
    expect(summary).toMatchObject({ outcome: 'rate_limited', media: 25, created: 25 });
    expect(w.metrics.size).toBe(25);
    expect(w.connection()).toMatchObject({ lastSyncOutcome: 'rate_limited', lastSyncError: 'Too many calls', syncDueAt: new Date(NOW.getTime() + 2 * HOUR).toISOString(), state: 'connected' });
  });

  it('usage at 80 % stops after that page; the next sync waits at least an hour', async () => {
    const w = world({ media: mediaList(60), usage: 85 });
    const summary = await syncConnection(w.deps, message);
    expect(summary).toMatchObject({ outcome: 'rate_limited', media: 25 });
    expect(w.calls).toEqual(['profile', 'media@0']);
    expect(w.connection().syncDueAt).toBe(new Date(NOW.getTime() + SYNC.rateLimitedMinutes * 60_000).toISOString());
    expect(w.connection().lastSyncError).toMatch(/85%/);
  });

  it('unauthorized: the connection needs a reconnect; only the time of the run is written to it', async () => {
    const w = world({ media: mediaList(5), profileFailure: { ok: false, status: 400, error: 'Error validating access token', retryable: false, unauthorized: true, latencyMs: 2 } });
    const summary = await syncConnection(w.deps, message);
    expect(summary.outcome).toBe('unauthorized');
    expect(w.connection()).toMatchObject({ state: 'needs_reconnect', lastSyncOutcome: 'unauthorized' });
    expect(w.updates).toEqual([{ lastSyncAt: NOW.toISOString(), updatedAt: expect.any(String) }]);
    expect(w.connection()).toMatchObject({ lastSyncAt: NOW.toISOString(), state: 'needs_reconnect' });
    expect(w.posts.size).toBe(0);
  });

  it('another failure is the outcome failed with its text; the next sync in an hour', async () => {
    const w = world({ media: mediaList(40), pageFailure: { at: 25, failure: { ok: false, status: 500, error: 'Internal error', retryable: true, latencyMs: 4 } } });
    const summary = await syncConnection(w.deps, message);
    expect(summary).toMatchObject({ outcome: 'failed', media: 25, error: 'Internal error' });
    expect(w.connection()).toMatchObject({ lastSyncOutcome: 'failed', lastSyncError: 'Internal error', syncedMedia: 25, syncDueAt: new Date(NOW.getTime() + HOUR).toISOString() });
  });

  it('skips a connection that is not connected', async () => {
    const w = world({ media: mediaList(3) }, { state: 'needs_reconnect' });
    expect(await syncConnection(w.deps, message)).toEqual({ outcome: 'skipped', media: 0, created: 0 });
    expect(w.calls).toEqual([]);
  });

  it('clears an earlier error after a good sync, and applies its bookkeeping on a connection refreshed meanwhile', async () => {
    const w = world({ media: mediaList(2) }, { lastSyncOutcome: 'failed', lastSyncError: 'Internal error' });
    const tokens = w.deps.withConnectionTokens;
    // The token refresh writes the connection (new sealed set) while the sync runs.
    w.deps.withConnectionTokens = async (item, fn) => {
      await w.deps.updateConnection(item, { sealedSecrets: 'refreshed', updatedAt: '2026-11-24T11:59:00.000Z' });
      return tokens(item, fn);
    };
    await syncConnection(w.deps, message);
    expect(w.connection()).toMatchObject({ sealedSecrets: 'refreshed', lastSyncOutcome: 'ok' });
    expect(w.connection().lastSyncError).toBeUndefined();
  });
});
