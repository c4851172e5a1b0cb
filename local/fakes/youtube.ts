import { createHash } from 'node:crypto';
import { bearer, json, type FakeRequest, type FakeResponse } from './core';
import type { OAuthServer } from './oauth';
import { mulberry32 } from '../random';

/**
 * YouTube Data API v3, the subset the YouTube client calls, at the origin's /youtube/v3 (as www.googleapis.com
 * serves it; the Google client joins its paths to the root URL): channels.list (mine=true or id), playlistItems.list
 * (the uploads playlist, newest first, pageToken paging) and videos.list (id=…, snippet/contentDetails/statistics).
 * Counts are strings, as the real API sends them. Tokens come from the fake Google OAuth (youtube.readonly scope
 * or youtube). Errors carry Google's shape `{ error: { code, message, errors: [{ message, domain, reason }], status } }`:
 * 401 authError, 403 insufficientPermissions, 403 quotaExceeded (domain youtube.quota) once the day's quota set by
 * the control API is used up (each call costs a unit), 404 playlistNotFound, 400 required / invalidPageToken.
 * State: one channel (Crumb & Co Bakery) with 20 videos over the last six months, deterministic, plus what the
 * control API adds.
 */
export const LOCAL_YOUTUBE = {
  channelId: 'UCLc4bR7uM2bQk9sXo1yT3pA',
  uploadsPlaylistId: 'UULc4bR7uM2bQk9sXo1yT3pA',
  title: 'Crumb & Co Bakery',
  handle: '@crumbandco',
  seededVideos: 20,
  dailyQuota: 10_000,
} as const;

type Video = {
  id: string;
  title: string;
  description: string;
  publishedAt: number;
  /** Seconds. */
  duration: number;
  views: number;
  likes: number;
  comments: number;
  image: number;
};

