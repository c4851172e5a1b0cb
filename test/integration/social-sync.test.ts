import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ScheduledEvent } from 'aws-lambda';
import type { Connection } from '#shared/schemas/connections';
import { SYNC } from '#core/analytics/sync';
import { api, userWithWorkspace } from './support/api';
import { connectAccount, connectionsPath } from './support/connections';
import { control } from './support/deliveries';
import { newBrand } from './support/imports';
import { postsPath } from './support/posts';

/**
 * The sync of connected accounts end to end on the local stack against the fake Instagram Graph and YouTube Data
 * APIs: connect (consent at the fake) queues the first sync; posts land in the brand's library once (source sync,
 * no duplicate of a post the CSV import holds), metrics and today's snapshot feed the analytics; a second sync adds
 * nothing; 429 and the usage header stop a run with rate_limited and a later due time; a revoked token asks for a
 * reconnect; the scheduled job queues a due connection.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
type FakeState = { instagram: { account: { username: string; followers_count: number }; media: { id: string; permalink: string }[] }; youtube: { videos: unknown[] } };

let owner: Owner;
const fakeState = async () => (await control('GET', '/state.json')) as FakeState;

const connectionOf = async (projectId: string, type: 'instagram' | 'youtube'): Promise<Connection> => {
  const list = await api('GET', connectionsPath(owner, projectId), { token: owner.token });
  expect(list.status).toBe(200);
  return (list.body.items as Connection[]).find((item) => item.type === type)!;
};

/** Polls until the connection has a sync newer than `after` (its last_sync_at moved). */
const waitForSync = async (projectId: string, type: 'instagram' | 'youtube', after?: string, timeoutMs = 60_000): Promise<Connection> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const connection = await connectionOf(projectId, type);
    if (connection.last_sync_at && connection.last_sync_at !== after) return connection;
    if (Date.now() > until) throw new Error(`${type}: no sync after ${after ?? 'none'}: ${JSON.stringify(connection)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

const syncNow = async (projectId: string, type: 'instagram' | 'youtube') => {
  const before = (await connectionOf(projectId, type)).last_sync_at;
  const queued = await api('POST', `${connectionsPath(owner, projectId)}/${type}/sync`, { token: owner.token });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  return waitForSync(projectId, type, before);
};

const allPosts = async (projectId: string) => {
  const items: { uid: string; url: string; platform: string; source: string; thumbnail_url?: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await api('GET', `${postsPath(owner, projectId)}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token: owner.token });
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.cursor;
  } while (cursor);
  return items;
};

/** The connection as stored (its due time is not in any answer). */
const storedConnection = async (projectId: string, type: 'instagram' | 'youtube') => {
  const { getConnection } = await import('#data/connections');
  return (await getConnection({ workspaceId: owner.workspaceId, projectId }, type))!;
};

beforeAll(async () => {
  Object.assign(process.env, inject('functionEnv'));
  owner = await userWithWorkspace('syncer');
  await control('POST', '/instagram/reset', {});
  await control('POST', '/youtube/reset', {});
  await control('DELETE', '/failures');
}, 60_000);

