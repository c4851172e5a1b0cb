import { createHash, randomBytes } from 'node:crypto';
import { WEB_ADDRESS_MESSAGE } from '#shared/schemas/common';
import { POST_LIMITS, type ListPostsQuery, type Post, type PostFetchFailure, type PostFields, type PostPage, type PostSource, type RawPostData } from '#shared/schemas/posts';
import type { ErrorCode } from '#shared/errors';
import { DomainError, ValidationError } from '#lib/errors';
import type { BrandKey, ImportRowOfPost, NewPost, PostItem, PostRawItem, PostUrlItem } from '#data/posts';
import { postThumbnailKey } from '../uploads/keys';
import { THUMBNAIL_TYPES, type ThumbnailImage } from './thumbnail';

/** The table and bucket access of posts (functions/data/posts.ts, #lib/uploads), wired in functions/http/wiring/posts.ts. */
export type PostStore = {
  brandExists: (brand: BrandKey) => Promise<boolean>;
  /** New posts in one write, all or none (createPosts): 'duplicate' when a URL is taken, 'conflict' when another write cancelled it. */
  createPosts: (entries: readonly NewPost[]) => Promise<'done' | 'duplicate' | 'conflict'>;
  getPostUrl: (brand: BrandKey, urlKey: string) => Promise<PostUrlItem | undefined>;
  /** The posts holding these URL keys, by key (keys no post holds are absent). */
  getPostsByUrlKeys: (brand: BrandKey, urlKeys: readonly string[]) => Promise<Map<string, PostItem>>;
  getPost: (brand: BrandKey, postId: string) => Promise<PostItem | undefined>;
  getPostRaw: (brand: BrandKey, postId: string) => Promise<PostRawItem | undefined>;
  setPostTags: (brand: BrandKey, postId: string, tags: string[]) => Promise<PostItem | undefined>;
  deletePost: (post: PostItem, urlKey: string) => Promise<void>;
  scanPosts: (
    brand: BrandKey,
    range: { below?: string; from?: string },
    keep: (post: PostItem) => boolean,
    limit: number,
    budget: number,
  ) => Promise<{ items: PostItem[]; last?: string }>;
  /** Writes a post's thumbnail copy in the uploads bucket. */
  putThumbnail: (key: string, image: ThumbnailImage) => Promise<void>;
  /** Deletes objects of the uploads bucket (absent ones are fine). */
  deleteObjects: (keys: readonly string[]) => Promise<void>;
  /** A short-lived link showing a thumbnail copy. */
  signThumbnail: (key: string) => Promise<string>;
};

/**
 * The URL a post is known by in a brand: scheme and host lower-cased, default port, fragment and the usual
 * tracking parameters dropped, a trailing slash dropped, the rest of the query sorted. Two URLs of the same post
 * as people paste them (…/p/abc/?utm_source=x#top and …/p/abc) are one.
 */
export const normalizePostUrl = (raw: string): string => {
  const url = new URL(raw.trim());
  url.hash = '';
  url.hostname = url.hostname.toLowerCase().replace(/^www\./, '');
  for (const name of [...url.searchParams.keys()]) {
    if (/^(utm_|fbclid$|gclid$|igshid$|igsh$|si$|ref$|ref_src$|mc_)/i.test(name)) url.searchParams.delete(name);
  }
  url.searchParams.sort();
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
};

export const urlKeyOf = (url: string) => createHash('sha256').update(normalizePostUrl(url)).digest('hex');

const MAX_MS = 9_999_999_999_999;
/**
 * A post id: its feed time (published, else imported) as 13 digits of milliseconds, then 'p' and 12 random
 * lower-case characters (keys are case-folded, so an id has one case), so ids sort as the feed does.
 */
export const newPostId = (feedTime: string) => {
  const ms = Math.min(MAX_MS, Math.max(0, Date.parse(feedTime) || 0));
  const random = Array.from(randomBytes(12), (byte) => 'abcdefghijklmnopqrstuvwxyz234567'[byte % 32]).join('');
  return `${String(ms).padStart(13, '0')}p${random}`;
};
/** The sort-key bound of a day (YYYY-MM-DD, UTC): ids of posts from that day on are at or above it. */
const dayBound = (day: string, plusDays = 0) => String(Date.parse(`${day}T00:00:00.000Z`) + plusDays * 86_400_000).padStart(13, '0');

