import type { AnalyticsPlatform } from '#shared/schemas/analytics';
import { newId } from '#lib/ids';
import { putAccountSnapshot, putPostMetrics, type PostMetricsItem } from '#data/analytics';
import { createConnection } from '#data/connections';
import { mulberry32 } from './random';

/**
 * A brand's synced history written straight through the data layer, as the social sync stores it: the Instagram
 * and YouTube connections (connected, last synced now, no tokens: nothing to sync again), a follower snapshot per
 * account per day, and posts' metrics spread over the days. For the analytics bench and journeys, which need years
 * of history a sync against the fakes cannot make. Deterministic for a given `seed`.
 */

export type AnalyticsHistory = {
  workspaceId: string;
  projectId: string;
  /** Who connected the accounts (a member's uid). */
  connectedBy: string;
  /** Days of snapshots, ending `now`'s day. */
  days: number;
  /** Posts over those days, about 70 % on Instagram. */
  posts: number;
  now?: Date;
  seed?: number;
  /** The connections' content pillars; captions mention them, so the pillar chart has bars. */
  pillars?: readonly string[];
};

const DAY_MS = 86_400_000;
const PARALLEL = 8;


/** Runs `work` over `items`, PARALLEL at a time. */
const inParallel = async <T>(items: readonly T[], work: (item: T) => Promise<unknown>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
};

const CAPTIONS: Readonly<Record<string, readonly string[]>> = {
  Recipes: ['Our sourdough recipe, step by step #recipes', 'Three-ingredient focaccia: the recipe everyone asked for', 'Weekend brunch recipe: cardamom buns'],
  'Behind the scenes': ['4 a.m. at the bakery: behind the scenes of the morning bake', 'Behind the scenes with our pastry team', 'How the ovens are fired: behind the scenes'],
  'Customer stories': ['Customer stories: Maria has come every Saturday since 2019', 'Your photos of our bread, a customer story', 'Customer stories from the market stall'],
  'Seasonal offers': ['Seasonal offers: pumpkin loaves are back this week', 'The winter seasonal offers start Monday', 'Spring seasonal offers: rhubarb tarts'],
};
const UNMATCHED = ['Good morning from the shop', 'Thank you for 10 years', 'Open on the holiday, 8 to 2'];

/** Hours people post at, and how much better each slot does (a pattern for the best-times grid to find). */
const SLOTS: readonly { weekday: number; hour: number; lift: number }[] = [
  { weekday: 1, hour: 18, lift: 1.8 },
  { weekday: 3, hour: 18, lift: 1.6 },
  { weekday: 5, hour: 9, lift: 1.5 },
  { weekday: 0, hour: 7, lift: 0.9 },
  { weekday: 2, hour: 12, lift: 1 },
  { weekday: 4, hour: 16, lift: 1.1 },
  { weekday: 6, hour: 11, lift: 1.2 },
];

