import type { SocialSyncMessage } from '#shared/queues';
import type { PostFields, RawPostData } from '#shared/schemas/posts';
import type { SocialConnectionType, SyncOutcome } from '#shared/schemas/connections';
import type { Call, ProviderFailure, SocialClient, SocialMedia, SocialProfile } from '#lib/providers/social';
import type { AccountSnapshotItem, PostMetricsItem } from '#data/analytics';
import type { ConnectionChanges, ConnectionItem } from '#data/connections';
import type { BrandKey } from '#data/posts';
import type { Clock } from '../clock';
import type { ThumbnailImage } from '../posts/thumbnail';
import { accountOf, nextUpdatedAt } from '../connections/view';

/**
 * One sync of a brand's connected Instagram or YouTube account (the social-sync queue): the profile (the account on
 * the connection and today's snapshot), then the media newest first into the brand's posts, with their metrics.
 *
 * - A post is stored once per normalized URL (storePost with source 'sync'): a post the CSV import already holds is
 *   not added again, only measured. Metrics are a put per post, the snapshot a put per day: running twice adds nothing.
 * - Media are read until SYNC.maxMedia, or, after a sync that finished, until a post already held that was
 *   published before the look-back (older posts' metrics change little, and each costs provider calls).
 * - A 429 or a usage header at SYNC.usageStop percent stops the run: what was read is kept, the next sync is set after
 *   the provider's wait, the outcome is rate_limited. Unauthorized: withConnectionTokens marks the connection
 *   needs_reconnect. Any other failure is the outcome 'failed' with its text; none is thrown (a retry would spend the
 *   same budget), but the consumer's own errors (the table) throw and the queue redelivers.
 */
export const SYNC = {
  /** Media read in one run at most. */
  maxMedia: 200,
  pageSize: 25,
  /** Media of a page stored at once. */
  storeConcurrency: 5,
  /** Days back whose posts are read again on every sync for fresh metrics. */
  lookBackDays: 30,
  /** Share of the provider's rate budget (usage headers) at which a run stops. */
  usageStop: 80,
  /** The next scheduled sync after one that finished. */
  intervalMinutes: 6 * 60,
  /** The next one after a rate limit, at least (longer when the provider says so). */
  rateLimitedMinutes: 60,
  /** The next one after a failure. */
  failedMinutes: 60,
} as const;

const MINUTE = 60_000;
const DAY = 86_400_000;

export type SyncDeps<C extends ConnectionItem = ConnectionItem> = {
  clock: Clock;
  getConnection: (brand: BrandKey, type: SocialConnectionType) => Promise<C | undefined>;
  updateConnection: (item: C, changes: ConnectionChanges) => Promise<'done' | 'stale'>;
  /** Opens the sealed tokens (refreshing first when they expire soon); an unauthorized answer marks the connection. */
  withConnectionTokens: <T>(item: C, fn: (accessToken: string) => Promise<Call<T>>) => Promise<Call<T>>;
  clientFor: (type: SocialConnectionType, accessToken: string) => SocialClient;
  /** The post the brand holds under this URL (normalized), if any. */
  findPost: (brand: BrandKey, url: string) => Promise<{ postId: string; thumbnailKey?: string } | undefined>;
  /** storePost with source 'sync' (functions/core/posts/posts.ts). */
  storePost: (brand: BrandKey, fields: PostFields, raw: RawPostData, thumbnail?: ThumbnailImage) => Promise<{ postId: string; thumbnailKey?: string; duplicate: boolean }>;
  /** The image at a media's thumbnail address, through the guarded fetcher; undefined when it cannot be had. */
  fetchThumbnail: (url: string) => Promise<ThumbnailImage | undefined>;
  putAccountSnapshot: (item: AccountSnapshotItem) => Promise<void>;
  putPostMetrics: (item: PostMetricsItem) => Promise<void>;
  /** Copies the account's picture into the uploads bucket (at the connection's picture key); answers the key, or undefined when it cannot be had. */
  storePicture: (brand: BrandKey, type: SocialConnectionType, url: string) => Promise<string | undefined>;
  log?: (message: string, detail: Record<string, unknown>) => void;
};

export type SyncSummary = {
  outcome: SyncOutcome | 'skipped';
  /** Media read from the provider. */
  media: number;
  /** Of them, posts the brand did not hold before. */
  created: number;
  error?: string;
};

type RunState = { media: number; created: number; profile?: SocialProfile; pictureKey?: string; stoppedBy?: ProviderFailure | { usage: number } };

