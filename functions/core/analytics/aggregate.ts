import type { Analytics, AnalyticsPlatform, AnalyticsPost } from '#shared/schemas/analytics';
import { ANALYTICS_LIMITS } from '#shared/schemas/analytics';
import type { AccountSnapshotItem, PostMetricsItem } from '#data/analytics';

/**
 * The analytics answer from what the sync stored: pure, so the sums, weeks and best times are unit-tested on their
 * own. Days, weeks and hours are UTC; a week starts on Monday; weekday 0 is Monday.
 */

const DAY_MS = 86_400_000;

/** likes + comments + saves + shares (absent counts as 0). */
export const engagementOf = (metrics: Pick<PostMetricsItem, 'likes' | 'comments' | 'saves' | 'shares'>): number =>
  (metrics.likes ?? 0) + (metrics.comments ?? 0) + (metrics.saves ?? 0) + (metrics.shares ?? 0);

/** 0 = Monday … 6 = Sunday, UTC. */
export const weekdayOf = (iso: string): number => (new Date(iso).getUTCDay() + 6) % 7;

/** The Monday (YYYY-MM-DD) of the UTC week a time or day falls in. */
export const weekOf = (isoOrDay: string): string => {
  const time = Date.parse(isoOrDay.length === 10 ? `${isoOrDay}T00:00:00.000Z` : isoOrDay);
  const day = Math.floor(time / DAY_MS) * DAY_MS;
  return new Date(day - weekdayOf(new Date(day).toISOString()) * DAY_MS).toISOString().slice(0, 10);
};

/** Every Monday from the week of `from` to the week of `to`. */
export const weeksBetween = (from: string, to: string): string[] => {
  const weeks: string[] = [];
  for (let time = Date.parse(`${weekOf(from)}T00:00:00.000Z`); time <= Date.parse(`${to}T00:00:00.000Z`); time += 7 * DAY_MS) {
    weeks.push(new Date(time).toISOString().slice(0, 10));
  }
  return weeks;
};

/** Two decimals at most, so averages read cleanly and compare exactly in tests. */
const round = (value: number) => Math.round(value * 100) / 100;

export type AggregateInput = {
  from: string;
  to: string;
  platform?: AnalyticsPlatform;
  /** The brand's connected accounts (their connections' account records). */
  accounts: { platform: AnalyticsPlatform; username: string; followers: number }[];
  lastSyncedAt?: string;
  snapshots: readonly AccountSnapshotItem[];
  /** Newest first. */
  metrics: readonly PostMetricsItem[];
  pillarOf: (caption: string | undefined) => string | undefined;
  /** A signed link to a thumbnail copy. */
  signThumbnail: (key: string) => Promise<string>;
};

export const aggregateAnalytics = async (input: AggregateInput): Promise<Analytics> => {
  const keep = (platform: AnalyticsPlatform) => !input.platform || platform === input.platform;
  const snapshots = input.snapshots.filter((s) => keep(s.platform)).sort((a, b) => a.day.localeCompare(b.day) || a.platform.localeCompare(b.platform));
  const metrics = input.metrics.filter((m) => keep(m.platform)).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.postId.localeCompare(a.postId));
  const accounts = input.accounts.filter((a) => keep(a.platform));

  const platforms = new Set<AnalyticsPlatform>([...accounts.map((a) => a.platform), ...snapshots.map((s) => s.platform), ...metrics.map((m) => m.platform)]);
  const ordered = [...platforms].sort();

  const perWeek = new Map<string, number>();
  for (const item of metrics) {
    const key = `${weekOf(item.publishedAt)}|${item.platform}`;
    perWeek.set(key, (perWeek.get(key) ?? 0) + 1);
  }
  const weeks = ordered.length ? weeksBetween(input.from, input.to) : [];
  const postsPerWeek = weeks.flatMap((week) => ordered.map((platform) => ({ week, platform, posts: perWeek.get(`${week}|${platform}`) ?? 0 })));

  const pillars = new Map<string, { posts: number; views: number; reach: number; engagement: number }>();
  const times = new Map<string, { weekday: number; hour: number; posts: number; engagement: number }>();
  const rows: { item: PostMetricsItem; pillar?: string; engagement: number }[] = [];
  for (const item of metrics) {
    const engagement = engagementOf(item);
    const pillar = input.pillarOf(item.caption);
    rows.push({ item, engagement, ...(pillar ? { pillar } : {}) });
    const sum = pillars.get(pillar ?? '') ?? { posts: 0, views: 0, reach: 0, engagement: 0 };
    sum.posts++;
    sum.views += item.views ?? 0;
    sum.reach += item.reach ?? 0;
    sum.engagement += engagement;
    pillars.set(pillar ?? '', sum);
    const weekday = weekdayOf(item.publishedAt);
    const hour = new Date(item.publishedAt).getUTCHours();
    const cell = times.get(`${weekday}|${hour}`) ?? { weekday, hour, posts: 0, engagement: 0 };
    cell.posts++;
    cell.engagement += engagement;
    times.set(`${weekday}|${hour}`, cell);
  }

  const posts: AnalyticsPost[] = await Promise.all(
    rows.slice(0, ANALYTICS_LIMITS.posts).map(async ({ item, pillar, engagement }) => ({
      post_uid: item.postId,
      platform: item.platform,
      url: item.url,
      ...(item.caption ? { caption: item.caption } : {}),
      ...(item.thumbnailKey ? { thumbnail_url: await input.signThumbnail(item.thumbnailKey) } : {}),
      published_at: item.publishedAt,
      ...(pillar ? { pillar } : {}),
      ...(item.views !== undefined ? { views: item.views } : {}),
      ...(item.reach !== undefined ? { reach: item.reach } : {}),
      likes: item.likes ?? 0,
      comments: item.comments ?? 0,
      ...(item.saves !== undefined ? { saves: item.saves } : {}),
      ...(item.shares !== undefined ? { shares: item.shares } : {}),
      engagement,
    })),
  );

  return {
    from: input.from,
    to: input.to,
    ...(input.lastSyncedAt ? { last_synced_at: input.lastSyncedAt } : {}),
    accounts: accounts.sort((a, b) => a.platform.localeCompare(b.platform)),
    followers: snapshots.map((s) => ({ date: s.day, platform: s.platform, followers: s.followers })),
    posts_per_week: postsPerWeek,
    posts,
    // Most engaging first; the posts without a pillar last.
    pillars: [...pillars.entries()]
      .map(([pillar, sum]) => ({ pillar, ...sum, average_engagement: round(sum.engagement / sum.posts) }))
      .sort((a, b) => Number(a.pillar === '') - Number(b.pillar === '') || b.engagement - a.engagement || a.pillar.localeCompare(b.pillar)),
    best_times: [...times.values()]
      .map((cell) => ({ weekday: cell.weekday, hour: cell.hour, posts: cell.posts, average_engagement: round(cell.engagement / cell.posts) }))
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
};
