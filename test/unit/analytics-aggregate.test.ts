import { describe, expect, it } from 'vitest';
import { aggregateAnalytics, engagementOf, weekOf, weekdayOf, weeksBetween, type AggregateInput } from '#core/analytics/aggregate';
import { analyticsRange } from '#core/analytics/get-analytics';
import { pillarMatcher, stem } from '#core/analytics/pillars';
import type { PostMetricsItem } from '#data/analytics';
import { ValidationError } from '#lib/errors';
import { postMetric } from '../support/post-metrics';

const brand = { workspaceId: 'W', projectId: 'P' };
const metric = (postId: string, publishedAt: string, extra: Partial<PostMetricsItem> = {}) => postMetric(brand, postId, publishedAt, extra);
const input = (over: Partial<AggregateInput> = {}): AggregateInput => ({
  from: '2026-02-02',
  to: '2026-02-15',
  accounts: [],
  snapshots: [],
  metrics: [],
  pillarOf: () => undefined,
  signThumbnail: async (key) => `https://signed.example/${key}`,
  ...over,
});

describe('analytics weeks and times (UTC, Monday first)', () => {
  it('puts a time in the week of its Monday, Sunday late included', () => {
    expect(weekOf('2026-02-02T00:00:00.000Z')).toBe('2026-02-02'); // a Monday
    expect(weekOf('2026-02-08T23:59:59.000Z')).toBe('2026-02-02'); // Sunday night
    expect(weekOf('2026-02-09T00:00:00.000Z')).toBe('2026-02-09');
    expect(weekOf('2026-02-05')).toBe('2026-02-02');
    expect(weekOf('2026-01-01T12:00:00.000Z')).toBe('2025-12-29'); // across a year
  });

  it('numbers weekdays from Monday = 0 to Sunday = 6', () => {
    expect(weekdayOf('2026-02-02T10:00:00.000Z')).toBe(0);
    expect(weekdayOf('2026-02-08T10:00:00.000Z')).toBe(6);
  });

  it('lists every Monday from the week of from to the week of to', () => {
    expect(weeksBetween('2026-02-04', '2026-02-16')).toEqual(['2026-02-02', '2026-02-09', '2026-02-16']);
  });

  it('engagement is likes + comments + saves + shares, absent as 0', () => {
    expect(engagementOf({ likes: 5, comments: 2, saves: 3, shares: 1 })).toBe(11);
    expect(engagementOf({ likes: 5 } as never)).toBe(5);
  });
});

describe('aggregateAnalytics', () => {
  it('answers empty lists before the first sync', async () => {
    expect(await aggregateAnalytics(input())).toEqual({ from: '2026-02-02', to: '2026-02-15', accounts: [], followers: [], posts_per_week: [], posts: [], pillars: [], best_times: [] });
  });

  it('sums posts per week (zero weeks too), pillars and best times; posts newest first with their engagement', async () => {
    const metrics = [
      metric('a', '2026-02-03T09:15:00.000Z', { likes: 10, comments: 2, saves: 4, shares: 0, views: 100, reach: 80, caption: 'Recipe: sourdough', thumbnailKey: 'k/a.jpg' }),
      metric('b', '2026-02-03T09:45:00.000Z', { likes: 20, comments: 0, views: 50, caption: 'Behind the scenes' }),
      metric('c', '2026-02-05T18:00:00.000Z', { likes: 1, comments: 1, caption: 'Another recipe' }),
      metric('y', '2026-02-10T18:00:00.000Z', { platform: 'youtube', likes: 7, comments: 3, views: 900 }),
    ];
    const pillarOf = (caption?: string) => (caption?.toLowerCase().includes('recipe') ? 'Recipes' : caption?.includes('scenes') ? 'Behind the scenes' : undefined);
    const answer = await aggregateAnalytics(
      input({
        metrics,
        pillarOf,
        lastSyncedAt: '2026-02-15T06:00:00.000Z',
        accounts: [{ platform: 'youtube', username: 'chan', followers: 12 }, { platform: 'instagram', username: 'bakery', followers: 1500 }],
        snapshots: [
          { ...brand, day: '2026-02-03', platform: 'instagram', externalId: 'ig', username: 'bakery', followers: 1490, takenAt: '2026-02-03T06:00:00.000Z' },
          { ...brand, day: '2026-02-02', platform: 'instagram', externalId: 'ig', username: 'bakery', followers: 1480, takenAt: '2026-02-02T06:00:00.000Z' },
        ],
      }),
    );
    expect(answer.last_synced_at).toBe('2026-02-15T06:00:00.000Z');
    expect(answer.accounts.map((a) => a.platform)).toEqual(['instagram', 'youtube']);
    expect(answer.followers).toEqual([
      { date: '2026-02-02', platform: 'instagram', followers: 1480 },
      { date: '2026-02-03', platform: 'instagram', followers: 1490 },
    ]);
    expect(answer.posts_per_week).toEqual([
      { week: '2026-02-02', platform: 'instagram', posts: 3 },
      { week: '2026-02-02', platform: 'youtube', posts: 0 },
      { week: '2026-02-09', platform: 'instagram', posts: 0 },
      { week: '2026-02-09', platform: 'youtube', posts: 1 },
    ]);
    expect(answer.posts.map((p) => p.post_uid)).toEqual(['y', 'c', 'b', 'a']);
    expect(answer.posts[3]).toEqual({
      post_uid: 'a', platform: 'instagram', url: 'https://www.instagram.com/p/a/', caption: 'Recipe: sourdough', thumbnail_url: 'https://signed.example/k/a.jpg',
      published_at: '2026-02-03T09:15:00.000Z', pillar: 'Recipes', views: 100, reach: 80, likes: 10, comments: 2, saves: 4, shares: 0, engagement: 16,
    });
    expect(answer.pillars).toEqual([
      { pillar: 'Behind the scenes', posts: 1, views: 50, reach: 0, engagement: 20, average_engagement: 20 },
      { pillar: 'Recipes', posts: 2, views: 100, reach: 80, engagement: 18, average_engagement: 9 },
      { pillar: '', posts: 1, views: 900, reach: 0, engagement: 10, average_engagement: 10 },
    ]);
    // Tuesday 09:xx twice (16 and 20 → 18), Thursday 18:00, Tuesday 18:00 (YouTube).
    expect(answer.best_times).toEqual([
      { weekday: 1, hour: 9, posts: 2, average_engagement: 18 },
      { weekday: 1, hour: 18, posts: 1, average_engagement: 10 },
      { weekday: 3, hour: 18, posts: 1, average_engagement: 2 },
    ]);
  });

  it('keeps one platform when asked', async () => {
    const answer = await aggregateAnalytics(
      input({ platform: 'youtube', metrics: [metric('a', '2026-02-03T09:15:00.000Z'), metric('y', '2026-02-10T18:00:00.000Z', { platform: 'youtube' })], accounts: [{ platform: 'instagram', username: 'b', followers: 1 }] }),
    );
    expect(answer.posts.map((p) => p.post_uid)).toEqual(['y']);
    expect(answer.accounts).toEqual([]);
    expect(new Set(answer.posts_per_week.map((w) => w.platform))).toEqual(new Set(['youtube']));
  });

  it('lists at most 500 posts but sums them all', async () => {
    const metrics = Array.from({ length: 620 }, (_, i) => metric(`p${String(i).padStart(4, '0')}`, new Date(Date.parse('2026-02-03T00:00:00.000Z') + i * 60_000).toISOString()));
    const answer = await aggregateAnalytics(input({ metrics }));
    expect(answer.posts).toHaveLength(500);
    expect(answer.posts[0]!.post_uid).toBe('p0619');
    expect(answer.pillars).toEqual([{ pillar: '', posts: 620, views: 0, reach: 0, engagement: 620 * 12, average_engagement: 12 }]);
  });
});

