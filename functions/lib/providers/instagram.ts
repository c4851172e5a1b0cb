import { providerConfig } from '../config';
import { errorFailure, since } from './classify';
import { callProvider, is2xx, type ProviderAnswer, type ProviderHttpOptions } from './http';
import { authorizeUrl } from './oauth';
import { answerFailure, asProviderFailure, count, type Call, type MediaMetrics, type ProviderFailure, type SocialClient, type SocialMedia, type SocialOAuthApp, type SocialProfile, type TokenSecrets } from './social';

/**
 * Instagram API with Instagram Login: the consent on www.instagram.com, the code exchanged on api.instagram.com
 * for a short-lived token (an hour), that one at once for a long-lived token (60 days) on graph.instagram.com,
 * refreshed there (ig_refresh_token) before it ends. Graph errors carry `{ error: { message, type, code,
 * error_subcode, fbtrace_id } }`: codes 4, 17, 32, 613 and 80002 are rate limits, 190 a dead token.
 */
export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_manage_insights'];
export const INSTAGRAM_GRAPH_VERSION = 'v23.0';

/** Graph error codes that mean "too many calls" (app, user, page, business use case, and the IG account's own). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);
const UNAUTHORIZED_CODES = new Set([190, 102]);

type GraphError = { message?: string; type?: string; code?: number; error_subcode?: number; is_transient?: boolean; fbtrace_id?: string };

const graphError = (body: unknown): GraphError | undefined => {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  if (b.error && typeof b.error === 'object') return b.error as GraphError;
  // The OAuth endpoints' own shape: { error_type, code, error_message }.
  if (typeof b.error_type === 'string') return { type: b.error_type, code: typeof b.code === 'number' ? b.code : undefined, message: typeof b.error_message === 'string' ? b.error_message : undefined };
  return undefined;
};

const parseJson = (text: string | undefined): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const percentOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The share of the rate budget used (0–100) from X-App-Usage `{ call_count, total_time, total_cputime }` and
 * X-Business-Use-Case-Usage `{ "<id>": [{ call_count, total_time, total_cputime, … }] }`: the largest of them.
 * Undefined when neither header is there.
 */
export const instagramUsage = (headers: Record<string, string>): number | undefined => {
  const values: number[] = [];
  const app = parseJson(headers['x-app-usage']) as Record<string, unknown> | undefined;
  if (app && typeof app === 'object') values.push(percentOf(app.call_count), percentOf(app.total_time), percentOf(app.total_cputime));
  const business = parseJson(headers['x-business-use-case-usage']) as Record<string, unknown> | undefined;
  if (business && typeof business === 'object') {
    for (const entries of Object.values(business)) {
      for (const entry of Array.isArray(entries) ? entries : []) {
        const e = (entry ?? {}) as Record<string, unknown>;
        values.push(percentOf(e.call_count), percentOf(e.total_time), percentOf(e.total_cputime));
      }
    }
  }
  if (!app && !business) return undefined;
  return Math.min(100, Math.max(0, ...values));
};

/** Minutes until a throttled business use case may call again (X-Business-Use-Case-Usage), as seconds. */
const regainSeconds = (headers: Record<string, string>): number | undefined => {
  const business = parseJson(headers['x-business-use-case-usage']) as Record<string, unknown> | undefined;
  if (!business || typeof business !== 'object') return undefined;
  const minutes = Object.values(business)
    .flatMap((entries) => (Array.isArray(entries) ? entries : []))
    .map((entry) => percentOf((entry as Record<string, unknown> | null)?.estimated_time_to_regain_access));
  const max = Math.max(0, ...minutes);
  return max > 0 ? max * 60 : undefined;
};

/** The classified failure of a Graph (or Instagram OAuth) answer that is not a success. */
export const instagramFailure = (answer: Pick<ProviderAnswer, 'status' | 'body' | 'headers' | 'latencyMs'>): ProviderFailure => {
  const base = answerFailure(answer);
  const error = graphError(answer.body);
  const rateLimited = answer.status === 429 || (error?.code !== undefined && RATE_LIMIT_CODES.has(error.code));
  const unauthorized = answer.status === 401 || (error?.code !== undefined && UNAUTHORIZED_CODES.has(error.code));
  const retryAfterSeconds = base.retryAfterSeconds ?? (rateLimited ? regainSeconds(answer.headers) : undefined);
  return {
    ...base,
    retryable: !unauthorized && (rateLimited || base.retryable || error?.is_transient === true),
    ...(unauthorized ? { unauthorized: true } : {}),
    ...(rateLimited ? { rateLimited: true } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  };
};

type Answer = ProviderAnswer;

/** One call through the guarded fetcher: the answer, or the failure when there was none. */
const call = async (url: string, init: Parameters<typeof callProvider>[1], options: ProviderHttpOptions): Promise<Answer | ProviderFailure> => {
  const started = performance.now();
  try {
    return await callProvider(url, init, options);
  } catch (error) {
    return asProviderFailure(errorFailure(error, since(started)));
  }
};
const failed = (value: Answer | ProviderFailure): value is ProviderFailure => 'ok' in value;

/** The long-lived token answer `{ access_token, token_type, expires_in }` as the secrets to store. */
const longLived = (answer: Answer, now: Date): Call<TokenSecrets> => {
  const body = (answer.body ?? {}) as Record<string, unknown>;
  if (!is2xx(answer.status) || typeof body.access_token !== 'string') return instagramFailure(answer);
  const expiresIn = Number(body.expires_in);
  return {
    ok: true,
    value: {
      access_token: body.access_token,
      ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { access_token_expires_at: new Date(now.getTime() + expiresIn * 1000).toISOString() } : {}),
    },
    ...(instagramUsage(answer.headers) !== undefined ? { usage: instagramUsage(answer.headers) } : {}),
  };
};

