import type { EntityItem } from 'electrodb';
import { db } from './db';
import { cancelledOutcome } from './conditions';
import { allExactly, exactly, sameIds } from './exact-ids';
import type { postEntity, postRawEntity, postUrlEntity } from './post-entities';

export type PostItem = EntityItem<typeof postEntity>;
export type PostRawItem = EntityItem<typeof postRawEntity>;
export type PostUrlItem = EntityItem<typeof postUrlEntity>;
export type BrandKey = { workspaceId: string; projectId: string };

/** The row of an import that saves a post: the post names it (importUid, importRow). */
export type ImportRowOfPost = { importId: string; row: number };

/** A new post's items: the post, its URL claim and its raw data. */
export type NewPost = { post: PostItem; claim: PostUrlItem; raw: PostRawItem };

/**
 * New posts, each with its URL claim and raw data, in one TransactWriteItems (at most 33 posts: 100 items): all or
 * none. Each claim is conditional on absence (pattern: postCreate). 'duplicate' when the brand already holds one of
 * the URLs (its claim names which post), 'conflict' when another write on the same items cancelled it.
 */
export const createPosts = async (entries: readonly NewPost[]): Promise<'done' | 'duplicate' | 'conflict'> => {
  const { canceled, data } = await db()
    .transaction.write(({ post: posts, postUrl, postRaw }) =>
      entries.flatMap(({ post, claim, raw }) => [postUrl.create(claim).commit(), posts.create(post).commit(), postRaw.create(raw).commit()]),
    )
    .go();
  if (!canceled) return 'done';
  return cancelledOutcome(data) === 'conflict' ? 'conflict' : 'duplicate';
};

/**
 * Whether the brand is one of the workspace's (pattern: postBrand): the project role check lets a workspace admin
 * through without reading the project, and a post must not be listed or written under a brand that is not there.
 */
export const brandExists = async (brand: BrandKey): Promise<boolean> => {
  const { data } = await db().entities.project.get(brand).go();
  return exactly((data ?? undefined) as BrandKey | undefined, brand) !== undefined;
};

/** Which post holds a URL of the brand (pattern: postByUrl). */
export const getPostUrl = async (brand: BrandKey, urlKey: string): Promise<PostUrlItem | undefined> => {
  const { data } = await db().entities.postUrl.get({ ...brand, urlKey }).go();
  return exactly((data ?? undefined) as PostUrlItem | undefined, { ...brand, urlKey });
};

/**
 * Which posts hold these URLs of the brand, by the claims' keys (pattern: postsByUrls): the claims, then their posts,
 * each in BatchGetItems. An import looks its chunk's URLs up at once instead of one GetItem per row.
 */
export const getPostsByUrlKeys = async (brand: BrandKey, urlKeys: readonly string[]): Promise<Map<string, PostItem>> => {
  const unique = new Set(urlKeys);
  if (!unique.size) return new Map();
  const claims = await db().entities.postUrl.get([...unique].map((urlKey) => ({ ...brand, urlKey }))).go({ concurrency: 2 });
  if (claims.unprocessed.length) throw new Error(`BatchGet left ${claims.unprocessed.length} post URLs unprocessed`);
  const held = allExactly(claims.data, brand).filter((claim) => unique.has(claim.urlKey));
  if (!held.length) return new Map();
  const posts = await db().entities.post.get([...new Set(held.map((claim) => claim.postId))].map((postId) => ({ ...brand, postId }))).go({ concurrency: 2 });
  if (posts.unprocessed.length) throw new Error(`BatchGet left ${posts.unprocessed.length} posts unprocessed`);
  const byId = new Map(allExactly(posts.data, brand).map((post) => [post.postId, post]));
  return new Map(held.flatMap((claim) => (byId.has(claim.postId) ? [[claim.urlKey, byId.get(claim.postId)!] as const] : [])));
};

/** One post (pattern: postById). */
export const getPost = async (brand: BrandKey, postId: string): Promise<PostItem | undefined> => {
  const { data } = await db().entities.post.get({ ...brand, postId }).go();
  return exactly((data ?? undefined) as PostItem | undefined, { ...brand, postId });
};

/** A post's raw data (pattern: postRawById). */
export const getPostRaw = async (brand: BrandKey, postId: string): Promise<PostRawItem | undefined> => {
  const { data } = await db().entities.postRaw.get({ ...brand, postId }).go();
  return exactly((data ?? undefined) as PostRawItem | undefined, { ...brand, postId });
};

/** Replaces a post's tags, only if it exists (pattern: postTags); undefined when there is no such post. */
export const setPostTags = async (brand: BrandKey, postId: string, tags: string[]): Promise<PostItem | undefined> => {
  try {
    const { data } = await db()
      .entities.post.patch({ ...brand, postId })
      .set({ tags })
      .where((attr, { eq }) => sameIds(attr, eq, { ...brand, postId }))
      .go({ response: 'all_new' });
    return data as PostItem;
  } catch (error) {
    if (error instanceof Error && /conditional/i.test(`${error.name} ${error.message} ${(error.cause as Error | undefined)?.name ?? ''}`)) return undefined;
    throw error;
  }
};

/** Removes a post with its URL claim and raw data in one TransactWriteItems (pattern: postDelete). */
export const deletePost = async (post: PostItem, urlKey: string): Promise<void> => {
  const brand = { workspaceId: post.workspaceId, projectId: post.projectId };
  await db()
    .transaction.write(({ post: posts, postUrl, postRaw }) => [
      posts.delete({ ...brand, postId: post.postId }).commit(),
      postUrl.delete({ ...brand, urlKey }).commit(),
      postRaw.delete({ ...brand, postId: post.postId }).commit(),
    ])
    .go();
};

/**
 * One page of the brand's posts newest first, between two sort-key bounds (pattern: postsFeed): `below` is an
 * exclusive upper bound (the cursor), `from` an inclusive lower one. Pages through DynamoDB until `keep` has said
 * yes `limit` times or `budget` items were read; `last` is the postId of the last item read when more may follow.
 */
export const scanPosts = async (
  brand: BrandKey,
  range: { below?: string; from?: string },
  keep: (post: PostItem) => boolean,
  limit: number,
  budget: number,
): Promise<{ items: PostItem[]; last?: string }> => {
  const items: PostItem[] = [];
  let read = 0;
  let cursor: string | null | undefined;
  const base = db().entities.post.query.primary(brand);
  const query = range.below && range.from
    ? base.between({ postId: range.from }, { postId: range.below })
    : range.below
      ? base.lte({ postId: range.below })
      : range.from
        ? base.gte({ postId: range.from })
        : base;
  for (;;) {
    const page = await query.go({ order: 'desc', limit: Math.min(100, budget - read), ...(cursor ? { cursor } : {}) });
    for (const post of allExactly(page.data as PostItem[], brand)) {
      if (range.below && post.postId >= range.below) continue;
      read++;
      if (keep(post)) items.push(post);
      if (items.length >= limit || read >= budget) return { items, last: post.postId };
    }
    cursor = page.cursor;
    if (!cursor) return { items };
  }
};
