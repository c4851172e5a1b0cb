import { setTimeout as sleep } from 'node:timers/promises';
import { POST_LIMITS, SOCIAL_PLATFORMS, type Post, type PostFetchFailure, type PostFields, type RawPostData, type SocialPlatform } from '#shared/schemas/posts';
import { guardedFetch, type GuardedFetchOptions, type GuardedResponse } from '#lib/outbound/guarded-fetch';
import { configuredPolicy, originKey } from '#lib/outbound/policy';
import { OutboundRefused } from '#lib/outbound/refused';
import { THUMBNAIL_FETCH, THUMBNAIL_TYPES, imageTypeOf, type ThumbnailImage } from './thumbnail';

export type { PostFields, RawPostData } from '#shared/schemas/posts';
export type { ThumbnailImage } from './thumbnail';

/** `thumbnail`: the image the post names, fetched; absent when it has none or it could not be had (no failure). */
export type FetchPostResult = { ok: true; post: PostFields; raw: RawPostData; thumbnail?: ThumbnailImage } | { ok: false; reason: PostFetchFailure };

/** Caps of one post fetch: a page is read once, small, and quickly; a slow site fails the row, not the import. */
export const POST_FETCH = {
  timeoutMs: 8_000,
  maxBytes: 2_000_000,
  /** Requests in flight to one host from this process at once. */
  perHost: 2,
  /** Pause between two requests to the same host (politeness), from the end of one to the start of the next. */
  politenessMs: 200,
  /**
   * A host on the OUTBOUND_ALLOWLIST is the developer's own (a test site, the local fakes): no pause, more at once,
   * so a 10,000-row import against it measures the pipeline rather than the courtesy owed to a third party.
   */
  allowlisted: { perHost: 32, politenessMs: 0 },
} as const;

export type FetchPostOptions = { now?: () => Date; fetchOptions?: GuardedFetchOptions; politenessMs?: number; perHost?: number };

// ---- per-host concurrency and politeness

type HostSlot = { active: number; waiting: Array<() => void>; lastEnd: number };
const hosts = new Map<string, HostSlot>();

/** Runs `work` when the host has a free slot and its politeness delay has passed. */
const withHost = async <T>(host: string, limits: { perHost: number; politenessMs: number }, work: () => Promise<T>): Promise<T> => {
  let slot = hosts.get(host);
  if (!slot) hosts.set(host, (slot = { active: 0, waiting: [], lastEnd: 0 }));
  const own = slot;
  if (own.active >= limits.perHost) await new Promise<void>((resolve) => own.waiting.push(resolve));
  own.active++;
  const wait = own.lastEnd + limits.politenessMs - Date.now();
  if (wait > 0) await sleep(wait);
  try {
    return await work();
  } finally {
    own.active--;
    own.lastEnd = Date.now();
    const next = own.waiting.shift();
    if (next) next();
    else if (own.active === 0) hosts.delete(host);
  }
};

// ---- reading a page

/** The platform a host belongs to; any other site is 'web'. */
export const platformOfHost = (hostname: string): SocialPlatform => {
  const host = hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  const is = (...domains: string[]) => domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
  if (is('instagram.com', 'instagr.am')) return 'instagram';
  if (is('tiktok.com')) return 'tiktok';
  if (is('youtube.com', 'youtu.be')) return 'youtube';
  if (is('facebook.com', 'fb.com', 'fb.watch')) return 'facebook';
  if (is('linkedin.com')) return 'linkedin';
  if (is('x.com', 'twitter.com')) return 'x';
  if (is('threads.net', 'threads.com')) return 'threads';
  if (is('pinterest.com', 'pin.it')) return 'pinterest';
  return 'web';
};