/**
 * A post as answered. `thumbnail_url` is a signed link to the server's copy of the image in the uploads bucket (the
 * SPA's CSP shows images from there only); `thumbnail_source_url` is the address the site named, which a task keeps
 * as its reference image (a signed link expires).
 */
export const toPost = async (data: Pick<PostStore, 'signThumbnail'>, item: PostItem): Promise<Post> => ({
  uid: item.postId,
  project_uid: item.projectId,
  url: item.url,
  platform: item.platform,
  ...(item.author ? { author: item.author } : {}),
  ...(item.caption ? { caption: item.caption } : {}),
  ...(item.mediaUrl ? { media_url: item.mediaUrl } : {}),
  ...(item.thumbnailKey ? { thumbnail_url: await data.signThumbnail(item.thumbnailKey) } : {}),
  ...(item.thumbnailUrl ? { thumbnail_source_url: item.thumbnailUrl } : {}),
  ...(item.publishedAt ? { published_at: item.publishedAt } : {}),
  imported_at: item.importedAt,
  source: item.source,
  ...(item.importUid ? { import_uid: item.importUid } : {}),
  ...(item.importRow !== undefined ? { import_row: item.importRow } : {}),
  tags: item.tags ?? [],
});

const postNotFound = () => new DomainError('post_not_found', { field: 'postId' });
/** A workspace admin passes the project role check without a read: the brand must still be the workspace's. */
const ensureBrand = async (data: Pick<PostStore, 'brandExists'>, brand: BrandKey) => {
  if (!(await data.brandExists(brand))) throw new DomainError('project_not_found');
};

/** Where a post comes from: an import's row, or another source; with the thumbnail fetched for it, if any. */
export type PostOrigin =
  | { source: 'import'; importRow: ImportRowOfPost; thumbnail?: ThumbnailImage }
  | { source: Exclude<PostSource, 'import'>; thumbnail?: ThumbnailImage };

/** A fetched post to keep: what was read of it, as the site returned it, and where it comes from. */
export type PostToStore = { fields: PostFields; raw: RawPostData; origin: PostOrigin };

type PreparedPost = { entry: NewPost; dropThumbnail: () => Promise<void> };

/**
 * Posts written in one transaction at most: three items each (post, URL claim, raw data), well within DynamoDB's
 * 100 items and 4 MB (a raw item holds at most 100,000 characters).
 */
export const POSTS_PER_WRITE = 8;

/** A new post's items, its thumbnail copy written to the bucket first (the post names it). */
const preparePost = async (data: PostStore, brand: BrandKey, { fields, raw, origin }: PostToStore, now: () => Date): Promise<PreparedPost> => {
  const url = normalizePostUrl(fields.url);
  const importRow = origin.source === 'import' ? origin.importRow : undefined;
  const importedAt = now().toISOString();
  const postId = newPostId(fields.published_at ?? importedAt);
  const post: PostItem = {
    ...brand,
    postId,
    url,
    platform: fields.platform,
    ...(fields.author ? { author: fields.author } : {}),
    ...(fields.caption ? { caption: fields.caption } : {}),
    ...(fields.media_url ? { mediaUrl: fields.media_url } : {}),
    ...(fields.thumbnail_url ? { thumbnailUrl: fields.thumbnail_url } : {}),
    ...(fields.published_at ? { publishedAt: fields.published_at } : {}),
    importedAt,
    source: origin.source,
    ...(importRow ? { importUid: importRow.importId, importRow: importRow.row } : {}),
    tags: [],
    search: [fields.caption, fields.author, url].filter(Boolean).join('\n').toLowerCase(),
  };
  if (origin.thumbnail) {
    const key = postThumbnailKey(brand.workspaceId, brand.projectId, postId, THUMBNAIL_TYPES[origin.thumbnail.contentType]);
    await data.putThumbnail(key, origin.thumbnail);
    post.thumbnailKey = key;
  }
  return {
    entry: {
      post,
      claim: { ...brand, urlKey: urlKeyOf(url), postId },
      raw: { ...brand, postId, contentType: raw.content_type, fetchedAt: raw.fetched_at, data: raw.data.slice(0, POST_LIMITS.raw) },
    },
    dropThumbnail: async () => {
      if (post.thumbnailKey) await data.deleteObjects([post.thumbnailKey]);
    },
  };
};

