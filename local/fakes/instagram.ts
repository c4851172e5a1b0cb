import { createHash, randomBytes } from 'node:crypto';
import { json, type FailureSpec, type FakeRequest, type FakeResponse } from './core';
import { createOAuthServer, type OAuthClient } from './oauth';
import { mulberry32 } from '../random';

/**
 * The Instagram API with Instagram Login, the subset the Instagram client calls:
 * - OAuth: the consent page (/oauth/authorize, "Allow"/"Deny"), the code exchange (POST /oauth/access_token →
 *   `{ data: [{ access_token, user_id, permissions }] }`, a short-lived token of an hour), and on the Graph host
 *   GET /access_token (ig_exchange_token → a long-lived token of 60 days) and GET /refresh_access_token
 *   (ig_refresh_token). OAuth errors carry `{ error_type: 'OAuthException', code, error_message }`.
 * - Graph (/v23.0/…, any version): GET me, me/media (newest first, cursor paging with `paging.cursors` and `next`),
 *   {media-id} and {media-id}/insights (reach, likes, comments, saved, shares, views, total_interactions).
 *   Errors carry Graph's `{ error: { message, type, code, error_subcode, fbtrace_id } }`, with HTTP 400 as Graph
 *   answers most of them; a dead token is code 190 (subcode 463 expired, 460 revoked).
 * - Every Graph answer carries X-App-Usage and X-Business-Use-Case-Usage at the usage percent the control API set;
 *   at 100 % the calls are refused (code 4, "Application request limit reached").
 * State: one business account (@crumbandco.bakery) with 40 posts over the last six months, deterministic (the
 * same ids, shortcodes and metrics every start), plus what the control API adds. Tokens are signed, so a
 * connection survives a restart of the stack; `revoke` refuses every token issued so far until the next consent.
 */
export const LOCAL_INSTAGRAM = {
  /** The Instagram professional account id (what `user_id` answers). */
  userId: '17841400000000042',
  /** The app-scoped id `id` answers for this app. */
  appScopedId: '26113400000000042',
  username: 'crumbandco.bakery',
  name: 'Crumb & Co',
  seededMedia: 40,
} as const;

export const INSTAGRAM_LONG_LIVED_SECONDS = 60 * 86_400;
const SHORT_LIVED_SECONDS = 3600;

type Media = {
  id: string;
  shortcode: string;
  caption: string;
  media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_product_type: 'FEED' | 'REELS';
  /** The number of its picture on the fakes' social web (/social/img/<n>.png). */
  image: number;
  timestamp: number;
  insights: { reach: number; views: number; likes: number; comments: number; saved: number; shares: number };
};


const PILLAR_CAPTIONS = [
  (n: number) => `Behind the scenes: shaping loaf ${n} at 5am while the oven heats up #behindthescenes #bakery`,
  (n: number) => `New on the counter: our cardamom bun, batch ${n} #newproduct #sourdough`,
  (n: number) => `Recipe: the weekend focaccia, step ${n} of our home-baking series #recipe #homebaking`,
  (n: number) => `Community: thank you to everyone at the market this week (${n}) #community #local`,
];

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const shortcodeOf = (label: string) => {
  const digest = createHash('sha256').update(`ig-shortcode:${label}`).digest();
  return `C${Array.from(digest.subarray(0, 10), (b) => SHORTCODE_ALPHABET[b % 64]).join('')}`;
};

const GRAPH_TIME = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

/** Graph's error body. */
export const graphErrorBody = (message: string, code: number, subcode?: number, type = 'OAuthException') => ({
  error: { message, type, code, ...(subcode !== undefined ? { error_subcode: subcode } : {}), fbtrace_id: `A${randomBytes(10).toString('base64url')}` },
});

/** How an injected failure answers, in Graph's words (Instagram's OAuth endpoint in its own). */
export const instagramInjected = (status: number, spec: FailureSpec, rest: string, usageHeaders: (percent: number) => Record<string, string>): FakeResponse => {
  const retryAfter = spec.retryAfter ?? 30;
  if (rest === '/oauth/access_token') return { status, body: { error_type: 'OAuthException', code: status, error_message: status >= 500 ? 'An unknown error has occurred.' : 'Invalid request' } };
  if (status === 401) return { status, body: graphErrorBody('Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.', 190, 460) };
  if (status === 429) {
    return { status, body: graphErrorBody('Application request limit reached', 4, 2207051, 'OAuthException'), headers: { 'retry-after': String(retryAfter), ...usageHeaders(100) } };
  }
  if (status >= 500) return { status, body: { error: { ...graphErrorBody('An unexpected error has occurred. Please retry your request later.', 2, undefined, 'OAuthException').error, is_transient: true } } };
  return { status, body: graphErrorBody('Invalid parameter', 100) };
};

