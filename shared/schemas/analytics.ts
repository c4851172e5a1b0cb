import * as z from 'zod/mini';
import { id, isoDate } from './common';
import { dayDate } from './task';

/**
 * Analytics of a brand's connected Instagram and YouTube accounts (issue 14): what the sync stored (daily account
 * snapshots, per-post metrics) summed for the analytics page. Days and hours are UTC.
 */

/** The platforms the sync reads (the social connection types). */
export const ANALYTICS_PLATFORMS = ['instagram', 'youtube'] as const;
export type AnalyticsPlatform = (typeof ANALYTICS_PLATFORMS)[number];

export const ANALYTICS_LIMITS = {
  /** Days shown when the query names no range (ending today). */
  defaultDays: 90,
  /** The longest range one answer covers (a little over two years of daily snapshots). */
  maxDays: 800,
  /** Posts listed in one answer (newest first); the sums cover every post in range. */
  posts: 500,
} as const;

export const analyticsParams = z.object({ workspaceId: id, projectId: id });

export const analyticsQuery = z.object({
  /** First day, inclusive (default: `defaultDays` before `to`). */
  from: z.optional(dayDate),
  /** Last day, inclusive (default: today, UTC). */
  to: z.optional(dayDate),
  /** One platform; absent: both. */
  platform: z.optional(z.enum(ANALYTICS_PLATFORMS)),
});
export type AnalyticsQuery = z.output<typeof analyticsQuery>;

const platform = z.enum(ANALYTICS_PLATFORMS);

export const analyticsAccount = z.object({ platform, username: z.string(), followers: z.number() });

export const analyticsFollowers = z.object({ date: dayDate, platform, followers: z.number() });

export const analyticsPostsPerWeek = z.object({
  /** The week's Monday. */
  week: dayDate,
  platform,
  posts: z.number(),
});

export const analyticsPost = z.object({
  post_uid: z.string(),
  platform,
  url: z.string(),
  caption: z.optional(z.string()),
  thumbnail_url: z.optional(z.string()),
  published_at: isoDate,
  /** The brand's content pillar the caption matches (absent: none). */
  pillar: z.optional(z.string()),
  views: z.optional(z.number()),
  reach: z.optional(z.number()),
  likes: z.number(),
  comments: z.number(),
  saves: z.optional(z.number()),
  shares: z.optional(z.number()),
  /** likes + comments + saves + shares */
  engagement: z.number(),
});
export type AnalyticsPost = z.infer<typeof analyticsPost>;

export const analyticsPillar = z.object({
  /** '' = posts that match no pillar. */
  pillar: z.string(),
  posts: z.number(),
  views: z.number(),
  reach: z.number(),
  engagement: z.number(),
  average_engagement: z.number(),
});

export const analyticsBestTime = z.object({
  /** 0 = Monday … 6 = Sunday (UTC). */
  weekday: z.number(),
  /** 0–23, UTC. */
  hour: z.number(),
  posts: z.number(),
  average_engagement: z.number(),
});

export const analytics = z.object({
  from: dayDate,
  to: dayDate,
  /** The latest sync of the brand's accounts (absent before the first). */
  last_synced_at: z.optional(isoDate),
  accounts: z.array(analyticsAccount),
  /** Daily snapshots in range. */
  followers: z.array(analyticsFollowers),
  posts_per_week: z.array(analyticsPostsPerWeek),
  /** In range, newest first, at most ANALYTICS_LIMITS.posts. */
  posts: z.array(analyticsPost),
  pillars: z.array(analyticsPillar),
  best_times: z.array(analyticsBestTime),
});
export type Analytics = z.infer<typeof analytics>;