/** The fake social web (local/fakes) names the platform in the path, /social/<platform>/<id>, as its hosts are not the platforms'. */
const platformOf = (url: URL): SocialPlatform => {
  const byHost = platformOfHost(url.hostname);
  if (byHost !== 'web') return byHost;
  const named = /^\/social\/([a-z]+)\//.exec(url.pathname)?.[1];
  return (SOCIAL_PLATFORMS as readonly string[]).includes(named ?? '') ? (named as SocialPlatform) : 'web';
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", nbsp: ' ' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z0-9]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** The attributes of one tag (`<meta property="og:title" content="…">`), names lower-cased, values decoded. */
const attributesOf = (tag: string) => {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([a-zA-Z_:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
    attributes[match[1]!.toLowerCase()] = decode(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
};

/** The page's <head> (or its first 200 kB): meta and link tags live there. */
const headOf = (html: string) => {
  const end = html.search(/<\/head\s*>/i);
  return end >= 0 ? html.slice(0, end) : html.slice(0, 200_000);
};

/** Every <meta> of the head by property or name (first one wins), lower-cased keys. */
export const metaTags = (html: string): Record<string, string> => {
  const meta: Record<string, string> = {};
  for (const match of headOf(html).matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(match[0]);
    const key = (attributes.property ?? attributes.name ?? attributes.itemprop)?.toLowerCase();
    if (key && attributes.content !== undefined && !(key in meta)) meta[key] = attributes.content;
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(headOf(html))?.[1];
  if (title && !('title' in meta)) meta.title = decode(title.trim());
  return meta;
};

/** The oEmbed JSON endpoint a page announces (<link rel="alternate" type="application/json+oembed" href>). */
export const oembedLink = (html: string, base: URL): URL | undefined => {
  for (const match of headOf(html).matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(match[0]);
    if (attributes.type?.toLowerCase() !== 'application/json+oembed' || !attributes.href) continue;
    if (!(attributes.rel ?? '').toLowerCase().split(/\s+/).includes('alternate')) continue;
    try {
      const href = new URL(attributes.href, base);
      if (href.protocol === 'http:' || href.protocol === 'https:') return href;
    } catch {
      // an unusable href: read the page's meta instead
    }
  }
  return undefined;
};

const clip = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/\s+/g, ' ').trim();
  return text ? Array.from(text).slice(0, max).join('') : undefined;
};
/** A media address as an absolute http(s) URL, else nothing (a `javascript:` or data URL is not kept). */
const absolute = (value: unknown, base: URL): string | undefined => {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.href.length <= POST_LIMITS.url ? url.href : undefined;
  } catch {
    return undefined;
  }
};
/** A time a site gives (ISO 8601 or a Unix time) as ISO in UTC; nonsense is dropped. */
const isoTime = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) value = new Date(value < 1e12 ? value * 1000 : value).toISOString();
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const time = Date.parse(value.trim());
  if (!Number.isFinite(time)) return undefined;
  const date = new Date(time);
  return date.getUTCFullYear() >= 1990 && date.getUTCFullYear() <= 2200 ? date.toISOString() : undefined;
};
const compact = <T extends Record<string, unknown>>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;

const rawOf = (contentType: string, data: string, now: Date): RawPostData => ({
  content_type: contentType,
  fetched_at: now.toISOString(),
  data: data.length > POST_LIMITS.raw ? data.slice(0, POST_LIMITS.raw) : data,
});

/** The post from an oEmbed answer (https://oembed.com): title is the caption, author_name the author. */
const fromOembed = (url: URL, page: Record<string, string>, oembed: Record<string, unknown>): PostFields =>
  compact({
    url: url.href,
    platform: platformOf(url),
    author: clip(oembed.author_name, POST_LIMITS.author) ?? clip(page['article:author'] ?? page.author, POST_LIMITS.author),
    caption: clip(oembed.title, POST_LIMITS.caption) ?? clip(page['og:description'] ?? page.description, POST_LIMITS.caption),
    media_url: absolute(oembed.type === 'photo' ? oembed.url : undefined, url) ?? absolute(page['og:video'] ?? page['og:image'], url),
    thumbnail_url: absolute(oembed.thumbnail_url, url) ?? absolute(page['og:image'], url),
    published_at: isoTime(oembed.upload_date ?? oembed.published_at) ?? isoTime(page['article:published_time'] ?? page['og:published_time']),
  });

/** The meta that make a page a post: OpenGraph (or Twitter card) title or description, and the page is not a site's home. */
const fromMeta = (url: URL, meta: Record<string, string>): PostFields | undefined => {
  const type = meta['og:type']?.toLowerCase();
  const caption = clip(meta['og:description'] ?? meta['twitter:description'] ?? meta['og:title'] ?? meta['twitter:title'], POST_LIMITS.caption);
  const media = absolute(meta['og:video'] ?? meta['og:video:url'] ?? meta['og:image'] ?? meta['twitter:image'], url);
  // A page is a post when it says so (an article, video, photo or a social type) or carries a caption with media;
  // a site's home or a profile (og:type website/profile) without either is not.
  const postType = type !== undefined && /^(article|video|photo|music|instapp|.*:(photo|post|video|pin))/.test(type);
  if (!caption || !(postType || (media && type !== 'website' && type !== 'profile'))) return undefined;
  return compact({
    url: url.href,
    platform: platformOf(url),
    author: clip(meta['article:author'] ?? meta.author ?? meta['twitter:creator'] ?? meta['og:site_name'], POST_LIMITS.author),
    caption,
    media_url: media,
    thumbnail_url: absolute(meta['og:image'] ?? meta['twitter:image'], url),
    published_at: isoTime(meta['article:published_time'] ?? meta['og:published_time'] ?? meta['video:release_date'] ?? meta.date),
  });
};

