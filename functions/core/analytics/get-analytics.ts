import { ANALYTICS_LIMITS, type Analytics, type AnalyticsPlatform, type AnalyticsQuery } from '#shared/schemas/analytics';
import { DomainError, ValidationError } from '#lib/errors';
import type { AccountSnapshotItem, PostMetricsItem } from '#data/analytics';
import type { BrandKey } from '#data/posts';
import type { Clock } from '../clock';
import { aggregateAnalytics } from './aggregate';
import { pillarMatcher, type Pillar } from './pillars';

const DAY_MS = 86_400_000;
/** Metrics read for one answer at most (the sums cover them; the list shows ANALYTICS_LIMITS.posts). */
const METRICS_CAP = 20_000;

export type AnalyticsDeps = {
  clock: Clock;
  brandExists: (brand: BrandKey) => Promise<boolean>;
  /** The brand's social connections that have an account, and when each last synced. */
  accountsOf: (brand: BrandKey) => Promise<{ platform: AnalyticsPlatform; username: string; followers: number; lastSyncAt?: string }[]>;
  /** The brand's content pillars (content settings, then the Instagram account record's). */
  pillarsOf: (brand: BrandKey) => Promise<Pillar[]>;
  listAccountSnapshots: (brand: BrandKey, from: string, to: string) => Promise<AccountSnapshotItem[]>;
  listPostMetrics: (brand: BrandKey, fromIso: string, beforeIso: string, cap: number) => Promise<PostMetricsItem[]>;
  signThumbnail: (key: string) => Promise<string>;
};

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (field: string, day: string) => {
  const time = Date.parse(`${day}T00:00:00.000Z`);
  // 2026-02-31 parses (it rolls over): a day must read back as itself.
  if (!Number.isFinite(time) || dayOf(time) !== day) throw new ValidationError(field, `${field} must be a real date (YYYY-MM-DD)`);
  return time;
};

/** The range asked for: `to` defaults to today (UTC), `from` to `defaultDays` ending on `to`; at most `maxDays` long. */
export const analyticsRange = (query: AnalyticsQuery, now: Date): { from: string; to: string } => {
  const to = query.to ?? dayOf(now.getTime());
  const toTime = timeOf('to', to);
  const from = query.from ?? dayOf(toTime - (ANALYTICS_LIMITS.defaultDays - 1) * DAY_MS);
  const fromTime = timeOf('from', from);
  const field = query.to ? 'to' : 'from';
  if (fromTime > toTime) throw new ValidationError(field, 'to must not be before from');
  if ((toTime - fromTime) / DAY_MS + 1 > ANALYTICS_LIMITS.maxDays) throw new ValidationError(field, `the range must be at most ${ANALYTICS_LIMITS.maxDays} days`);
  return { from, to };
};

/** The brand's analytics in a range (get-analytics). Before the first sync: the range and empty lists. */
export const getAnalytics = async (deps: AnalyticsDeps, brand: BrandKey, query: AnalyticsQuery): Promise<Analytics> => {
  const { from, to } = analyticsRange(query, deps.clock());
  if (!(await deps.brandExists(brand))) throw new DomainError('project_not_found');
  const before = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS).toISOString();
  const [connected, pillars, snapshots, metrics] = await Promise.all([
    deps.accountsOf(brand),
    deps.pillarsOf(brand),
    deps.listAccountSnapshots(brand, from, to),
    deps.listPostMetrics(brand, `${from}T00:00:00.000Z`, before, METRICS_CAP),
  ]);
  // The connected accounts, even before their first sync (the page tells 'not synced yet' from 'nothing connected').
  const accounts = connected.map(({ platform, username, followers }) => ({ platform, username, followers }));
  const synced = connected
    .filter((account) => !query.platform || account.platform === query.platform)
    .map((account) => account.lastSyncAt)
    .filter((at): at is string => Boolean(at))
    .sort();
  return aggregateAnalytics({
    from,
    to,
    ...(query.platform ? { platform: query.platform } : {}),
    accounts,
    ...(synced.length ? { lastSyncedAt: synced[synced.length - 1] } : {}),
    snapshots,
    metrics,
    pillarOf: pillarMatcher(pillars),
    signThumbnail: deps.signThumbnail,
  });
};