export const createInstagram = (options: { client: OAuthClient; signingKey: Buffer; now?: () => number }) => {
  const now = options.now ?? Date.now;
  const common = { client: options.client, consentPath: '/instagram/oauth/consent', issueRefreshTokens: false, rotateRefreshTokens: false, signingKey: options.signingKey, now };
  /** The consent, codes and short-lived tokens. */
  const shortLived = createOAuthServer({ ...common, title: 'Instagram', accessTtlSeconds: SHORT_LIVED_SECONDS, accessPrefix: 'IGQ.local-' });
  /** Long-lived tokens: minted by the exchange and the refresh. */
  const longLived = createOAuthServer({ ...common, title: 'Instagram', accessTtlSeconds: INSTAGRAM_LONG_LIVED_SECONDS, accessPrefix: 'IGAA.local-' });

  const profile = { followers: 12_840, follows: 312, biography: 'Small-batch sourdough, pastries and coffee. Baked at dawn in Leith.', website: 'https://crumbandco.example' };
  let usagePercent = 2;
  let sequence = 0;
  const media: Media[] = [];

  const newMedia = (index: number, timestamp: number, label: string): Media => {
    const random = mulberry32(index * 7919 + 17);
    const kind = random();
    const media_type = kind < 0.55 ? 'IMAGE' : kind < 0.75 ? 'CAROUSEL_ALBUM' : 'VIDEO';
    const reach = Math.round(800 + random() * 5200);
    const likes = Math.round(reach * (0.04 + random() * 0.08));
    return {
      id: `1790000${String(index).padStart(10, '0')}`,
      shortcode: shortcodeOf(label),
      caption: PILLAR_CAPTIONS[index % PILLAR_CAPTIONS.length]!(index),
      media_type,
      media_product_type: media_type === 'VIDEO' ? 'REELS' : 'FEED',
      image: 500 + index,
      timestamp,
      insights: {
        reach,
        views: Math.round(reach * (1.2 + random() * (media_type === 'VIDEO' ? 2.5 : 0.6))),
        likes,
        comments: Math.round(likes * (0.02 + random() * 0.1)),
        saved: Math.round(likes * random() * 0.25),
        shares: Math.round(likes * random() * 0.15),
      },
    };
  };

  /** The seed: posts every ~4.5 days back from today (midnight UTC, so a restart the same day gives the same times). */
  const seed = () => {
    media.length = 0;
    sequence = 0;
    const day = Math.floor(now() / 86_400_000) * 86_400_000;
    for (let i = 0; i < LOCAL_INSTAGRAM.seededMedia; i++) {
      const index = ++sequence;
      const random = mulberry32(index * 104_729);
      const hour = [7, 8, 12, 17, 18, 19, 20][Math.floor(random() * 7)]!;
      const daysAgo = (LOCAL_INSTAGRAM.seededMedia - index) * 4.5 + 1;
      media.push(newMedia(index, day - Math.round(daysAgo) * 86_400_000 + hour * 3_600_000 + Math.floor(random() * 50) * 60_000, `seed-${index}`));
    }
  };
  seed();

  /** N new posts, the newest a minute ago (as if the account posted them since). */
  const addMedia = (count: number) => {
    const added: Media[] = [];
    for (let i = count; i >= 1; i--) {
      const index = ++sequence;
      added.push(newMedia(index, now() - i * 60_000, `added-${index}-${randomBytes(4).toString('hex')}`));
    }
    media.push(...added);
    return added;
  };

  const newestFirst = () => [...media].sort((a, b) => b.timestamp - a.timestamp || b.id.localeCompare(a.id));

  const usageHeaders = (percent = usagePercent): Record<string, string> => {
    const p = Math.round(percent);
    return {
      'x-app-usage': JSON.stringify({ call_count: p, total_cputime: Math.round(p / 2), total_time: Math.round(p / 2) }),
      'x-business-use-case-usage': JSON.stringify({
        [LOCAL_INSTAGRAM.userId]: [{ type: 'instagram', call_count: p, total_cputime: Math.round(p / 2), total_time: Math.round(p / 2), estimated_time_to_regain_access: p >= 100 ? 5 : 0 }],
      }),
    };
  };

  const graphFail = (status: number, summary: string, message: string, code: number, subcode?: number): FakeResponse => json(status, graphErrorBody(message, code, subcode), { summary, headers: usageHeaders() });
  const oauthFail = (summary: string, message: string, code = 400): FakeResponse => json(code, { error_type: 'OAuthException', code, error_message: message }, { summary });

  /** The token of a Graph request: the access_token parameter or a bearer header. */
  const tokenOf = (req: FakeRequest) => req.query.get('access_token') ?? /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? undefined;

  /** Why a token is refused, in Graph's words; undefined when it is live. */
  const tokenProblem = (token: string | undefined): FakeResponse | undefined => {
    if (longLived.isValid(token) || shortLived.isValid(token)) return undefined;
    if (!token) return graphFail(400, 'no access token', 'An active access token must be used to query information about the current user.', 2500);
    if (longLived.isRevoked(token) || shortLived.isRevoked(token)) {
      return graphFail(400, 'token revoked', `Error validating access token: The user has not authorized application ${options.client.clientId}.`, 190, 460);
    }
    if (longLived.scopeOf(token) !== undefined || shortLived.scopeOf(token) !== undefined) {
      return graphFail(400, 'token expired', 'Error validating access token: Session has expired.', 190, 463);
    }
    return graphFail(400, 'token unreadable', 'Invalid OAuth access token - Cannot parse access token', 190);
  };

  const fieldsOf = (req: FakeRequest, fallback: string[]) => {
    const raw = req.query.get('fields');
    return raw ? raw.split(',').map((f) => f.trim()).filter(Boolean) : fallback;
  };
  const pick = (full: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.filter((f) => f in full).map((f) => [f, full[f]]));

  const mediaView = (m: Media, origin: string): Record<string, unknown> => ({
    id: m.id,
    caption: m.caption,
    media_type: m.media_type,
    media_product_type: m.media_product_type,
    media_url: m.media_type === 'VIDEO' ? `${origin}/instagram/cdn/${m.id}.mp4` : `${origin}/social/img/${m.image}.png`,
    ...(m.media_type === 'VIDEO' ? { thumbnail_url: `${origin}/social/img/${m.image}.png` } : {}),
    permalink: `https://www.instagram.com/${m.media_product_type === 'REELS' ? 'reel' : 'p'}/${m.shortcode}/`,
    shortcode: m.shortcode,
    timestamp: GRAPH_TIME(m.timestamp),
    like_count: m.insights.likes,
    comments_count: m.insights.comments,
    username: LOCAL_INSTAGRAM.username,
    owner: { id: LOCAL_INSTAGRAM.userId },
    is_comment_enabled: true,
  });

  const profileView = (origin: string): Record<string, unknown> => ({
    id: LOCAL_INSTAGRAM.appScopedId,
    user_id: LOCAL_INSTAGRAM.userId,
    username: LOCAL_INSTAGRAM.username,
    name: LOCAL_INSTAGRAM.name,
    account_type: 'BUSINESS',
    profile_picture_url: `${origin}/social/img/900.png`,
    followers_count: profile.followers,
    follows_count: profile.follows,
    media_count: media.length,
    biography: profile.biography,
    website: profile.website,
  });

  const cursorOf = (m: Media) => Buffer.from(`ig:${m.id}`).toString('base64url');
  const idOfCursor = (cursor: string) => {
    const text = Buffer.from(cursor, 'base64url').toString('utf8');
    return text.startsWith('ig:') ? text.slice(3) : undefined;
  };

  const METRICS = ['reach', 'likes', 'comments', 'saved', 'shares', 'views', 'total_interactions'] as const;
  const METRIC_TITLES: Record<(typeof METRICS)[number], string> = {
    reach: 'Accounts reached',
    likes: 'Likes',
    comments: 'Comments',
    saved: 'Saved',
    shares: 'Shares',
    views: 'Views',
    total_interactions: 'Interactions',
  };

  const graph = (req: FakeRequest, rest: string): FakeResponse => {
    if (usagePercent >= 100) return json(400, graphErrorBody('Application request limit reached', 4, 2207051), { summary: 'usage at 100 %: refused', headers: { ...usageHeaders(), 'retry-after': '300' } });
    const problem = tokenProblem(tokenOf(req));
    if (problem) return problem;
    const ok = (body: unknown, summary: string) => json(200, body, { summary, headers: usageHeaders() });
    const path = rest.replace(/^\/v\d+\.\d+/, '');
    if (req.method !== 'GET') return graphFail(400, `${req.method} ${rest}: not supported`, `Unsupported ${req.method.toLowerCase()} request.`, 100, 33);

    if (path === '/me' || path === `/${LOCAL_INSTAGRAM.userId}`) {
      return ok(pick(profileView(req.origin), fieldsOf(req, ['id'])), 'me');
    }
    if (path === '/me/media' || path === `/${LOCAL_INSTAGRAM.userId}/media`) {
      const limitText = req.query.get('limit');
      const limit = limitText === null ? 25 : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1) return graphFail(400, 'media: bad limit', '(#100) Param limit must be a positive integer', 100);
      const pageSize = Math.min(limit, 100);
      const all = newestFirst();
      const after = req.query.get('after');
      let start = 0;
      if (after) {
        const id = idOfCursor(after);
        const at = id === undefined ? -1 : all.findIndex((m) => m.id === id);
        if (at < 0) return graphFail(400, 'media: bad cursor', 'Invalid cursor', 100);
        start = at + 1;
      }
      const items = all.slice(start, start + pageSize);
      const fields = fieldsOf(req, ['id']);
      const more = start + pageSize < all.length;
      const next = new URL(`${req.origin}/instagram/graph${rest}`);
      for (const [name, value] of req.query) if (name !== 'after') next.searchParams.set(name, value);
      if (items.length) next.searchParams.set('after', cursorOf(items[items.length - 1]!));
      return ok(
        {
          data: items.map((m) => pick(mediaView(m, req.origin), fields)),
          paging: {
            ...(items.length ? { cursors: { before: cursorOf(items[0]!), after: cursorOf(items[items.length - 1]!) } } : {}),
            ...(more ? { next: next.toString() } : {}),
          },
        },
        `media: ${items.length} from ${start}${more ? '' : ' (last page)'}`,
      );
    }
    const insights = /^\/(\d+)\/insights$/.exec(path);
    const single = /^\/(\d+)$/.exec(path);
    const target = media.find((m) => m.id === (insights?.[1] ?? single?.[1]));
    if ((insights || single) && !target) {
      const id = insights?.[1] ?? single?.[1];
      return graphFail(400, `media ${id}: not found`, `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 100, 33);
    }
    if (single && target) return ok(pick(mediaView(target, req.origin), fieldsOf(req, ['id'])), `media ${target.id}`);
    if (insights && target) {
      const asked = (req.query.get('metric') ?? '').split(',').map((m) => m.trim()).filter(Boolean);
      if (!asked.length) return graphFail(400, 'insights: no metric', '(#100) The parameter metric is required', 100);
      const unknown = asked.find((m) => !(METRICS as readonly string[]).includes(m));
      if (unknown) return graphFail(400, `insights: metric ${unknown}`, `(#100) metric[${asked.indexOf(unknown)}] must be one of the following values: ${METRICS.join(', ')}`, 100);
      const values = { ...target.insights, total_interactions: target.insights.likes + target.insights.comments + target.insights.saved + target.insights.shares };
      return ok(
        {
          data: asked.map((name) => ({
            name,
            period: 'lifetime',
            values: [{ value: values[name as keyof typeof values] }],
            title: METRIC_TITLES[name as (typeof METRICS)[number]],
            description: '',
            id: `${target.id}/insights/${name}/lifetime`,
          })),
        },
        `insights ${target.id}: ${asked.join(',')}`,
      );
    }
    return graphFail(400, `GET ${rest}: not implemented`, `Unknown path components: ${path}`, 2500);
  };

  /** POST /oauth/access_token: the code for a short-lived token. */
  const exchangeCode = (req: FakeRequest): FakeResponse => {
    if (req.method !== 'POST') return oauthFail('access_token: not POST', 'Unsupported method', 405);
    const form = req.body ?? {};
    if (form.grant_type !== 'authorization_code') return oauthFail('access_token: grant_type', 'Invalid grant_type');
    if (form.client_id !== options.client.clientId || form.client_secret !== options.client.clientSecret) return oauthFail('access_token: invalid client', 'Invalid platform app');
    const answer = shortLived.exchange(req);
    if (!answer.ok) {
      return oauthFail(`access_token: ${answer.error}`, answer.error === 'redirect_uri_mismatch' ? 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request' : 'Invalid authorization code');
    }
    return json(200, { data: [{ access_token: answer.body.access_token, user_id: LOCAL_INSTAGRAM.userId, permissions: String(answer.body.scope ?? '') }] }, { summary: 'access_token: short-lived token issued' });
  };

  /** GET /access_token (ig_exchange_token) and /refresh_access_token (ig_refresh_token) on the Graph host. */
  const tokenExchange = (req: FakeRequest, kind: 'exchange' | 'refresh'): FakeResponse => {
    const token = req.query.get('access_token') ?? undefined;
    const grant = req.query.get('grant_type');
    if (kind === 'exchange') {
      if (grant !== 'ig_exchange_token') return graphFail(400, 'access_token: grant_type', 'Unsupported grant type', 100);
      if (req.query.get('client_secret') !== options.client.clientSecret) return graphFail(400, 'access_token: bad secret', 'Error validating client secret.', 101);
      if (!shortLived.isValid(token)) return tokenProblem(token) ?? graphFail(400, 'access_token: not a short-lived token', 'Invalid OAuth access token - Cannot parse access token', 190);
      const minted = longLived.mint(shortLived.scopeOf(token) ?? '');
      return json(200, { access_token: minted.access_token, token_type: 'bearer', expires_in: INSTAGRAM_LONG_LIVED_SECONDS }, { summary: 'access_token: long-lived token issued' });
    }
    if (grant !== 'ig_refresh_token') return graphFail(400, 'refresh_access_token: grant_type', 'Unsupported grant type', 100);
    // The real endpoint also wants the token at least 24 hours old; the fake refreshes any live long-lived token.
    if (!longLived.isValid(token)) return tokenProblem(token) ?? graphFail(400, 'refresh: not a long-lived token', 'Invalid OAuth access token - Cannot parse access token', 190);
    const minted = longLived.mint(longLived.scopeOf(token) ?? '');
    return json(200, { access_token: minted.access_token, token_type: 'bearer', expires_in: INSTAGRAM_LONG_LIVED_SECONDS }, { summary: 'refresh_access_token: renewed' });
  };

  /** Everything below /instagram. */
  const handle = (req: FakeRequest): FakeResponse => {
    const { path } = req;
    if (req.method === 'GET' && path === '/oauth/authorize') return shortLived.authorizePage(req);
    if (req.method === 'POST' && path === '/oauth/consent') return shortLived.consent(req);
    if (path === '/oauth/access_token') return exchangeCode(req);
    if (path.startsWith('/graph/')) {
      const rest = path.slice('/graph'.length);
      if (req.method === 'GET' && rest === '/access_token') return tokenExchange(req, 'exchange');
      if (req.method === 'GET' && rest === '/refresh_access_token') return tokenExchange(req, 'refresh');
      return graph(req, rest);
    }
    return { status: 404, body: { message: `No Instagram endpoint ${req.method} ${path}` } };
  };

  return {
    handle,
    usageHeaders,
    /** Tokens made without the consent page (a long-lived one), for tests and a seeded demo connection. */
    mint: () => longLived.mint('instagram_business_basic,instagram_business_manage_insights'),
    /** Refuses every token issued so far, until the next consent. */
    revoke: () => {
      shortLived.revoke();
      longLived.revoke();
    },
    /** Makes every token issued so far expire now. */
    expireTokens: () => {
      shortLived.expireAccessTokens();
      longLived.expireAccessTokens();
    },
    addMedia,
    setUsage: (percent: number) => {
      usagePercent = percent;
    },
    setFollowers: (followers: number) => {
      profile.followers = followers;
    },
    reset: () => {
      seed();
      usagePercent = 2;
      profile.followers = 12_840;
    },
    state: () => ({
      account: { id: LOCAL_INSTAGRAM.appScopedId, user_id: LOCAL_INSTAGRAM.userId, username: LOCAL_INSTAGRAM.username, name: LOCAL_INSTAGRAM.name, followers_count: profile.followers, follows_count: profile.follows, media_count: media.length, biography: profile.biography, website: profile.website },
      usagePercent,
      media: newestFirst().map((m) => ({
        id: m.id,
        permalink: mediaView(m, '').permalink as string,
        media_type: m.media_type,
        media_product_type: m.media_product_type,
        timestamp: GRAPH_TIME(m.timestamp),
        caption: m.caption,
        insights: m.insights,
      })),
    }),
    sequence: () => sequence,
  };
};
export type FakeInstagram = ReturnType<typeof createInstagram>;
