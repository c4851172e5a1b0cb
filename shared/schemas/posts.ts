import * as z from 'zod/mini';
import { id, isoDate, number, pattern, text, WEB_ADDRESS_MESSAGE } from './common';
import { POST_PLATFORMS, dayDate } from './task';

/**
 * A brand's social posts (issue 12): the library and the feed. A post is added by URL (one at a time, or by the CSV
 * import) and fetched once; what the site answered is kept as its raw post data. Limits, platforms and the failure
 * reasons are written here once: the server validates with these schemas, the import worker and the SPA import them.
 */

/** The task platforms, plus 'web' for a page of any other site (read from its OpenGraph tags). */
export const SOCIAL_PLATFORMS = [...POST_PLATFORMS, 'web'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** 'sync': read from the brand's connected Instagram or YouTube account (issue 14). */
export const POST_SOURCES = ['import', 'manual', 'sync'] as const;
export type PostSource = (typeof POST_SOURCES)[number];

/** Why a URL did not become a post (import failures CSV, the add-by-URL 422). */
export const POST_FETCH_FAILURES = ['not_found', 'refused', 'timeout', 'not_a_post', 'too_large'] as const;
export type PostFetchFailure = (typeof POST_FETCH_FAILURES)[number];
/** What a person reads for each failure reason (the failures CSV and the SPA say the same). */
export const POST_FETCH_FAILURE_MESSAGES: Readonly<Record<PostFetchFailure, string>> = {
  not_found: 'Not found',
  refused: 'Refused address',
  timeout: 'Timed out',
  not_a_post: 'Not a post page',
  too_large: 'Page too large',
};

export const POST_LIMITS = {
  url: 2048,
  author: 200,
  caption: 5000,
  tag: 40,
  tags: 20,
  /** Raw post data kept per post (characters of the oEmbed JSON or the page's meta). */
  raw: 100_000,
  q: 200,
  pageSize: 100,
  defaultPageSize: 30,
} as const;

/** A post URL a user gives: http or https, a host, no spaces. */
export const postUrl = text(POST_LIMITS.url, { trim: true, required: true }).check(
  z.regex(/^https?:\/\/[^\s/?#]+\S*$/, WEB_ADDRESS_MESSAGE),
);

/** What the fetcher reads from a post page (oEmbed or OpenGraph/meta). */
export const postFields = z.object({
  url: z.string(),
  platform: z.enum(SOCIAL_PLATFORMS),
  author: z.optional(z.string()),
  caption: z.optional(z.string()),
  media_url: z.optional(z.string()),
  thumbnail_url: z.optional(z.string()),
  published_at: z.optional(z.string()),
});
export type PostFields = z.infer<typeof postFields>;

export const post = z.object({
  uid: z.string(),
  project_uid: z.string(),
  url: z.string(),
  platform: z.enum(SOCIAL_PLATFORMS),
  author: z.optional(z.string()),
  caption: z.optional(z.string()),
  media_url: z.optional(z.string()),
  /** A short-lived signed link to the server's copy of the thumbnail (what the SPA shows). */
  thumbnail_url: z.optional(z.string()),
  /** The thumbnail's address on the site (a task keeps it as its reference image: it does not expire). */
  thumbnail_source_url: z.optional(z.string()),
  published_at: z.optional(isoDate),
  imported_at: isoDate,
  source: z.enum(POST_SOURCES),
  import_uid: z.optional(z.string()),
  /** The row of that import's file the post came from (as the failures CSV numbers rows). */
  import_row: z.optional(z.number()),
  tags: z.array(z.string()),
});
export type Post = z.infer<typeof post>;

/** What the site returned for a post: the oEmbed JSON, or the page's meta tags as JSON; capped at POST_LIMITS.raw. */
export const rawPostData = z.object({
  content_type: z.string(),
  fetched_at: isoDate,
  data: z.string(),
});
export type RawPostData = z.infer<typeof rawPostData>;

// ---- params, query, bodies

export const postsParams = z.object({ workspaceId: id, projectId: id });
export const postParams = z.object({ workspaceId: id, projectId: id, postId: id });

const tag = text(POST_LIMITS.tag, { trim: true, required: 'must not be empty' });
/** Comma-separated list in a query string ("instagram,tiktok"); empty items dropped, each item validated. */
const csv = <T extends z.ZodMiniType<unknown, string>>(item: T) =>
  z.optional(
    z.pipe(
      z.pipe(
        text(2000),
        z.transform((value: string) => value.split(',').map((v) => v.trim()).filter(Boolean)),
      ),
      z.array(item),
    ),
  );

export const listPostsQuery = z.object({
  cursor: z.optional(text(2000)),
  limit: z.optional(
    z.pipe(z.pipe(pattern(/^\d{1,3}$/, 'must be a whole number'), z.transform((v: string) => Number(v))), number(1, POST_LIMITS.pageSize)),
  ),
  platform: csv(z.enum(SOCIAL_PLATFORMS)),
  /** Days (YYYY-MM-DD, UTC) of the post's time (published, else imported), inclusive. */
  from: z.optional(dayDate),
  to: z.optional(dayDate),
  q: z.optional(text(POST_LIMITS.q, { trim: true })),
  tag: z.optional(tag),
});
export type ListPostsQuery = z.output<typeof listPostsQuery>;

export const postPage = z.object({
  items: z.array(post),
  /** Opaque; pass back as `cursor` for the next page. Absent on the last page. */
  cursor: z.optional(z.string()),
});
export type PostPage = z.infer<typeof postPage>;

export const createPostBody = z.object({ url: postUrl });
export type CreatePostBody = z.output<typeof createPostBody>;

export const updatePostBody = z.object({
  tags: z.optional(z.array(tag).check(z.maxLength(POST_LIMITS.tags, `must have at most ${POST_LIMITS.tags} tags`))),
});
export type UpdatePostBody = z.output<typeof updatePostBody>;