/**
 * Writes one prepared post, once per (brand, URL): a write that finds the URL taken (a redirect to a known post, two
 * saves at once) reads the post already there and answers it as a duplicate, deleting the copy of the thumbnail.
 */
const writePost = async (data: PostStore, brand: BrandKey, { entry, dropThumbnail }: PreparedPost): Promise<{ post: Post; duplicate: boolean }> => {
  const existing = async () => {
    const claim = await data.getPostUrl(brand, entry.claim.urlKey);
    const post = claim && (await data.getPost(brand, claim.postId));
    return post ? { post: await toPost(data, post), duplicate: true } : undefined;
  };
  // A write that throws may still have landed (a lost answer): its copy stays, as a post may name it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await data.createPosts([entry]);
    if (outcome === 'done') return { post: await toPost(data, entry.post), duplicate: false };
    if (outcome === 'duplicate') {
      const found = await existing();
      if (found) {
        await dropThumbnail();
        return found;
      }
    }
  }
  await dropThumbnail();
  throw new DomainError('service_busy');
};

/**
 * Keeps a fetched post in the brand's library, once per (brand, normalized URL): the post, its URL claim and its
 * raw data in one transaction, so a second save of the same URL (a redelivered import row, two imports at once)
 * writes nothing and answers the post already there with `duplicate: true`. Its thumbnail, when one was
 * fetched, is written to the bucket first and the post names it; a save that ends as a duplicate or busy deletes
 * the copy again, so no post names a missing image. Every caller looks its URL up before fetching (a known post
 * is not fetched again), so this writes at once and reads only when the write finds the URL taken (a redirect to
 * a known post, or two saves at once). A post an import saves names the import and its row.
 */
export const storePost = async (
  data: PostStore,
  brand: BrandKey,
  fields: PostFields,
  raw: RawPostData,
  origin: PostOrigin,
  now: () => Date = () => new Date(),
): Promise<{ post: Post; duplicate: boolean }> => writePost(data, brand, await preparePost(data, brand, { fields, raw, origin }, now));

/**
 * Several fetched posts of a brand (an import chunk's rows), answered in their order as storePost answers each:
 * written together, POSTS_PER_WRITE to a transaction, which is all an import of new URLs needs. A group the
 * table refuses (a URL taken meanwhile, another write on the same items) is written post by post as storePost
 * writes, so each post still ends saved or a duplicate exactly as it would alone.
 */
export const storePosts = async (
  data: PostStore,
  brand: BrandKey,
  posts: readonly PostToStore[],
  now: () => Date = () => new Date(),
): Promise<{ post: Post; duplicate: boolean }[]> => {
  const prepared = await Promise.all(posts.map((post) => preparePost(data, brand, post, now)));
  const saved: { post: Post; duplicate: boolean }[] = [];
  for (let start = 0; start < prepared.length; start += POSTS_PER_WRITE) {
    const group = prepared.slice(start, start + POSTS_PER_WRITE);
    if (group.length > 1 && (await data.createPosts(group.map(({ entry }) => entry))) === 'done') {
      saved.push(...(await Promise.all(group.map(async ({ entry }) => ({ post: await toPost(data, entry.post), duplicate: false })))));
    } else {
      for (const one of group) saved.push(await writePost(data, brand, one));
    }
  }
  return saved;
};

/** The brand's posts at these URLs (as given; normalized to look up), by URL: one lookup for many, absent when new. */
export const findPostsByUrl = async (data: PostStore, brand: BrandKey, urls: readonly string[]): Promise<Map<string, Post>> => {
  const keyOf = new Map(urls.map((url) => [url, urlKeyOf(url)]));
  const held = await data.getPostsByUrlKeys(brand, [...keyOf.values()]);
  const found = new Map<string, Post>();
  for (const [url, key] of keyOf) {
    const post = held.get(key);
    if (post) found.set(url, await toPost(data, post));
  }
  return found;
};

const FAILURE_CODES: Record<PostFetchFailure, ErrorCode> = {
  not_found: 'post_fetch_not_found',
  refused: 'post_fetch_refused',
  timeout: 'post_fetch_timeout',
  not_a_post: 'post_fetch_not_a_post',
  too_large: 'post_fetch_too_large',
};

