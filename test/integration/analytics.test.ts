import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountSnapshotItem, PostMetricsItem } from '#data/analytics';
import { postMetric } from '../support/post-metrics';
import { api, userWithWorkspace } from './support/api';
import { newBrand } from './support/imports';

/**
 * GET .../analytics end to end on the local stack, over history written through the data layer as the sync writes
 * it (the sync itself against the fakes is test/integration/social-sync.test.ts): the range, the platform filter,
 * followers per day, posts per week, pillars from the brand's content settings, best times, and the refusals.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;
let other: Owner;
let projectId: string;
const path = (o: Owner, p: string) => `/workspaces/${o.workspaceId}/projects/${p}/analytics`;


beforeAll(async () => {
  [owner, other] = await Promise.all([userWithWorkspace('analyst'), userWithWorkspace('outsider')]);
  projectId = await newBrand(owner);
  const pillars = await api('PUT', `/workspaces/${owner.workspaceId}/projects/${projectId}`, {
    token: owner.token,
    body: { content_pillars: [{ name: 'Recipes', description: 'Home baking guides' }, { name: 'Behind the scenes', description: 'Our team and ovens' }] },
  });
  expect(pillars.status, JSON.stringify(pillars.body)).toBe(200);
  Object.assign(process.env, inject('functionEnv'));
  const { putAccountSnapshot, putPostMetrics } = await import('#data/analytics');
  const brand = { workspaceId: owner.workspaceId, projectId };
  const snapshot = (day: string, platform: 'instagram' | 'youtube', followers: number): AccountSnapshotItem => ({
    ...brand, day, platform, externalId: `${platform}-1`, username: platform === 'instagram' ? 'bakery' : 'Bakery TV', followers, takenAt: `${day}T06:00:00.000Z`,
  });
  await Promise.all([
    putAccountSnapshot(snapshot('2026-01-31', 'instagram', 1400)),
    putAccountSnapshot(snapshot('2026-02-01', 'instagram', 1410)),
    putAccountSnapshot(snapshot('2026-02-02', 'instagram', 1420)),
    putAccountSnapshot(snapshot('2026-02-02', 'youtube', 300)),
    putAccountSnapshot(snapshot('2026-02-03', 'instagram', 1430)),
    putPostMetrics(postMetric(brand, 'a', '2026-02-02T09:15:00.000Z', { caption: 'Our rye recipe', saves: 3, shares: 1, reach: 500, views: 900 })),
    putPostMetrics(postMetric(brand, 'b', '2026-02-02T09:40:00.000Z', { caption: '#behindthescenes at 4 am', likes: 30, comments: 5 })),
    putPostMetrics(postMetric(brand, 'c', '2026-02-05T18:00:00.000Z', { caption: 'Sunny day' })),
    putPostMetrics(postMetric(brand, 'y', '2026-02-02T20:00:00.000Z', { platform: 'youtube', likes: 50, comments: 10, views: 4000, url: 'https://www.youtube.com/watch?v=y' })),
    // Outside the range asked for below.
    putPostMetrics(postMetric(brand, 'old', '2026-01-31T23:59:59.000Z')),
    putPostMetrics(postMetric(brand, 'late', '2026-02-04T00:00:00.000Z', { caption: 'recipe' })),
  ]);
}, 60_000);

describe('get-analytics', () => {
  it('sums the range: followers per day, posts per week, posts newest first, pillars from the content settings, best times', async () => {
    const { status, body } = await api('GET', `${path(owner, projectId)}?from=2026-02-01&to=2026-02-03`, { token: owner.token });
    expect(status).toBe(200);
    expect(body.from).toBe('2026-02-01');
    expect(body.to).toBe('2026-02-03');
    // No connection yet: no accounts and no last sync (the page says "Connect Instagram or YouTube").
    expect(body.accounts).toEqual([]);
    expect(body.last_synced_at).toBeUndefined();
    expect(body.followers).toEqual([
      { date: '2026-02-01', platform: 'instagram', followers: 1410 },
      { date: '2026-02-02', platform: 'instagram', followers: 1420 },
      { date: '2026-02-02', platform: 'youtube', followers: 300 },
      { date: '2026-02-03', platform: 'instagram', followers: 1430 },
    ]);
    expect(body.posts.map((p: { post_uid: string }) => p.post_uid)).toEqual(['y', 'b', 'a']);
    expect(body.posts.find((p: { post_uid: string }) => p.post_uid === 'a')).toEqual({
      post_uid: 'a', platform: 'instagram', url: 'https://www.instagram.com/p/a/', caption: 'Our rye recipe', published_at: '2026-02-02T09:15:00.000Z',
      pillar: 'Recipes', views: 900, reach: 500, likes: 10, comments: 2, saves: 3, shares: 1, engagement: 16,
    });
    expect(body.posts_per_week).toEqual([
      { week: '2026-01-26', platform: 'instagram', posts: 0 },
      { week: '2026-01-26', platform: 'youtube', posts: 0 },
      { week: '2026-02-02', platform: 'instagram', posts: 2 },
      { week: '2026-02-02', platform: 'youtube', posts: 1 },
    ]);
    expect(body.pillars).toEqual([
      { pillar: 'Behind the scenes', posts: 1, views: 0, reach: 0, engagement: 35, average_engagement: 35 },
      { pillar: 'Recipes', posts: 1, views: 900, reach: 500, engagement: 16, average_engagement: 16 },
      { pillar: '', posts: 1, views: 4000, reach: 0, engagement: 60, average_engagement: 60 },
    ]);
    expect(body.best_times).toEqual([
      { weekday: 0, hour: 9, posts: 2, average_engagement: 25.5 },
      { weekday: 0, hour: 20, posts: 1, average_engagement: 60 },
    ]);
  });

  it('keeps one platform when asked', async () => {
    const { body } = await api('GET', `${path(owner, projectId)}?from=2026-02-01&to=2026-02-10&platform=youtube`, { token: owner.token });
    expect(body.posts.map((p: { post_uid: string }) => p.post_uid)).toEqual(['y']);
    expect(body.followers).toEqual([{ date: '2026-02-02', platform: 'youtube', followers: 300 }]);
    expect(new Set(body.posts_per_week.map((w: { platform: string }) => w.platform))).toEqual(new Set(['youtube']));
  });

  it('defaults to the last 90 days ending today (UTC)', async () => {
    const { body } = await api('GET', path(owner, projectId), { token: owner.token });
    const today = new Date().toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect((Date.parse(body.to) - Date.parse(body.from)) / 86_400_000).toBe(89);
  });

  it('refuses a bad range with a 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2020-01-01&to=2026-01-01', 'to'],
      ['to=soon', 'to'],
      ['platform=tiktok', 'platform'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await api('GET', `${path(owner, projectId)}?${query}`, { token: owner.token });
      expect(status, query).toBe(400);
      expect(JSON.stringify(body), query).toContain(field);
    }
  });

  it("refuses another workspace's caller, and a brand that is not the workspace's", async () => {
    expect((await api('GET', path(owner, projectId), { token: other.token })).status).toBe(403);
    const foreign = await newBrand(other);
    const answer = await api('GET', path(owner, foreign), { token: owner.token });
    expect([403, 404]).toContain(answer.status);
  });

  it("a deleted workspace takes its brands' snapshots and metrics with it", async () => {
    const second = await api('POST', '/workspaces', { token: other.token, body: { name: 'Analytics to delete' } });
    const doomed = { token: other.token, workspaceId: second.body.workspaces.uid as string };
    const brand = { workspaceId: doomed.workspaceId, projectId: await newBrand(doomed) };
    const { putAccountSnapshot, putPostMetrics, listAccountSnapshots, listPostMetrics } = await import('#data/analytics');
    await putAccountSnapshot({ ...brand, day: '2026-02-02', platform: 'instagram', externalId: 'ig', username: 'gone', followers: 5, takenAt: '2026-02-02T06:00:00.000Z' });
    await putPostMetrics(postMetric(brand, 'gone', '2026-02-02T10:00:00.000Z'));
    expect(await listPostMetrics(brand, '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', 10)).toHaveLength(1);
    expect((await api('DELETE', `/workspaces/${doomed.workspaceId}`, { token: other.token })).status).toBe(204);
    expect(await listAccountSnapshots(brand, '2026-01-01', '2026-03-01')).toEqual([]);
    expect(await listPostMetrics(brand, '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', 10)).toEqual([]);
  });
});
