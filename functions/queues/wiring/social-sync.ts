import type { SyncDeps } from '#core/analytics/sync';
import { systemClock } from '#core/clock';
import { storePost, urlKeyOf } from '#core/posts/posts';
import { THUMBNAIL_FETCH, THUMBNAIL_TYPES, imageTypeOf } from '#core/posts/thumbnail';
import { connectionPictureKey, postThumbnailKey } from '#core/uploads/keys';
import { putObject } from '#lib/uploads';
import { putAccountSnapshot, putPostMetrics } from '#data/analytics';
import { getConnection, updateConnection } from '#data/connections';
import { logger } from '#lib/logger';
import { guardedFetch } from '#lib/outbound/guarded-fetch';
import { instagramClient } from '#lib/providers/instagram';
import { youtubeClient } from '#lib/providers/youtube';
import { withConnectionTokens } from '../../http/wiring/connections';
import { postDeps } from '../../http/wiring/posts';

/** A media's thumbnail through the guarded fetcher (the platforms' CDNs are public hosts): an image within its caps, else none. */
const fetchThumbnail: SyncDeps['fetchThumbnail'] = async (url) => {
  try {
    const answer = await guardedFetch(url, { headers: { accept: Object.keys(THUMBNAIL_TYPES).join(',') } }, { maxBytes: THUMBNAIL_FETCH.maxBytes, timeoutMs: THUMBNAIL_FETCH.timeoutMs });
    const contentType = answer.status === 200 ? imageTypeOf(answer.bytes) : undefined;
    return contentType ? { bytes: answer.bytes, contentType } : undefined;
  } catch {
    // Refused, too large or timed out: the post is kept without a thumbnail copy.
    return undefined;
  }
};

/** The social-sync consumer's table, bucket, secrets and provider access. */
export const syncDeps: SyncDeps = {
  clock: systemClock,
  getConnection,
  updateConnection,
  withConnectionTokens,
  clientFor: (type, accessToken) => (type === 'instagram' ? instagramClient(accessToken) : youtubeClient(accessToken)),
  findPost: async (brand, url) => {
    const claim = await postDeps.getPostUrl(brand, urlKeyOf(url));
    const post = claim && (await postDeps.getPost(brand, claim.postId));
    return post ? { postId: post.postId, ...(post.thumbnailKey ? { thumbnailKey: post.thumbnailKey } : {}) } : undefined;
  },
  storePost: async (brand, fields, raw, thumbnail) => {
    const { post, duplicate } = await storePost(postDeps, brand, fields, raw, { source: 'sync', ...(thumbnail ? { thumbnail } : {}) });
    if (duplicate) {
      // Saved meanwhile by another run or the import: its own thumbnail copy, if any.
      const item = await postDeps.getPost(brand, post.uid);
      return { postId: post.uid, duplicate, ...(item?.thumbnailKey ? { thumbnailKey: item.thumbnailKey } : {}) };
    }
    // storePost names the copy it wrote by this key (functions/core/posts/posts.ts).
    const thumbnailKey = thumbnail ? postThumbnailKey(brand.workspaceId, brand.projectId, post.uid, THUMBNAIL_TYPES[thumbnail.contentType]) : undefined;
    return { postId: post.uid, duplicate, ...(thumbnailKey ? { thumbnailKey } : {}) };
  },
  fetchThumbnail,
  putAccountSnapshot,
  putPostMetrics,
  storePicture: async (brand, type, url) => {
    const image = await fetchThumbnail(url);
    if (!image) return undefined;
    const key = connectionPictureKey(brand.workspaceId, brand.projectId, type);
    await putObject(key, image.bytes, image.contentType);
    return key;
  },
  log: (message, detail) => logger.info(message, detail),
};