/** A provider time as ISO (Instagram writes +0000 offsets); undefined when it is not a time. */
const isoOf = (time: string): string | undefined => {
  const parsed = Date.parse(time.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : undefined;
};

const postFieldsOf = (type: SocialConnectionType, media: SocialMedia, publishedAt: string, author: string | undefined): PostFields => ({
  url: media.url,
  platform: type,
  ...(author ? { author } : {}),
  ...(media.caption ? { caption: media.caption } : {}),
  ...(media.media_url ? { media_url: media.media_url } : {}),
  ...(media.thumbnail_url ? { thumbnail_url: media.thumbnail_url } : {}),
  published_at: publishedAt,
});

/** A permalink the post library can hold (http or https). */
const usableUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Reads profile and media with one access token; every provider failure ends the run as its answer. */
const run = async <C extends ConnectionItem>(deps: SyncDeps<C>, connection: C, client: SocialClient, state: RunState): Promise<Call<RunState>> => {
  const brand = { workspaceId: connection.workspaceId, projectId: connection.projectId };
  const type = connection.type as SocialConnectionType;
  const now = deps.clock();
  const nowIso = now.toISOString();
  const limited = (answer: Call<unknown>): boolean => {
    if (!answer.ok && answer.rateLimited) state.stoppedBy = answer;
    else if (answer.ok && (answer.usage ?? 0) >= SYNC.usageStop) state.stoppedBy = { usage: answer.usage ?? 0 };
    return state.stoppedBy !== undefined;
  };

  const profile = await client.profile();
  if (!profile.ok && !profile.rateLimited) return profile;
  if (profile.ok) {
    state.profile = profile.value;
    await deps.putAccountSnapshot({
      ...brand,
      day: nowIso.slice(0, 10),
      platform: type,
      externalId: profile.value.external_id,
      username: profile.value.username,
      followers: profile.value.followers,
      ...(profile.value.following !== undefined ? { following: profile.value.following } : {}),
      ...(profile.value.media_count !== undefined ? { mediaCount: profile.value.media_count } : {}),
      ...(profile.value.total_views !== undefined ? { totalViews: profile.value.total_views } : {}),
      takenAt: nowIso,
    });
    // The picture is copied when it is new or changed (the provider's address changes with the picture).
    const picture = profile.value.picture_url;
    if (picture && (picture !== connection.account?.picture_url || !connection.pictureKey)) {
      const key = await deps.storePicture(brand, type, picture);
      if (key) state.pictureKey = key;
    }
  }
  if (limited(profile)) return { ok: true, value: state };

  // The look-back stops a run only after a run that finished: one cut short (rate limit, failure) left older media unread.
  const syncedBefore = connection.lastSyncOutcome === 'ok';
  const lookBack = new Date(now.getTime() - SYNC.lookBackDays * DAY).toISOString();
  /** One media: the post (found by its URL, else stored with its thumbnail copy), then its metrics. */
  const store = async (media: SocialMedia, publishedAt: string) => {
    const known = await deps.findPost(brand, media.url);
    let post = known && { ...known, duplicate: true };
    if (!post) {
      const thumbnail = media.thumbnail_url ?? (media.media_type === 'image' || media.media_type === 'carousel' ? media.media_url : undefined);
      const image = thumbnail ? await deps.fetchThumbnail(thumbnail) : undefined;
      post = await deps.storePost(
        brand,
        postFieldsOf(type, media, publishedAt, state.profile?.username),
        { content_type: 'application/json', fetched_at: nowIso, data: JSON.stringify(media, null, 2) },
        image,
      );
    }
    const metrics = media.metrics;
    await deps.putPostMetrics({
      ...brand,
      publishedAt,
      postId: post.postId,
      platform: type,
      externalId: media.external_id,
      url: media.url,
      mediaType: media.media_type,
      ...(media.caption ? { caption: media.caption } : {}),
      ...(post.thumbnailKey ? { thumbnailKey: post.thumbnailKey } : {}),
      ...(metrics.views !== undefined ? { views: metrics.views } : {}),
      ...(metrics.reach !== undefined ? { reach: metrics.reach } : {}),
      likes: metrics.likes ?? 0,
      comments: metrics.comments ?? 0,
      ...(metrics.saves !== undefined ? { saves: metrics.saves } : {}),
      ...(metrics.shares !== undefined ? { shares: metrics.shares } : {}),
      updatedAt: nowIso,
    });
    return { duplicate: post.duplicate, publishedAt };
  };
  let cursor: string | undefined;
  for (;;) {
    const page = await client.media({ ...(cursor ? { cursor } : {}), limit: Math.min(SYNC.pageSize, SYNC.maxMedia - state.media) });
    if (!page.ok && !page.rateLimited) return page;
    if (!page.ok) {
      limited(page);
      return { ok: true, value: state };
    }
    // A media without a time or a web address cannot be a post of the library: skipped, not a failure.
    const usable = page.value.items
      .map((media) => ({ media, publishedAt: isoOf(media.published_at) }))
      .filter((entry): entry is { media: SocialMedia; publishedAt: string } => Boolean(entry.publishedAt) && usableUrl(entry.media.url))
      .slice(0, SYNC.maxMedia - state.media);
    let reachedKnown = false;
    // A few media at once (each is a few table writes and maybe a thumbnail fetch); the look-back is checked per batch.
    for (let at = 0; at < usable.length && !reachedKnown; at += SYNC.storeConcurrency) {
      const batch = await Promise.all(usable.slice(at, at + SYNC.storeConcurrency).map(({ media, publishedAt }) => store(media, publishedAt)));
      state.media += batch.length;
      state.created += batch.filter((post) => !post.duplicate).length;
      reachedKnown = syncedBefore && batch.some((post) => post.duplicate && post.publishedAt < lookBack);
    }
    cursor = page.value.next;
    if (limited(page) || reachedKnown || !cursor || state.media >= SYNC.maxMedia || !page.value.items.length) return { ok: true, value: state };
  }
};

/** The bookkeeping a run leaves on its connection: outcome, account, counts and the next due time. */
const changesOf = (connection: ConnectionItem, answer: Call<RunState>, state: RunState, now: Date): { outcome: SyncOutcome; changes: Omit<ConnectionChanges, 'updatedAt'> } => {
  const after = (minutes: number) => new Date(now.getTime() + minutes * MINUTE).toISOString();
  const counted = { syncedMedia: (connection.syncedMedia ?? 0) + state.created };
  const account = { ...(state.profile ? { account: accountOf(state.profile) } : {}), ...(state.pictureKey ? { pictureKey: state.pictureKey } : {}) };
  if (!answer.ok) {
    return {
      outcome: 'failed',
      changes: { ...account, ...counted, lastSyncAt: now.toISOString(), lastSyncOutcome: 'failed', lastSyncError: answer.error.slice(0, 500), syncDueAt: after(SYNC.failedMinutes) },
    };
  }
  const stop = state.stoppedBy;
  if (stop) {
    const wait = 'ok' in stop ? (stop.retryAfterSeconds ?? 0) / 60 : 0;
    return {
      outcome: 'rate_limited',
      changes: {
        ...account,
        ...counted,
        lastSyncAt: now.toISOString(),
        lastSyncOutcome: 'rate_limited',
        lastSyncError: 'ok' in stop ? stop.error.slice(0, 500) : `The provider's rate budget is ${stop.usage}% used`,
        syncDueAt: after(Math.max(SYNC.rateLimitedMinutes, Math.ceil(wait))),
      },
    };
  }
  return { outcome: 'ok', changes: { ...account, ...counted, lastSyncAt: now.toISOString(), lastSyncOutcome: 'ok', lastSyncError: null, syncDueAt: after(SYNC.intervalMinutes) } };
};

/** Runs one sync message. A connection gone, not connected, or not social is skipped (a stale message). */
export const syncConnection = async <C extends ConnectionItem>(deps: SyncDeps<C>, message: SocialSyncMessage): Promise<SyncSummary> => {
  const brand = { workspaceId: message.workspaceId, projectId: message.projectId };
  const connection = await deps.getConnection(brand, message.type);
  if (!connection || connection.state !== 'connected' || !connection.sealedSecrets) {
    deps.log?.('Sync skipped: the connection is not connected', { ...brand, type: message.type, state: connection?.state ?? 'absent' });
    return { outcome: 'skipped', media: 0, created: 0 };
  }
  const state: RunState = { media: 0, created: 0 };
  const answer = await deps.withConnectionTokens(connection, (accessToken) => run(deps, connection, deps.clientFor(message.type, accessToken), state));
  const now = deps.clock();
  if (!answer.ok && answer.unauthorized) {
    // withConnectionTokens has marked it needs_reconnect (outcome unauthorized, no next sync); the run's time is noted
    // beside it. What was stored before the refusal stays.
    for (let attempt = 0, current = await deps.getConnection(brand, message.type); attempt < 3 && current?.state === 'needs_reconnect'; attempt++) {
      if ((await deps.updateConnection(current, { lastSyncAt: now.toISOString(), updatedAt: nextUpdatedAt(current, now) })) === 'done') break;
      current = await deps.getConnection(brand, message.type);
    }
    deps.log?.('Sync stopped: the account must be reconnected', { ...brand, type: message.type, media: state.media });
    return { outcome: 'unauthorized', media: state.media, created: state.created, error: answer.error };
  }
  const { outcome } = changesOf(connection, answer, state, now);
  // The tokens' refresh may have written the connection meanwhile: read it again and apply on the fresh version.
  let current: C | undefined = connection;
  for (let attempt = 0; attempt < 5 && current; attempt++) {
    if (current.state !== 'connected') break;
    const fresh = changesOf(current, answer, state, now).changes;
    if ((await deps.updateConnection(current, { ...fresh, updatedAt: nextUpdatedAt(current, now) })) === 'done') break;
    current = await deps.getConnection(brand, message.type);
  }
  return { outcome, media: state.media, created: state.created, ...(!answer.ok ? { error: answer.error } : {}) };
};