const REASONS: Record<number, [string, string, string, string]> = {
  400: ['global', 'badRequest', 'INVALID_ARGUMENT', 'Bad Request'],
  401: ['global', 'authError', 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.'],
  403: ['youtube.quota', 'quotaExceeded', 'PERMISSION_DENIED', 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.'],
  404: ['youtube.playlistItem', 'playlistNotFound', 'NOT_FOUND', "The playlist identified with the request's <code>playlistId</code> parameter cannot be found."],
  429: ['youtube.quota', 'rateLimitExceeded', 'RESOURCE_EXHAUSTED', 'The request cannot be completed because you have exceeded your rate limit.'],
  500: ['global', 'backendError', 'INTERNAL', 'Backend Error'],
  503: ['global', 'backendError', 'UNAVAILABLE', 'The service is currently unavailable.'],
};

/** Google's error body as YouTube words it; `override` for a specific reason (insufficientPermissions, required, …). */
export const youtubeErrorBody = (status: number, override?: { domain?: string; reason?: string; message?: string; location?: string }) => {
  const [domain, reason, statusName, message] = REASONS[status] ?? REASONS[status >= 500 ? 500 : 400]!;
  const error = { message: override?.message ?? message, domain: override?.domain ?? domain, reason: override?.reason ?? reason, ...(override?.location ? { location: override.location, locationType: 'parameter' } : {}) };
  return { error: { code: status, message: error.message, errors: [error], status: statusName } };
};

const TITLES = [
  (n: number) => `Behind the scenes: a night shift at the bakery (part ${n})`,
  (n: number) => `New this week: the cardamom bun, episode ${n}`,
  (n: number) => `Recipe: weekend focaccia at home, lesson ${n}`,
  (n: number) => `Community: market day with our regulars, vlog ${n}`,
];

/** A list parameter, sent comma-separated or repeated (the Google clients repeat it: part=a&part=b). */
const listParam = (req: FakeRequest, name: string) =>
  req.query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const videoIdOf = (label: string) => Array.from(createHash('sha256').update(`yt-video:${label}`).digest().subarray(0, 11), (b) => ID_ALPHABET[b % 64]).join('');


/** ISO 8601 duration as YouTube writes it (PT4M13S, PT45S, PT1H2M). */
const isoDuration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
};

export const createYouTube = (oauth: OAuthServer, options: { now?: () => number } = {}) => {
  const now = options.now ?? Date.now;
  const videos: Video[] = [];
  let sequence = 0;
  const channel = { subscribers: 3_420, extraViews: 0 };
  let quotaLeft: number = LOCAL_YOUTUBE.dailyQuota;

  const newVideo = (index: number, publishedAt: number, label: string): Video => {
    const random = mulberry32(index * 6151 + 3);
    const short = random() < 0.3;
    const views = Math.round(300 + random() * (short ? 9000 : 4000));
    const likes = Math.round(views * (0.02 + random() * 0.06));
    return {
      id: videoIdOf(label),
      title: TITLES[index % TITLES.length]!(index),
      description: `${TITLES[index % TITLES.length]!(index)}. Filmed at Crumb & Co, Leith. #bakery #sourdough`,
      publishedAt,
      duration: short ? 20 + Math.floor(random() * 40) : 120 + Math.floor(random() * 900),
      views,
      likes,
      comments: Math.round(likes * (0.03 + random() * 0.1)),
      image: 700 + index,
    };
  };

  const seed = (count: number = LOCAL_YOUTUBE.seededVideos) => {
    videos.length = 0;
    sequence = 0;
    const day = Math.floor(now() / 86_400_000) * 86_400_000;
    for (let i = 0; i < count; i++) {
      const index = ++sequence;
      const random = mulberry32(index * 7331);
      const daysAgo = (count - index) * 9 + 2;
      videos.push(newVideo(index, day - daysAgo * 86_400_000 + (15 + Math.floor(random() * 6)) * 3_600_000, `seed-${index}`));
    }
  };
  seed();

  const addVideos = (count: number) => {
    const added: Video[] = [];
    for (let i = count; i >= 1; i--) {
      const index = ++sequence;
      added.push(newVideo(index, now() - i * 60_000, `added-${index}-${now()}`));
    }
    videos.push(...added);
    return added;
  };

  const newestFirst = () => [...videos].sort((a, b) => b.publishedAt - a.publishedAt || b.id.localeCompare(a.id));
  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const etag = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 27);
  const thumbnails = (origin: string, image: number) => ({
    default: { url: `${origin}/social/img/${image}.png`, width: 120, height: 90 },
    medium: { url: `${origin}/social/img/${image}.png`, width: 320, height: 180 },
    high: { url: `${origin}/social/img/${image}.png`, width: 480, height: 360 },
  });

  const fail = (status: number, summary: string, override?: Parameters<typeof youtubeErrorBody>[1]) => json(status, youtubeErrorBody(status, override), { summary });

  const partsOf = (req: FakeRequest, allowed: string[]): string[] | FakeResponse => {
    const parts = listParam(req, 'part');
    if (!parts.length) return fail(400, 'no part', { reason: 'required', domain: 'global', message: 'Required parameter: part', location: 'part' });
    const unknown = parts.find((p) => !allowed.includes(p));
    if (unknown) return fail(400, `unknown part ${unknown}`, { reason: 'unknownPart', domain: 'youtube.part', message: `'${unknown}'`, location: 'part' });
    return parts;
  };

  const totalViews = () => videos.reduce((sum, v) => sum + v.views, 0) + channel.extraViews;

  const channelResource = (origin: string, parts: string[]) => {
    const full: Record<string, unknown> = {
      snippet: {
        title: LOCAL_YOUTUBE.title,
        description: 'Sourdough, pastries and the people who bake them. New videos every other week.',
        customUrl: LOCAL_YOUTUBE.handle,
        publishedAt: '2019-03-02T10:00:00Z',
        thumbnails: thumbnails(origin, 901),
        localized: { title: LOCAL_YOUTUBE.title, description: 'Sourdough, pastries and the people who bake them.' },
        country: 'GB',
      },
      contentDetails: { relatedPlaylists: { likes: '', uploads: LOCAL_YOUTUBE.uploadsPlaylistId } },
      statistics: { viewCount: String(totalViews()), subscriberCount: String(channel.subscribers), hiddenSubscriberCount: false, videoCount: String(videos.length) },
    };
    const resource = { kind: 'youtube#channel', id: LOCAL_YOUTUBE.channelId, ...Object.fromEntries(parts.filter((p) => p in full).map((p) => [p, full[p]])) };
    return { ...resource, etag: etag(resource) };
  };

  const videoResource = (origin: string, v: Video, parts: string[]) => {
    const full: Record<string, unknown> = {
      snippet: {
        publishedAt: iso(v.publishedAt),
        channelId: LOCAL_YOUTUBE.channelId,
        title: v.title,
        description: v.description,
        thumbnails: thumbnails(origin, v.image),
        channelTitle: LOCAL_YOUTUBE.title,
        tags: ['bakery', 'sourdough'],
        categoryId: '26',
        liveBroadcastContent: 'none',
        localized: { title: v.title, description: v.description },
      },
      contentDetails: { duration: isoDuration(v.duration), dimension: '2d', definition: 'hd', caption: 'false', licensedContent: false, contentRating: {}, projection: 'rectangular' },
      statistics: { viewCount: String(v.views), likeCount: String(v.likes), favoriteCount: '0', commentCount: String(v.comments) },
      status: { uploadStatus: 'processed', privacyStatus: 'public', license: 'youtube', embeddable: true, publicStatsViewable: true, madeForKids: false },
    };
    const resource = { kind: 'youtube#video', id: v.id, ...Object.fromEntries(parts.filter((p) => p in full).map((p) => [p, full[p]])) };
    return { ...resource, etag: etag(resource) };
  };

  const playlistItemResource = (origin: string, v: Video, position: number, parts: string[]) => {
    const full: Record<string, unknown> = {
      snippet: {
        publishedAt: iso(v.publishedAt),
        channelId: LOCAL_YOUTUBE.channelId,
        title: v.title,
        description: v.description,
        thumbnails: thumbnails(origin, v.image),
        channelTitle: LOCAL_YOUTUBE.title,
        playlistId: LOCAL_YOUTUBE.uploadsPlaylistId,
        position,
        resourceId: { kind: 'youtube#video', videoId: v.id },
        videoOwnerChannelTitle: LOCAL_YOUTUBE.title,
        videoOwnerChannelId: LOCAL_YOUTUBE.channelId,
      },
      contentDetails: { videoId: v.id, videoPublishedAt: iso(v.publishedAt) },
      status: { privacyStatus: 'public' },
    };
    const id = Buffer.from(`${LOCAL_YOUTUBE.uploadsPlaylistId}.${v.id}`).toString('base64url');
    const resource = { kind: 'youtube#playlistItem', id, ...Object.fromEntries(parts.filter((p) => p in full).map((p) => [p, full[p]])) };
    return { ...resource, etag: etag(resource) };
  };

  const pageTokenOf = (videoId: string) => `EAAa${Buffer.from(`after:${videoId}`).toString('base64url')}`;
  const afterOf = (token: string) => {
    if (!token.startsWith('EAAa')) return undefined;
    const text = Buffer.from(token.slice(4), 'base64url').toString('utf8');
    return text.startsWith('after:') ? text.slice(6) : undefined;
  };

  const maxResultsOf = (req: FakeRequest, fallback: number): number | FakeResponse => {
    const raw = req.query.get('maxResults');
    if (raw === null) return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 50) return fail(400, `maxResults ${raw}`, { reason: 'invalidParameter', domain: 'youtube.parameter', message: `Invalid value '${raw}'. Values must be within the range: [0, 50]`, location: 'maxResults' });
    return n;
  };

  const api = (req: FakeRequest): FakeResponse => {
    const token = bearer(req) ?? req.query.get('access_token') ?? undefined;
    if (!oauth.isValid(token)) return fail(401, `${req.method} ${req.path}: invalid credentials`, { message: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.' });
    const scope = oauth.scopeOf(token) ?? '';
    if (!/\/auth\/youtube(\.readonly|\.force-ssl)?(\s|$)/.test(scope)) {
      return fail(403, `${req.path}: insufficient scopes`, { domain: 'global', reason: 'insufficientPermissions', message: 'Request had insufficient authentication scopes.' });
    }
    if (quotaLeft <= 0) return fail(403, `${req.path}: quota exceeded`);
    if (req.method !== 'GET') return fail(400, `${req.method} ${req.path}: not implemented`);
    quotaLeft -= 1;

    if (req.path === '/youtube/v3/channels') {
      const parts = partsOf(req, ['id', 'snippet', 'contentDetails', 'statistics', 'brandingSettings', 'status', 'topicDetails']);
      if (!Array.isArray(parts)) return parts;
      const mine = req.query.get('mine') === 'true';
      const ids = req.query.has('id') ? listParam(req, 'id') : undefined;
      if (!mine && !ids && !req.query.get('forHandle')) {
        return fail(400, 'channels: no filter', { reason: 'missingRequiredParameter', domain: 'youtube.parameter', message: 'No filter selected. Expected one of: forHandle, mine, id, managedByMe, forUsername, categoryId, mySubscribers' });
      }
      const match = mine || ids?.includes(LOCAL_YOUTUBE.channelId) || req.query.get('forHandle')?.replace(/^@?/, '@') === LOCAL_YOUTUBE.handle;
      const items = match ? [channelResource(req.origin, parts)] : [];
      return json(200, { kind: 'youtube#channelListResponse', etag: etag(items), pageInfo: { totalResults: items.length, resultsPerPage: 5 }, items }, { summary: `channels ${mine ? 'mine' : (ids ?? []).join(',')}: ${items.length}` });
    }

    if (req.path === '/youtube/v3/playlistItems') {
      const parts = partsOf(req, ['id', 'snippet', 'contentDetails', 'status']);
      if (!Array.isArray(parts)) return parts;
      const playlistId = req.query.get('playlistId');
      if (!playlistId && !req.query.get('id')) return fail(400, 'playlistItems: no filter', { reason: 'missingRequiredParameter', domain: 'youtube.parameter', message: 'No filter selected. Expected one of: id, playlistId' });
      // A channel that never uploaded has no uploads playlist yet: YouTube answers 404 for it, as for a wrong id.
      if (playlistId !== LOCAL_YOUTUBE.uploadsPlaylistId || !videos.length) return fail(404, `playlistItems: playlist ${playlistId} not found`);
      const max = maxResultsOf(req, 5);
      if (typeof max !== 'number') return max;
      const all = newestFirst();
      const token = req.query.get('pageToken');
      let start = 0;
      if (token) {
        const after = afterOf(token);
        const at = after === undefined ? -1 : all.findIndex((v) => v.id === after);
        if (at < 0) return fail(400, 'playlistItems: bad pageToken', { reason: 'invalidPageToken', domain: 'youtube.parameter', message: "The request specifies an invalid page token.", location: 'pageToken' });
        start = at + 1;
      }
      const slice = all.slice(start, start + max);
      const more = start + max < all.length && slice.length > 0;
      const items = slice.map((v, i) => playlistItemResource(req.origin, v, start + i, parts));
      return json(
        200,
        {
          kind: 'youtube#playlistItemListResponse',
          etag: etag(items),
          ...(more ? { nextPageToken: pageTokenOf(slice[slice.length - 1]!.id) } : {}),
          ...(start > 0 ? { prevPageToken: `EAEa${Buffer.from(`before:${slice[0]?.id ?? ''}`).toString('base64url')}` } : {}),
          items,
          pageInfo: { totalResults: all.length, resultsPerPage: max },
        },
        { summary: `playlistItems: ${items.length} from ${start}${more ? '' : ' (last page)'}` },
      );
    }

    if (req.path === '/youtube/v3/videos') {
      const parts = partsOf(req, ['id', 'snippet', 'contentDetails', 'statistics', 'status', 'player', 'topicDetails']);
      if (!Array.isArray(parts)) return parts;
      const ids = listParam(req, 'id');
      if (!ids.length) return fail(400, 'videos: no filter', { reason: 'missingRequiredParameter', domain: 'youtube.parameter', message: 'No filter selected. Expected one of: myRating, id, chart' });
      if (ids.length > 50) return fail(400, 'videos: too many ids', { reason: 'invalidFilters', domain: 'youtube.parameter', message: 'The request specifies too many video ids (more than 50).' });
      const items = ids.map((id) => videos.find((v) => v.id === id)).filter((v): v is Video => !!v).map((v) => videoResource(req.origin, v, parts));
      return json(200, { kind: 'youtube#videoListResponse', etag: etag(items), items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } }, { summary: `videos: ${items.length} of ${ids.length}` });
    }
    return fail(404, `${req.method} ${req.path}: not implemented`, { domain: 'global', reason: 'notFound', message: 'Not Found' });
  };

  return {
    handle: api,
    addVideos,
    /** Units left today (each call costs one); 0 answers quotaExceeded. */
    setQuota: (remaining: number) => {
      quotaLeft = remaining;
    },
    setSubscribers: (subscribers: number) => {
      channel.subscribers = subscribers;
    },
    /** Back to the seed (`videos` of them, 20 by default; 0 = a channel that never uploaded). */
    reset: (count?: number) => {
      seed(count);
      quotaLeft = LOCAL_YOUTUBE.dailyQuota;
      channel.subscribers = 3_420;
    },
    state: () => ({
      channel: { id: LOCAL_YOUTUBE.channelId, title: LOCAL_YOUTUBE.title, handle: LOCAL_YOUTUBE.handle, subscribers: channel.subscribers, views: totalViews() },
      quotaLeft,
      videos: newestFirst().map((v) => ({ id: v.id, title: v.title, url: `https://www.youtube.com/watch?v=${v.id}`, published_at: iso(v.publishedAt), duration: isoDuration(v.duration), views: v.views, likes: v.likes, comments: v.comments })),
    }),
  };
};
export type FakeYouTube = ReturnType<typeof createYouTube>;

/** YouTube's OAuth scopes, for revoking only the YouTube grants of the shared Google consent. */
export const isYouTubeScope = (scope: string) => /\/auth\/youtube/.test(scope);