/** The add-by-URL route: a URL the brand holds is a 409 naming the post (before any fetch); else fetched and saved. */
export const addPostByUrl = async (
  data: PostStore,
  brand: BrandKey,
  url: string,
  fetch: (url: string) => Promise<{ ok: true; post: PostFields; raw: RawPostData; thumbnail?: ThumbnailImage } | { ok: false; reason: PostFetchFailure }>,
): Promise<Post> => {
  await ensureBrand(data, brand);
  // An address the URL parser cannot read (a host with '<' or ']') names no page: the field is wrong.
  if (!URL.canParse(url)) throw new ValidationError('url', WEB_ADDRESS_MESSAGE);
  const claim = await data.getPostUrl(brand, urlKeyOf(url));
  if (claim) throw new DomainError('post_exists', { field: 'url', existingUid: claim.postId });
  const fetched = await fetch(url);
  if (!fetched.ok) throw new DomainError(FAILURE_CODES[fetched.reason], { field: 'url' });
  // The post keeps the address it was added by (the page may have redirected elsewhere).
  const saved = await storePost(data, brand, { ...fetched.post, url }, fetched.raw, { source: 'manual', ...(fetched.thumbnail ? { thumbnail: fetched.thumbnail } : {}) });
  if (saved.duplicate) throw new DomainError('post_exists', { field: 'url', existingUid: saved.post.uid });
  return saved.post;
};

export const getPostOf = async (data: PostStore, brand: BrandKey, postId: string): Promise<Post> => {
  const item = await data.getPost(brand, postId);
  if (!item) throw postNotFound();
  return toPost(data, item);
};

export const getPostRawOf = async (data: PostStore, brand: BrandKey, postId: string): Promise<RawPostData> => {
  const raw = await data.getPostRaw(brand, postId);
  if (!raw) throw postNotFound();
  return { content_type: raw.contentType, fetched_at: raw.fetchedAt, data: raw.data };
};

export const tagPost = async (data: PostStore, brand: BrandKey, postId: string, tags: string[] | undefined): Promise<Post> => {
  if (tags === undefined) return getPostOf(data, brand, postId);
  const unique = [...new Map(tags.map((tag) => [tag.toLowerCase(), tag])).values()];
  const item = await data.setPostTags(brand, postId, unique);
  if (!item) throw postNotFound();
  return toPost(data, item);
};

/** Removes a post, then its thumbnail copy (an image left behind by a failed delete names no post). */
export const removePost = async (data: PostStore, brand: BrandKey, postId: string): Promise<void> => {
  const item = await data.getPost(brand, postId);
  if (!item) throw postNotFound();
  await data.deletePost(item, urlKeyOf(item.url));
  if (item.thumbnailKey) await data.deleteObjects([item.thumbnailKey]);
};

/** Posts read per page request at most, filters included (a narrow filter answers fewer items and a cursor). */
const READ_BUDGET = 1000;

const encodeCursor = (postId: string) => Buffer.from(postId, 'utf8').toString('base64url');
const decodeCursor = (cursor: string) => {
  const postId = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{13}p[a-z2-7]{12}$/.test(postId)) throw new DomainError('bad_request', { field: 'cursor' });
  return postId;
};

/** The feed and the library: newest first, filtered, cursor-paged. */
export const listPosts = async (data: PostStore, brand: BrandKey, query: ListPostsQuery): Promise<PostPage> => {
  await ensureBrand(data, brand);
  const limit = query.limit ?? POST_LIMITS.defaultPageSize;
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const toBound = query.to ? dayBound(query.to, 1) : undefined;
  const below = [cursor, toBound].filter((bound): bound is string => Boolean(bound)).sort()[0];
  const from = query.from ? dayBound(query.from) : undefined;
  if (from && below && from >= below) return { items: [] };
  const platforms = query.platform?.length ? new Set<string>(query.platform) : undefined;
  const q = query.q?.toLowerCase();
  const tag = query.tag?.toLowerCase();
  const { items, last } = await data.scanPosts(
    brand,
    { ...(below ? { below } : {}), ...(from ? { from } : {}) },
    (post) =>
      (!platforms || platforms.has(post.platform)) &&
      (!q || post.search.includes(q)) &&
      (!tag || (post.tags ?? []).some((t) => t.toLowerCase() === tag)),
    limit,
    READ_BUDGET,
  );
  return { items: await Promise.all(items.map((item) => toPost(data, item))), ...(last ? { cursor: encodeCursor(last) } : {}) };
};