const ACCOUNTS: Readonly<Record<AnalyticsPlatform, { username: string; start: number; end: number; url: string }>> = {
  instagram: { username: 'harborbakery', start: 8_200, end: 21_400, url: 'https://www.instagram.com/harborbakery' },
  youtube: { username: 'HarborBakeryTV', start: 1_150, end: 4_300, url: 'https://www.youtube.com/@HarborBakeryTV' },
};

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Writes the history; answers what it wrote. */
export const seedAnalyticsHistory = async (history: AnalyticsHistory) => {
  const { workspaceId, projectId, connectedBy, days, posts } = history;
  const now = history.now ?? new Date();
  const random = mulberry32(history.seed ?? 14);
  const pillars = history.pillars ?? Object.keys(CAPTIONS);
  const brand = { workspaceId, projectId };
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00.000Z`);
  const first = today - (days - 1) * DAY_MS;
  const nowIso = now.toISOString();

  // Follower counts: a steady climb with daily noise and a few jumps (a post that travelled).
  const followers = new Map<AnalyticsPlatform, number[]>();
  for (const platform of ['instagram', 'youtube'] as const) {
    const { start, end } = ACCOUNTS[platform];
    const counts: number[] = [];
    let bonus = 0;
    for (let day = 0; day < days; day++) {
      if (random() < 0.01) bonus += Math.round((end - start) * 0.03);
      const trend = start + ((end - start - bonus * 0.5) * day) / Math.max(1, days - 1);
      counts.push(Math.max(0, Math.round(trend + bonus * 0.5 + (random() - 0.5) * (end - start) * 0.004)));
    }
    followers.set(platform, counts);
  }

  for (const platform of ['instagram', 'youtube'] as const) {
    const account = ACCOUNTS[platform];
    const counts = followers.get(platform)!;
    await createConnection({
      ...brand,
      type: platform,
      state: 'connected',
      account: { external_id: `${platform}-${projectId}`, username: account.username, followers: counts[counts.length - 1]!, url: account.url },
      contentPillars: platform === 'instagram' ? [...pillars] : [],
      connectedBy,
      connectedAt: new Date(first).toISOString(),
      lastSyncAt: nowIso,
      lastSyncOutcome: 'ok',
      syncedMedia: 0,
      createdAt: new Date(first).toISOString(),
      updatedAt: nowIso,
    });
  }

  const snapshots = (['instagram', 'youtube'] as const).flatMap((platform) =>
    followers.get(platform)!.map((count, day) => ({ platform, day: dayOf(first + day * DAY_MS), count })),
  );
  await inParallel(snapshots, ({ platform, day, count }) =>
    putAccountSnapshot({
      ...brand,
      day,
      platform,
      externalId: `${platform}-${projectId}`,
      username: ACCOUNTS[platform].username,
      followers: count,
      takenAt: `${day}T06:00:00.000Z`,
    }),
  );

  const metrics: PostMetricsItem[] = Array.from({ length: posts }, (_, i) => {
    const platform: AnalyticsPlatform = random() < 0.7 ? 'instagram' : 'youtube';
    // Most posts in the usual slots, some anywhere; the day anywhere in the range.
    const slot = SLOTS[Math.floor(random() * SLOTS.length)]!;
    const usual = random() < 0.8;
    const dayIndex = Math.floor(random() * days);
    const base = first + dayIndex * DAY_MS;
    const weekday = (new Date(base).getUTCDay() + 6) % 7;
    const shift = usual ? (slot.weekday - weekday + 7) % 7 : 0;
    const hour = usual ? slot.hour : Math.floor(random() * 24);
    const published = Math.min(base + shift * DAY_MS + hour * 3_600_000 + Math.floor(random() * 3_600_000), now.getTime() - 3_600_000);
    const lift = usual ? slot.lift : 0.8;
    const pillar = random() < 0.85 ? pillars[Math.floor(random() * pillars.length)] : undefined;
    const captions = (pillar && CAPTIONS[pillar]) || UNMATCHED;
    const caption = `${captions[Math.floor(random() * captions.length)]!}${pillar && !CAPTIONS[pillar] ? ` — ${pillar}` : ''}`;
    // Later posts reach more people (the audience grew).
    const growth = 0.6 + (0.8 * dayIndex) / Math.max(1, days - 1);
    const views = Math.round((platform === 'youtube' ? 2_400 : 3_800) * growth * lift * (0.5 + random()));
    const likes = Math.round(views * (0.04 + random() * 0.03));
    const comments = Math.round(likes * (0.05 + random() * 0.05));
    const id = newId(9);
    return {
      ...brand,
      publishedAt: new Date(published).toISOString(),
      postId: newId(),
      platform,
      externalId: `${platform}-media-${i}`,
      url: platform === 'instagram' ? `https://www.instagram.com/p/${id}/` : `https://www.youtube.com/watch?v=${id}`,
      mediaType: platform === 'instagram' ? (random() < 0.4 ? 'reel' : 'image') : 'video',
      caption,
      views,
      ...(platform === 'instagram' ? { reach: Math.round(views * 0.7), saves: Math.round(likes * 0.12), shares: Math.round(likes * 0.05) } : {}),
      likes,
      comments,
      updatedAt: nowIso,
    };
  });
  await inParallel(metrics, putPostMetrics);
  return { snapshots: snapshots.length, posts: metrics.length, from: dayOf(first), to: dayOf(today) };
};