const failureOf = (error: unknown): PostFetchFailure => {
  if (!(error instanceof OutboundRefused)) return 'not_found';
  if (error.reason === 'timeout') return 'timeout';
  if (error.reason === 'size') return 'too_large';
  if (error.reason === 'network') return 'not_found';
  return 'refused';
};

const isHtml = (response: GuardedResponse) => /html|xml/i.test(response.headers['content-type'] ?? 'text/html');

/**
 * Fetches a social post by its URL: the page through the SSRF-guarded fetcher (public addresses or the
 * OUTBOUND_ALLOWLIST only, time and size capped, one per-host queue with a politeness delay), then the oEmbed
 * JSON it announces, else its OpenGraph / meta tags. Never throws for what a site does: a failure says why.
 */
export const fetchSocialPost = async (url: string, options: FetchPostOptions = {}): Promise<FetchPostResult> => {
  const now = options.now ?? (() => new Date());
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, reason: 'refused' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { ok: false, reason: 'refused' };
  const fetchOptions: GuardedFetchOptions = { timeoutMs: POST_FETCH.timeoutMs, maxBytes: POST_FETCH.maxBytes, ...options.fetchOptions };
  const policy = fetchOptions.policy ?? configuredPolicy();
  const limitsOf = (address: URL) => {
    const port = Number(address.port) || (address.protocol === 'https:' ? 443 : 80);
    const defaults = policy.allowlist.has(originKey(address.hostname.replace(/^\[|\]$/g, ''), port)) ? POST_FETCH.allowlisted : POST_FETCH;
    return { perHost: options.perHost ?? defaults.perHost, politenessMs: options.politenessMs ?? defaults.politenessMs };
  };
  const get = (address: URL, accept: string, caps: GuardedFetchOptions = {}) =>
    withHost(address.host.toLowerCase(), limitsOf(address), () => guardedFetch(address, { headers: { accept } }, { ...fetchOptions, ...caps, policy }));
  /** The post's thumbnail through the same guard and host queue: an image type, within its caps, else none. */
  const thumbnailOf = async (post: PostFields): Promise<{ thumbnail?: ThumbnailImage }> => {
    if (!post.thumbnail_url) return {};
    try {
      const answer = await get(new URL(post.thumbnail_url), Object.keys(THUMBNAIL_TYPES).join(','), {
        maxBytes: THUMBNAIL_FETCH.maxBytes,
        timeoutMs: options.fetchOptions?.timeoutMs ?? THUMBNAIL_FETCH.timeoutMs,
      });
      const contentType = answer.status === 200 ? imageTypeOf(answer.bytes) : undefined;
      return contentType ? { thumbnail: { bytes: answer.bytes, contentType } } : {};
    } catch {
      // A refused address, a timeout or an image over the cap: the post is kept without a thumbnail.
      return {};
    }
  };
  try {
    const page = await get(target, 'text/html,application/xhtml+xml');
    if (page.status === 404 || page.status === 410) return { ok: false, reason: 'not_found' };
    if (page.status >= 400) return { ok: false, reason: page.status === 401 || page.status === 403 ? 'refused' : 'not_found' };
    if (page.status >= 300 || !isHtml(page)) return { ok: false, reason: 'not_a_post' };
    const finalUrl = new URL(page.url);
    const meta = metaTags(page.text);
    const endpoint = oembedLink(page.text, finalUrl);
    if (endpoint) {
      try {
        const answer = await get(endpoint, 'application/json');
        const oembed = answer.status === 200 ? (answer.json() as unknown) : undefined;
        if (oembed && typeof oembed === 'object' && !Array.isArray(oembed)) {
          // The post is the URL that was given (after redirects), not the oEmbed endpoint.
          const post = fromOembed(finalUrl, meta, oembed as Record<string, unknown>);
          return { ok: true, post, raw: rawOf('application/json+oembed', answer.text, now()), ...(await thumbnailOf(post)) };
        }
      } catch (error) {
        // An oEmbed endpoint that fails, times out or answers no JSON: the page's meta may still do.
        if (error instanceof OutboundRefused && error.reason === 'address') return { ok: false, reason: 'refused' };
      }
    }
    const fields = fromMeta(finalUrl, meta);
    if (!fields) return { ok: false, reason: 'not_a_post' };
    return { ok: true, post: fields, raw: rawOf('application/json', JSON.stringify(meta, null, 2), now()), ...(await thumbnailOf(fields)) };
  } catch (error) {
    return { ok: false, reason: failureOf(error) };
  }
};