/** The short-lived token from the code exchange: `{ data: [{ access_token, user_id, permissions }] }` (or flat). */
export const shortLivedToken = (body: unknown): string | undefined => {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { data?: unknown; access_token?: unknown };
  const first = Array.isArray(b.data) ? (b.data[0] as { access_token?: unknown } | undefined) : undefined;
  const token = first?.access_token ?? b.access_token;
  return typeof token === 'string' && token ? token : undefined;
};

export const instagramOAuthApp = (options: ProviderHttpOptions = {}): SocialOAuthApp => {
  const graph = (path: string, query: Record<string, string>) => authorizeUrl(`${providerConfig.url('instagramGraph')}${path}`, query);
  return {
    authorizeUrl: ({ state, redirectUri }) =>
      authorizeUrl(`${providerConfig.url('instagramOAuth')}/oauth/authorize`, {
        client_id: providerConfig.oauthClient('instagram').clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: INSTAGRAM_SCOPES.join(','),
        state,
      }),
    exchangeCode: async ({ code, redirectUri }) => {
      const { clientId, clientSecret } = providerConfig.oauthClient('instagram');
      const short = await call(providerConfig.url('instagramToken'), { method: 'POST', form: { client_id: clientId, client_secret: clientSecret, grant_type: 'authorization_code', redirect_uri: redirectUri, code } }, options);
      if (failed(short)) return short;
      const shortToken = is2xx(short.status) ? shortLivedToken(short.body) : undefined;
      // A code refused is final: it was used, expired or made for another redirect URI.
      if (!shortToken) return { ...instagramFailure(short), retryable: false, ...(short.status === 400 ? { unauthorized: true } : {}) };
      const long = await call(graph('/access_token', { grant_type: 'ig_exchange_token', client_secret: clientSecret, access_token: shortToken }), { method: 'GET' }, options);
      if (failed(long)) return long;
      return longLived(long, new Date());
    },
    refresh: async (secrets) => {
      const answer = await call(graph('/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: secrets.access_token }), { method: 'GET' }, options);
      if (failed(answer)) return answer;
      return longLived(answer, new Date());
    },
  };
};

const PROFILE_FIELDS = ['user_id', 'username', 'name', 'account_type', 'profile_picture_url', 'followers_count', 'follows_count', 'media_count', 'biography', 'website'];
const MEDIA_FIELDS = ['id', 'caption', 'media_type', 'media_product_type', 'media_url', 'thumbnail_url', 'permalink', 'timestamp', 'like_count', 'comments_count'];
/** The lifetime insights asked per media (impressions and plays are gone since v22: views replaces them). */
export const INSTAGRAM_MEDIA_METRICS = ['reach', 'views', 'likes', 'comments', 'saved', 'shares'];
/** Insights calls in flight at once for one page of media. */
const INSIGHTS_CONCURRENCY = 4;

type GraphProfile = { id?: string; user_id?: string | number; username?: string; name?: string; profile_picture_url?: string; followers_count?: number; follows_count?: number; media_count?: number; biography?: string; website?: string };
type GraphMedia = { id: string; caption?: string; media_type?: string; media_product_type?: string; media_url?: string; thumbnail_url?: string; permalink?: string; timestamp?: string; like_count?: number; comments_count?: number };
type GraphInsight = { name?: string; values?: { value?: unknown }[]; total_value?: { value?: unknown } };

const present = <T extends Record<string, unknown>>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;

/** The profile from GET /me. */
export const instagramProfile = (me: GraphProfile): SocialProfile => {
  const username = me.username ?? '';
  return {
    external_id: String(me.user_id ?? me.id ?? ''),
    username,
    ...present({ name: me.name, following: me.follows_count, media_count: me.media_count, website: me.website, biography: me.biography, picture_url: me.profile_picture_url }),
    followers: me.followers_count ?? 0,
    url: `https://www.instagram.com/${encodeURIComponent(username)}/`,
  };
};

/** Graph's timestamp (2026-08-31T18:10:00+0000) as ISO. */
const isoTime = (timestamp: string | undefined) => new Date((timestamp ?? '').replace(/([+-]\d{2})(\d{2})$/, '$1:$2')).toISOString();

const mediaType = (m: GraphMedia): SocialMedia['media_type'] => {
  if (m.media_type === 'VIDEO') return m.media_product_type === 'REELS' ? 'reel' : 'video';
  if (m.media_type === 'CAROUSEL_ALBUM') return 'carousel';
  return 'image';
};

/** A media item with its insights (name → value; absent when the media had none) as a post. */
export const instagramMedia = (m: GraphMedia, insights: Record<string, number> = {}): SocialMedia => {
  const type = mediaType(m);
  const metrics = present({
    views: insights.views,
    reach: insights.reach,
    likes: insights.likes ?? m.like_count,
    comments: insights.comments ?? m.comments_count,
    saves: insights.saved,
    shares: insights.shares,
  }) as MediaMetrics;
  return {
    external_id: m.id,
    url: m.permalink ?? `https://www.instagram.com/p/${m.id}/`,
    ...present({ caption: m.caption, media_url: m.media_url }),
    media_type: type,
    ...((m.thumbnail_url ?? (type === 'image' || type === 'carousel' ? m.media_url : undefined)) ? { thumbnail_url: m.thumbnail_url ?? m.media_url } : {}),
    published_at: isoTime(m.timestamp),
    metrics,
  };
};

/** Insights `{ data: [{ name, values: [{ value }] }] }` as name → number. */
export const insightValues = (body: unknown): Record<string, number> => {
  const data = (body as { data?: GraphInsight[] } | undefined)?.data ?? [];
  return Object.fromEntries(
    data.flatMap((insight) => {
      const value = count(insight.values?.[0]?.value ?? insight.total_value?.value);
      return insight.name && value !== undefined ? [[insight.name, value]] : [];
    }),
  );
};

/**
 * A connected Instagram professional account: GET /me for the profile, /me/media newest first (Graph's `after`
 * cursor), then each media's lifetime insights. The token travels in the Authorization header (never in a URL that
 * could be logged). `usage` is the highest usage the answers reported.
 */
export const instagramClient = (accessToken: string, options: ProviderHttpOptions = {}): SocialClient => {
  const base = () => `${providerConfig.url('instagramGraph')}/${INSTAGRAM_GRAPH_VERSION}`;
  /** One operation's calls: each answer's usage kept, the highest reported with the result. */
  const operation = () => {
    let usage: number | undefined;
    const get = async (path: string, query: Record<string, string>): Promise<Answer | ProviderFailure> => {
      const answer = await call(authorizeUrl(`${base()}${path}`, query), { method: 'GET', headers: { authorization: `Bearer ${accessToken}` } }, options);
      if (!failed(answer)) {
        const seen = instagramUsage(answer.headers);
        if (seen !== undefined) usage = Math.max(usage ?? 0, seen);
      }
      return answer;
    };
    const done = <T>(value: T): Call<T> => ({ ok: true, value, ...(usage !== undefined ? { usage } : {}) });
    return { get, done };
  };

  const insightsOf = async (get: ReturnType<typeof operation>['get'], media: GraphMedia): Promise<Record<string, number> | ProviderFailure> => {
    const answer = await get(`/${encodeURIComponent(media.id)}/insights`, { metric: INSTAGRAM_MEDIA_METRICS.join(',') });
    if (failed(answer)) return answer;
    if (is2xx(answer.status)) return insightValues(answer.body);
    const failure = instagramFailure(answer);
    // A media without insights (made before the account was a business one, an unsupported type): its counts
    // from the media fields are what there is; anything else stops the page.
    return failure.rateLimited || failure.unauthorized || failure.retryable ? failure : {};
  };

  return {
    profile: async () => {
      const { get, done } = operation();
      const answer = await get('/me', { fields: PROFILE_FIELDS.join(',') });
      if (failed(answer)) return answer;
      if (!is2xx(answer.status)) return instagramFailure(answer);
      return done(instagramProfile(answer.body as GraphProfile));
    },
    media: async ({ cursor, limit, metrics = true }) => {
      const { get, done } = operation();
      const answer = await get('/me/media', { fields: MEDIA_FIELDS.join(','), limit: String(Math.max(1, Math.min(100, limit))), ...(cursor ? { after: cursor } : {}) });
      if (failed(answer)) return answer;
      if (!is2xx(answer.status)) return instagramFailure(answer);
      const body = (answer.body ?? {}) as { data?: GraphMedia[]; paging?: { next?: string; cursors?: { after?: string } } };
      const media = (body.data ?? []).filter((m) => m.id);
      const insights: (Record<string, number> | ProviderFailure)[] = [];
      for (let i = 0; metrics && i < media.length; i += INSIGHTS_CONCURRENCY) {
        const batch = await Promise.all(media.slice(i, i + INSIGHTS_CONCURRENCY).map((m) => insightsOf(get, m)));
        const stop = batch.find((r): r is ProviderFailure => 'ok' in r);
        if (stop) return stop;
        insights.push(...batch);
      }
      const next = body.paging?.next ? body.paging.cursors?.after : undefined;
      return done({ items: media.map((m, i) => instagramMedia(m, insights[i] as Record<string, number> | undefined)), ...(next ? { next } : {}) });
    },
  };
};
