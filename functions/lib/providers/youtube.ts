import { googleApi, googleCall } from './google-oauth';
import { ProviderHttpError, type ProviderHttpOptions } from './http';
import { count, type MediaPage, type SocialClient, type SocialMedia, type SocialProfile } from './social';

/**
 * A YouTube channel through the YouTube Data API v3 (every call through the guarded fetcher):
 * the profile from channels.list mine=true (subscribers as followers), the media from the uploads playlist
 * (playlistItems.list, newest first, its page token as the cursor) with their statistics (videos.list). Each call
 * costs quota units; a 403 quotaExceeded is rate limited until the quota resets.
 */
export const YOUTUBE_SHORT_MAX_SECONDS = 60;

/** Seconds of an ISO 8601 duration (PT1H2M3S); undefined when unreadable. */
export const durationSeconds = (iso: string | null | undefined): number | undefined => {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(iso ?? '');
  if (!match) return undefined;
  const [, d, h, m, s] = match.map((v) => Number(v ?? 0));
  return (d ?? 0) * 86_400 + (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

type Thumbnails = Partial<Record<'default' | 'medium' | 'high' | 'standard' | 'maxres', { url?: string }>>;
type Counts = Record<string, string | number | undefined>;
/** What is read of a channels.list item. */
export type YoutubeChannel = {
  id?: string;
  snippet?: { title?: string; description?: string; customUrl?: string; thumbnails?: Thumbnails };
  statistics?: Counts;
  contentDetails?: { relatedPlaylists?: { uploads?: string } };
};
/** What is read of a videos.list item. */
export type YoutubeVideo = { id?: string; snippet?: { title?: string; publishedAt?: string; thumbnails?: Thumbnails }; contentDetails?: { duration?: string }; statistics?: Counts };
type Page<T> = { items?: T[]; nextPageToken?: string };

const bestThumbnail = (thumbnails: Thumbnails | undefined) =>
  (thumbnails?.maxres ?? thumbnails?.standard ?? thumbnails?.high ?? thumbnails?.medium ?? thumbnails?.default)?.url;

/** The profile from a channels.list item. */
export const youtubeProfile = (channel: YoutubeChannel): SocialProfile => {
  const handle = channel.snippet?.customUrl;
  const picture = bestThumbnail(channel.snippet?.thumbnails);
  return {
    external_id: channel.id ?? '',
    username: handle ? handle.replace(/^@/, '') : (channel.snippet?.title ?? channel.id ?? ''),
    ...(channel.snippet?.title ? { name: channel.snippet.title } : {}),
    followers: count(channel.statistics?.subscriberCount) ?? 0,
    ...(count(channel.statistics?.videoCount) !== undefined ? { media_count: count(channel.statistics?.videoCount) } : {}),
    ...(channel.snippet?.description ? { biography: channel.snippet.description } : {}),
    ...(picture ? { picture_url: picture } : {}),
    url: handle ? `https://www.youtube.com/${handle.startsWith('@') ? handle : `@${handle}`}` : `https://www.youtube.com/channel/${channel.id}`,
    ...(count(channel.statistics?.viewCount) !== undefined ? { total_views: count(channel.statistics?.viewCount) } : {}),
  };
};

/** A video (videos.list with snippet, contentDetails, statistics) as a post. */
export const youtubeMedia = (video: YoutubeVideo): SocialMedia => {
  const seconds = durationSeconds(video.contentDetails?.duration);
  const stats = video.statistics ?? {};
  const metrics = { views: count(stats.viewCount), likes: count(stats.likeCount), comments: count(stats.commentCount) };
  const thumbnail = bestThumbnail(video.snippet?.thumbnails);
  return {
    external_id: video.id ?? '',
    url: `https://www.youtube.com/watch?v=${video.id}`,
    ...(video.snippet?.title ? { caption: video.snippet.title } : {}),
    media_type: seconds !== undefined && seconds <= YOUTUBE_SHORT_MAX_SECONDS ? 'short' : 'video',
    ...(thumbnail ? { thumbnail_url: thumbnail } : {}),
    published_at: new Date(video.snippet?.publishedAt ?? 0).toISOString(),
    metrics: Object.fromEntries(Object.entries(metrics).filter(([, v]) => v !== undefined)),
  };
};

export const youtubeClient = (accessToken: string, options: ProviderHttpOptions = {}): SocialClient => {
  const api = googleApi(accessToken, options);
  let uploads: string | undefined;


  const mine = async () => {
    const data = await api<Page<YoutubeChannel>>('GET', '/youtube/v3/channels', { query: { part: ['snippet', 'statistics', 'contentDetails'], mine: true } });
    const channel = data.items?.[0];
    // Not retryable (classify.ts): a plain error with no HTTP answer.
    if (!channel) throw new Error('This Google account has no YouTube channel');
    uploads = channel.contentDetails?.relatedPlaylists?.uploads;
    return channel;
  };

  /** A page of the uploads playlist; undefined when the channel never uploaded (YouTube answers 404 for its playlist). */
  const uploadsPage = async (playlistId: string, limit: number, cursor?: string) => {
    try {
      return await api<Page<{ contentDetails?: { videoId?: string } }>>('GET', '/youtube/v3/playlistItems', { query: { part: 'contentDetails', playlistId, maxResults: Math.max(1, Math.min(50, limit)), pageToken: cursor } });
    } catch (error) {
      if (error instanceof ProviderHttpError && error.status === 404 && !cursor) return undefined;
      throw error;
    }
  };

  return {
    profile: () => googleCall(async () => youtubeProfile(await mine())),
    media: ({ cursor, limit }) =>
      googleCall(async (): Promise<MediaPage> => {
        const playlistId = uploads ?? (await mine(), uploads);
        if (!playlistId) return { items: [] };
        const page = await uploadsPage(playlistId, limit, cursor);
        if (!page) return { items: [] };
        const ids = (page.items ?? []).map((item) => item.contentDetails?.videoId).filter((id): id is string => !!id);
        if (!ids.length) return { items: [], ...(page.nextPageToken ? { next: page.nextPageToken } : {}) };
        // maxResults is not for use with id: the ids (at most 50, the page's) are the filter.
        const videos = await api<Page<YoutubeVideo>>('GET', '/youtube/v3/videos', { query: { part: ['snippet', 'contentDetails', 'statistics'], id: ids } });
        const byId = new Map((videos.items ?? []).map((v) => [v.id, v]));
        // The playlist's order (newest first); a video deleted between the two calls is left out.
        const items = ids.map((id) => byId.get(id)).filter((v): v is YoutubeVideo => !!v).map(youtubeMedia);
        return { items, ...(page.nextPageToken ? { next: page.nextPageToken } : {}) };
      }),
  };
};