describe('analyticsRange', () => {
  const now = new Date('2026-11-24T10:00:00.000Z');
  it('defaults to the last 90 days ending today (UTC)', () => {
    expect(analyticsRange({}, now)).toEqual({ from: '2026-08-27', to: '2026-11-24' });
    expect(analyticsRange({ to: '2026-03-31' }, now)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });
  it('refuses a day that does not exist, to before from, and a range over the cap, naming the field', () => {
    const field = (query: Parameters<typeof analyticsRange>[0]) => {
      try {
        analyticsRange(query, now);
        return undefined;
      } catch (error) {
        return (error as ValidationError).field;
      }
    };
    expect(field({ from: '2026-02-31' })).toBe('from');
    expect(field({ from: '2026-03-02', to: '2026-03-01' })).toBe('to');
    expect(field({ from: '2026-12-01' })).toBe('from');
    expect(field({ from: '2020-01-01', to: '2026-01-01' })).toBe('to');
    expect(field({ from: '2024-10-01', to: '2026-11-24' })).toBeUndefined();
  });
});

describe('pillarMatcher', () => {
  const pillars = [
    { name: 'Behind the scenes', description: 'The bakery at 4 am, our team and ovens' },
    { name: 'Recipes', description: 'Home baking tips and step by step guides' },
    { name: 'Product launches', description: 'New breads, seasonal specials' },
  ];
  const match = pillarMatcher(pillars);

  it('matches a word of the name, plural or not, any case and accents', () => {
    expect(match('Our favourite RECIPE for rye')).toBe('Recipes');
    expect(match('Two new product launches this week')).toBe('Product launches');
    expect(match('Récipes from grandma')).toBe('Recipes');
  });

  it('matches the name as a hashtag run together, or as a phrase', () => {
    expect(match('4 am and the dough is ready #behindthescenes')).toBe('Behind the scenes');
    expect(match('A look behind the scenes today')).toBe('Behind the scenes');
  });

  it('needs more than one word of a description alone', () => {
    expect(match('Look at those ovens')).toBeUndefined();
    expect(match('Our team, the ovens, at 4 am in the bakery')).toBe('Behind the scenes');
  });

  it('answers the stronger match, ties to the earlier pillar, nothing for no pillars or no caption', () => {
    expect(match('Recipe for the product we launch: new product!')).toBe('Product launches');
    expect(match('recipe product')).toBe('Recipes');
    expect(match(undefined)).toBeUndefined();
    expect(match('Sunny day')).toBeUndefined();
    expect(pillarMatcher([])('Recipes')).toBeUndefined();
  });

  it('stems plain plurals', () => {
    expect([stem('recipes'), stem('stories'), stem('boxes'), stem('glass'), stem('bus')]).toEqual(['recipe', 'story', 'box', 'glass', 'bus']);
  });
});
