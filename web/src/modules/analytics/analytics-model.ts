import { ANALYTICS_LIMITS, ANALYTICS_PLATFORMS, type Analytics, type AnalyticsPlatform, type AnalyticsPost } from '#shared/schemas/analytics';

/**
 * The analytics answer turned into what the charts and their tables draw. Pure: the page and the unit tests share it.
 * Days are 'YYYY-MM-DD' in UTC, as the server counts them; shown in UTC too, so a day never slips to its neighbour.
 */

const DAY_MS = 86_400_000;

/** A 'YYYY-MM-DD' day as the instant of its UTC midnight. */
export const dayToDate = (day: string) => new Date(`${day}T00:00:00Z`);
/** The UTC day of an instant. */
export const dateToDay = (date: Date) => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dateToDay(new Date(dayToDate(day).getTime() + days * DAY_MS));
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) => Math.round((dayToDate(to).getTime() - dayToDate(from).getTime()) / DAY_MS) + 1;

/** The Monday of the UTC week `day` falls in (the server's posts_per_week key). */
export const mondayOf = (day: string) => {
  const weekday = (dayToDate(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
};

/** Every Monday whose week touches [from, to]: weeks without posts are bars of 0, not missing. */
export const weeksOf = (from: string, to: string): string[] => {
  const weeks: string[] = [];
  for (let week = mondayOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
};

const shortDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

export const formatDay = (day: string | Date) => longDay.format(typeof day === 'string' ? dayToDate(day) : day);
export const formatShortDay = (day: string | Date) => shortDay.format(typeof day === 'string' ? dayToDate(day) : day);
/** Axis ticks over a long range read as months. */
export const formatMonth = (date: Date) => monthYear.format(date);
export const formatCount = (value: number) => whole.format(value);
export const formatAverage = (value: number) => oneDecimal.format(value);
export const formatCompact = (value: number) => compact.format(value);

/** The platforms the answer has data or an account for, in the schema's order. */
export const platformsIn = (data: Analytics): AnalyticsPlatform[] => {
  const seen = new Set<AnalyticsPlatform>([
    ...data.accounts.map((a) => a.platform),
    ...data.followers.map((f) => f.platform),
    ...data.posts_per_week.map((w) => w.platform),
  ]);
  return ANALYTICS_PLATFORMS.filter((platform) => seen.has(platform));
};

/** Nothing synced at all in this range: no snapshot, no post. */
export const hasNoData = (data: Analytics) => data.followers.length === 0 && data.posts_per_week.every((w) => w.posts === 0) && data.posts.length === 0;

/**
 * Why there is nothing to show yet, or undefined once there is: a sync has run, or an account no longer connected
 * left its history in the range.
 */
export const emptyReason = (data: Analytics): 'not_connected' | 'not_synced' | undefined =>
  data.last_synced_at || !hasNoData(data) ? undefined : data.accounts.length === 0 ? 'not_connected' : 'not_synced';

export type Point = { x: Date; y: number };

/** Followers per day, one line per platform, oldest first. */
export const followersSeries = (data: Analytics): { platform: AnalyticsPlatform; points: Point[] }[] =>
  platformsIn(data)
    .map((platform) => ({
      platform,
      points: data.followers
        .filter((f) => f.platform === platform)
        .sort((a, b) => a.date.localeCompare(b.date))
        .map((f) => ({ x: dayToDate(f.date), y: f.followers })),
    }))
    .filter((series) => series.points.length > 0);

/** Each platform's follower change over the range (last snapshot minus first); none with fewer than two days. */
export const followerChange = (data: Analytics, platform: AnalyticsPlatform): number | undefined => {
  const days = data.followers.filter((f) => f.platform === platform).sort((a, b) => a.date.localeCompare(b.date));
  return days.length < 2 ? undefined : days[days.length - 1]!.followers - days[0]!.followers;
};

/** A change with its sign ('+1,234', '−56', '0'). */
export const formatChange = (value: number) => (value > 0 ? `+${formatCount(value)}` : value < 0 ? `−${formatCount(-value)}` : '0');

/** The followers table: one row per day (newest first), a column per platform (undefined: no snapshot that day). */
export const followersRows = (data: Analytics) => {
  const byDay = new Map<string, Partial<Record<AnalyticsPlatform, number>>>();
  for (const f of data.followers) byDay.set(f.date, { ...byDay.get(f.date), [f.platform]: f.followers });
  return [...byDay]
    .sort((a, b) => b[0].localeCompare(a[0]))
    .map(([date, counts]) => ({ date, ...counts }));
};

/** Posts per week: every week of the range (Monday keys), a count per platform. */
export const postsPerWeekRows = (data: Analytics) => {
  const counts = new Map<string, Partial<Record<AnalyticsPlatform, number>>>();
  for (const w of data.posts_per_week) {
    const row = counts.get(w.week) ?? {};
    row[w.platform] = (row[w.platform] ?? 0) + w.posts;
    counts.set(w.week, row);
  }
  const platforms = platformsIn(data);
  return weeksOf(data.from, data.to).map((week) => {
    const row = counts.get(week) ?? {};
    const perPlatform = Object.fromEntries(platforms.map((p) => [p, row[p] ?? 0])) as Partial<Record<AnalyticsPlatform, number>>;
    return { week, ...perPlatform, total: platforms.reduce((sum, p) => sum + (row[p] ?? 0), 0) };
  });
};

/**
 * Which category labels a crowded axis shows: about `room` of them, evenly spaced (the others print empty).
 * A two-year range has over a hundred weeks; every label would overlap.
 */
export const everyNth = (count: number, room: number) => Math.max(1, Math.ceil(count / Math.max(1, room)));

export const PILLAR_METRICS = ['engagement', 'average_engagement', 'reach', 'views'] as const;
export type PillarMetric = (typeof PILLAR_METRICS)[number];

/** The pillars, the most engaging first; posts matching no pillar ('') last. */
export const pillarRows = (data: Analytics) =>
  [...data.pillars].sort((a, b) => (a.pillar === '' ? 1 : 0) - (b.pillar === '' ? 1 : 0) || b.engagement - a.engagement || a.pillar.localeCompare(b.pillar));

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** The words' keys of the weekdays, 0 = Monday as the server counts. */
export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const weekdayKey = (weekday: number) => WEEKDAY_KEYS[((weekday % 7) + 7) % 7]!;
export const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export type TimeSlot = { weekday: number; hour: number; posts: number; average_engagement: number };

/** The weekday × hour grid (7 × 24, UTC) with the strongest slot's average for the colour scale. */
export const bestTimesGrid = (data: Analytics) => {
  const cells = new Map<string, TimeSlot>();
  for (const slot of data.best_times) cells.set(`${slot.weekday}:${slot.hour}`, slot);
  const max = Math.max(0, ...data.best_times.filter((s) => s.posts > 0).map((s) => s.average_engagement));
  return { cell: (weekday: number, hour: number) => cells.get(`${weekday}:${hour}`), max };
};

/**
 * The slots worth posting in: the highest average engagement among slots with at least `minPosts` posts (one lucky
 * post says little); falls back to any slot with posts when none has that many.
 */
export const topSlots = (data: Analytics, count = 3, minPosts = 2): TimeSlot[] => {
  const withPosts = data.best_times.filter((s) => s.posts > 0);
  const solid = withPosts.filter((s) => s.posts >= minPosts);
  return [...(solid.length > 0 ? solid : withPosts)]
    .sort((a, b) => b.average_engagement - a.average_engagement || b.posts - a.posts)
    .slice(0, count);
};

/** The slots of the best-times table: those with posts, the best first. */
export const bestTimeRows = (data: Analytics) =>
  data.best_times.filter((s) => s.posts > 0).sort((a, b) => b.average_engagement - a.average_engagement || a.weekday - b.weekday || a.hour - b.hour);

export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export type PostSortField = 'published_at' | 'views' | 'reach' | 'likes' | 'comments' | 'saves' | 'shares' | 'engagement';

/** Posts sorted by a field; a missing figure (a platform that does not report it) sorts last either way. */
export const sortPosts = (posts: readonly AnalyticsPost[], field: PostSortField, descending: boolean) =>
  [...posts].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return descending ? -order : order;
  });

/** The server lists at most this many posts; the sums and charts still cover all in range. */
export const POSTS_LISTED = ANALYTICS_LIMITS.posts;
