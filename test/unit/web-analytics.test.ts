import { describe, expect, it } from 'vitest';
import type { Analytics, AnalyticsPost } from '#shared/schemas/analytics';
import { rangeDays, rangeProblem, relativeStart } from '../../web/src/modules/analytics/analytics-filters';
import {
  bestTimeRows,
  emptyReason,
  everyNth,
  followerChange,
  followersRows,
  formatChange,
  followersSeries,
  hasNoData,
  mondayOf,
  pillarRows,
  postsPerWeekRows,
  sortPosts,
  topSlots,
  weeksOf,
} from '../../web/src/modules/analytics/analytics-model';

const empty: Analytics = { from: '2026-11-01', to: '2026-11-30', accounts: [], followers: [], posts_per_week: [], posts: [], pillars: [], best_times: [] };

const post = (uid: string, fields: Partial<AnalyticsPost>): AnalyticsPost => ({
  post_uid: uid,
  platform: 'instagram',
  url: `https://www.instagram.com/p/${uid}/`,
  published_at: '2026-11-10T10:00:00.000Z',
  likes: 0,
  comments: 0,
  engagement: 0,
  ...fields,
});

describe('analytics weeks', () => {
  it('keys a day by the Monday of its UTC week', () => {
    // 2026-11-24 is a Tuesday; 2026-11-30 a Monday; 2026-11-29 a Sunday.
    expect(mondayOf('2026-11-24')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
  });

  it('lists every week touching the range, so a week without posts is a bar of 0', () => {
    const data: Analytics = {
      ...empty,
      from: '2026-11-04',
      to: '2026-11-24',
      accounts: [{ platform: 'instagram', username: 'brand', followers: 10 }],
      posts_per_week: [{ week: '2026-11-16', platform: 'instagram', posts: 3 }],
    };
    expect(weeksOf(data.from, data.to)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
    expect(postsPerWeekRows(data).map((row) => [row.week, row.instagram, row.total])).toEqual([
      ['2026-11-02', 0, 0],
      ['2026-11-09', 0, 0],
      ['2026-11-16', 3, 3],
      ['2026-11-23', 0, 0],
    ]);
  });

  it('labels about as many weeks as the axis has room for', () => {
    expect(everyNth(105, 10)).toBe(11);
    expect(everyNth(8, 10)).toBe(1);
    expect(everyNth(0, 4)).toBe(1);
  });
});

describe('analytics followers', () => {
  const data: Analytics = {
    ...empty,
    accounts: [
      { platform: 'instagram', username: 'brand', followers: 120 },
      { platform: 'youtube', username: 'brand', followers: 40 },
    ],
    followers: [
      { date: '2026-11-02', platform: 'instagram', followers: 110 },
      { date: '2026-11-01', platform: 'instagram', followers: 100 },
      { date: '2026-11-02', platform: 'youtube', followers: 40 },
    ],
  };

  it('draws one line per platform, oldest day first, at UTC midnight', () => {
    const series = followersSeries(data);
    expect(series.map((s) => s.platform)).toEqual(['instagram', 'youtube']);
    expect(series[0]!.points.map((p) => [p.x.toISOString(), p.y])).toEqual([
      ['2026-11-01T00:00:00.000Z', 100],
      ['2026-11-02T00:00:00.000Z', 110],
    ]);
  });

  it('says how many followers each account gained over the range, not with a single day', () => {
    expect(followerChange(data, 'instagram')).toBe(10);
    expect(followerChange(data, 'youtube')).toBeUndefined();
    expect([formatChange(1234), formatChange(-56), formatChange(0)]).toEqual(['+1,234', '−56', '0']);
  });

  it('tables a row per day, newest first, with no figure where a platform has no snapshot', () => {
    expect(followersRows(data)).toEqual([
      { date: '2026-11-02', instagram: 110, youtube: 40 },
      { date: '2026-11-01', instagram: 100 },
    ]);
  });

  it('says what is missing before the first sync: an account, or the sync itself; nothing once there is history', () => {
    expect(emptyReason(empty)).toBe('not_connected');
    expect(emptyReason({ ...empty, accounts: data.accounts })).toBe('not_synced');
    expect(emptyReason({ ...empty, last_synced_at: '2026-11-24T10:00:00.000Z', accounts: data.accounts })).toBeUndefined();
    // A disconnected account's history still shows.
    expect(emptyReason(data)).toBeUndefined();
  });

  it('counts a range with snapshots as data, and one with nothing synced as none', () => {
    expect(hasNoData(data)).toBe(false);
    expect(hasNoData({ ...empty, posts_per_week: [{ week: '2026-10-26', platform: 'instagram', posts: 0 }] })).toBe(true);
  });
});

describe('analytics pillars, times and posts', () => {
  it('puts the most engaging pillar first and posts without a pillar last', () => {
    const rows = pillarRows({
      ...empty,
      pillars: [
        { pillar: '', posts: 9, views: 0, reach: 0, engagement: 900, average_engagement: 100 },
        { pillar: 'Recipes', posts: 2, views: 10, reach: 5, engagement: 50, average_engagement: 25 },
        { pillar: 'Behind the scenes', posts: 3, views: 30, reach: 20, engagement: 300, average_engagement: 100 },
      ],
    });
    expect(rows.map((row) => row.pillar)).toEqual(['Behind the scenes', 'Recipes', '']);
  });

  it('names the best slots among those with at least two posts, falling back to any slot with posts', () => {
    const best_times = [
      { weekday: 0, hour: 9, posts: 1, average_engagement: 1000 },
      { weekday: 1, hour: 18, posts: 4, average_engagement: 300 },
      { weekday: 4, hour: 12, posts: 2, average_engagement: 500 },
      { weekday: 5, hour: 7, posts: 0, average_engagement: 0 },
    ];
    expect(topSlots({ ...empty, best_times }).map((s) => [s.weekday, s.hour])).toEqual([
      [4, 12],
      [1, 18],
    ]);
    expect(topSlots({ ...empty, best_times: [best_times[0]!] }).map((s) => s.hour)).toEqual([9]);
    expect(bestTimeRows({ ...empty, best_times }).map((s) => s.hour)).toEqual([9, 12, 18]);
  });

  it('sorts posts by a figure either way, a post without that figure last both times', () => {
    const posts = [post('a', { views: 10, engagement: 5 }), post('b', { engagement: 50 }), post('c', { views: 30, engagement: 1 })];
    expect(sortPosts(posts, 'views', true).map((p) => p.post_uid)).toEqual(['c', 'a', 'b']);
    expect(sortPosts(posts, 'views', false).map((p) => p.post_uid)).toEqual(['a', 'c', 'b']);
    expect(sortPosts(posts, 'engagement', true).map((p) => p.post_uid)).toEqual(['b', 'a', 'c']);
  });
});

describe('analytics date range', () => {
  it('counts both ends of a range ending today', () => {
    expect(relativeStart('2026-11-24', 30, 'day')).toBe('2026-10-26');
    expect(relativeStart('2026-11-24', 1, 'week')).toBe('2026-11-18');
    expect(relativeStart('2026-11-24', 6, 'month')).toBe('2026-05-25');
    expect(relativeStart('2026-11-24', 2, 'year')).toBe('2024-11-25');
    expect(rangeDays({ type: 'relative', amount: 90, unit: 'day' }, '2026-11-24')).toEqual({ from: '2026-08-27', to: '2026-11-24' });
  });

  it('refuses a range the wrong way round, longer than the server answers, or unfinished', () => {
    expect(rangeProblem({ type: 'absolute', startDate: '2026-11-20', endDate: '2026-11-01' }, '2026-11-24')).toBe('order');
    expect(rangeProblem({ type: 'absolute', startDate: '2020-01-01', endDate: '2026-11-01' }, '2026-11-24')).toBe('long');
    expect(rangeProblem({ type: 'relative', amount: 2, unit: 'year' }, '2026-11-24')).toBeUndefined();
    expect(rangeProblem({ type: 'relative', amount: 5, unit: 'hour' }, '2026-11-24')).toBe('missing');
    expect(rangeProblem({ type: 'absolute', startDate: '', endDate: '' }, '2026-11-24')).toBe('missing');
    expect(rangeProblem(null)).toBe('missing');
  });
});