describe('the social sync', () => {
  let projectId: string;

  it('connect queues the first sync: every media becomes a post once, with metrics and today\'s snapshot; a second sync adds nothing', async () => {
    projectId = await newBrand(owner);
    const fake = await fakeState();
    await connectAccount(owner, projectId, 'instagram');
    const synced = await waitForSync(projectId, 'instagram');
    expect(synced).toMatchObject({ state: 'connected', last_sync_outcome: 'ok', synced_media: fake.instagram.media.length, account: { username: fake.instagram.account.username } });
    // The account's picture is the server's copy in the uploads bucket (signed), an image, not the provider's address.
    const picture = synced.account!.picture_url!;
    expect(picture).not.toContain('/social/img/');
    const image = await fetch(picture);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);

    const posts = await allPosts(projectId);
    expect(posts).toHaveLength(fake.instagram.media.length);
    expect(new Set(posts.map((p) => p.source))).toEqual(new Set(['sync']));
    expect(posts.map((p) => p.url).sort()).toEqual(fake.instagram.media.map((m) => m.permalink.replace(/\/$/, '').replace('www.', '')).sort());
    expect(posts.filter((p) => p.thumbnail_url).length).toBeGreaterThan(0);

    const recent = await api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/analytics?platform=instagram`, { token: owner.token });
    expect(recent.status).toBe(200);
    expect(recent.body.accounts).toEqual([{ platform: 'instagram', username: fake.instagram.account.username, followers: fake.instagram.account.followers_count }]);
    expect(recent.body.last_synced_at).toBe(synced.last_sync_at);
    expect(recent.body.followers).toEqual([{ date: new Date().toISOString().slice(0, 10), platform: 'instagram', followers: fake.instagram.account.followers_count }]);
    expect(recent.body.posts.length).toBeGreaterThan(0);
    expect(recent.body.posts[0]).toMatchObject({ platform: 'instagram', likes: expect.any(Number), engagement: expect.any(Number), reach: expect.any(Number) });

    const again = await syncNow(projectId, 'instagram');
    expect(again).toMatchObject({ last_sync_outcome: 'ok', synced_media: fake.instagram.media.length });
    expect(await allPosts(projectId)).toHaveLength(fake.instagram.media.length);
  });

  it('new media on the account arrive with the next sync, and only they', async () => {
    const before = (await allPosts(projectId)).length;
    await control('POST', '/instagram/media', { count: 3 });
    const synced = await syncNow(projectId, 'instagram');
    expect(await allPosts(projectId)).toHaveLength(before + 3);
    expect(synced.synced_media).toBe(before + 3);
  });

  it('a post the CSV import already holds (the same URL as people paste it) is measured, not added again', async () => {
    const other = await newBrand(owner);
    const fake = await fakeState();
    const permalink = fake.instagram.media[0]!.permalink;
    const pasted = `${permalink}?utm_source=ig_web_copy_link`;
    const [{ storePost }, { postDeps }] = await Promise.all([import('#core/posts/posts'), import('../../functions/http/wiring/posts')]);
    const imported = await storePost(
      postDeps,
      { workspaceId: owner.workspaceId, projectId: other },
      { url: pasted, platform: 'instagram', caption: 'as imported' },
      { content_type: 'application/json', fetched_at: new Date().toISOString(), data: '{}' },
      { source: 'import', importRow: { importId: 'i-sync-test', row: 1 } },
    );
    await connectAccount(owner, other, 'instagram');
    await waitForSync(other, 'instagram');
    const posts = await allPosts(other);
    expect(posts).toHaveLength(fake.instagram.media.length);
    expect(posts.filter((p) => p.uid === imported.post.uid)).toEqual([expect.objectContaining({ source: 'import' })]);
    const analytics = await api('GET', `/workspaces/${owner.workspaceId}/projects/${other}/analytics`, { token: owner.token });
    expect(analytics.body.posts.map((p: { post_uid: string }) => p.post_uid)).toContain(imported.post.uid);
  });

  it('a 429 stops the run: rate_limited, the next sync after the provider\'s wait', async () => {
    await control('PUT', '/failures/instagram', { rate: 1, status: 429, retryAfter: 7200 });
    try {
      const started = Date.now();
      const synced = await syncNow(projectId, 'instagram');
      expect(synced).toMatchObject({ state: 'connected', last_sync_outcome: 'rate_limited' });
      const due = Date.parse((await storedConnection(projectId, 'instagram')).syncDueAt!);
      expect(due).toBeGreaterThanOrEqual(started + 7200_000 - 5_000);
    } finally {
      await control('DELETE', '/failures');
    }
  });

  it('usage headers at 80 % or more stop the run after the page that said so', async () => {
    await control('PUT', '/instagram/usage', { percent: 85 });
    try {
      const started = Date.now();
      const synced = await syncNow(projectId, 'instagram');
      expect(synced).toMatchObject({ last_sync_outcome: 'rate_limited', last_sync_error: expect.stringContaining('85%') });
      expect(Date.parse((await storedConnection(projectId, 'instagram')).syncDueAt!)).toBeGreaterThanOrEqual(started + SYNC.rateLimitedMinutes * 60_000 - 5_000);
    } finally {
      await control('PUT', '/instagram/usage', { percent: 2 });
    }
  });

  it('the scheduled job queues a connection whose sync is due', async () => {
    const stored = await storedConnection(projectId, 'instagram');
    const { updateConnection } = await import('#data/connections');
    expect(await updateConnection(stored, { syncDueAt: new Date(Date.now() - 60_000).toISOString(), updatedAt: new Date().toISOString() })).toBe('done');
    const before = (await connectionOf(projectId, 'instagram')).last_sync_at;
    const { handler } = await import('../../functions/jobs/sync-connections');
    const summary = (await handler({} as ScheduledEvent)) as { queued: number };
    expect(summary.queued).toBeGreaterThanOrEqual(1);
    expect(await waitForSync(projectId, 'instagram', before)).toMatchObject({ last_sync_outcome: 'ok' });
    // The sync set its next time: the interval from now, out of the job's reach.
    expect(Date.parse((await storedConnection(projectId, 'instagram')).syncDueAt!)).toBeGreaterThan(Date.now() + (SYNC.intervalMinutes - 5) * 60_000);
  });

  it('YouTube: the channel and its videos sync the same way', async () => {
    const fake = await fakeState();
    await connectAccount(owner, projectId, 'youtube');
    const synced = await waitForSync(projectId, 'youtube');
    expect(synced).toMatchObject({ last_sync_outcome: 'ok', synced_media: fake.youtube.videos.length });
    const youtube = (await allPosts(projectId)).filter((p) => p.platform === 'youtube');
    expect(youtube).toHaveLength(fake.youtube.videos.length);
    const analytics = await api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/analytics?platform=youtube`, { token: owner.token });
    expect(analytics.body.accounts).toHaveLength(1);
    expect(analytics.body.posts[0]).toMatchObject({ platform: 'youtube', views: expect.any(Number) });
  });

  it('a revoked token: the sync stops and the connection asks for a reconnect', async () => {
    await control('POST', '/instagram/revoke', {});
    try {
      const connection = await syncNow(projectId, 'instagram');
      expect(connection).toMatchObject({ state: 'needs_reconnect', last_sync_outcome: 'unauthorized' });
      expect((await storedConnection(projectId, 'instagram')).syncDueAt).toBeUndefined();
    } finally {
      await control('POST', '/instagram/reset', {});
    }
  });
});
