import { Entity } from './lazy-entity';
import { POST_SOURCES, SOCIAL_PLATFORMS } from '#shared/schemas/posts';
import { tableSpec } from './table-spec';

const SERVICE = 'brandslate';

/** A brand's posts live in the brand's partition (workspace + project): a read by id cannot reach another brand. */
const brandKey = <const SK extends string[]>(sk: SK) => ({
  pk: { field: tableSpec.partitionKey, composite: ['workspaceId', 'projectId'] as ['workspaceId', 'projectId'] },
  sk: { field: tableSpec.sortKey, composite: sk },
});

/**
 * One post of a brand's library. `postId` leads with the post's feed time (published, else imported) as 13 digits
 * of milliseconds, so the feed, newest first, is one Query of the partition read backwards, and a day range is a
 * sort-key range. `search` is caption, author and URL lower-cased (the `q` filter).
 */
export const postEntity = new Entity({
  model: { entity: 'post', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    postId: { type: 'string', required: true, readOnly: true },
    url: { type: 'string', required: true, readOnly: true },
    platform: { type: SOCIAL_PLATFORMS, required: true, readOnly: true },
    author: { type: 'string', readOnly: true },
    caption: { type: 'string', readOnly: true },
    mediaUrl: { type: 'string', readOnly: true },
    /** The address the site named for the thumbnail. */
    thumbnailUrl: { type: 'string', readOnly: true },
    /** The server's copy of it in the uploads bucket (core/uploads/keys postThumbnailKey), when it could be fetched. */
    thumbnailKey: { type: 'string', readOnly: true },
    publishedAt: { type: 'string', readOnly: true },
    importedAt: { type: 'string', required: true, readOnly: true },
    source: { type: POST_SOURCES, required: true, readOnly: true },
    importUid: { type: 'string', readOnly: true },
    /** The row of the import's file that saved it: a row retried after a crash finds its own post by it. */
    importRow: { type: 'number', readOnly: true },
    tags: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    search: { type: 'string', required: true, readOnly: true },
  },
  indexes: { primary: brandKey(['postId']) },
});

/**
 * The claim of a (brand, normalized URL): created with the post in one transaction, conditional on absence, so
 * the same URL saved twice at once leaves one post; it names the post that holds the URL.
 */
export const postUrlEntity = new Entity({
  model: { entity: 'postUrl', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    /** sha-256 of the normalized URL, hex (a URL can be longer than a key should be). */
    urlKey: { type: 'string', required: true, readOnly: true },
    postId: { type: 'string', required: true, readOnly: true },
  },
  indexes: { primary: brandKey(['urlKey']) },
});

/** What the site returned for a post (capped), apart from the post so a feed page does not read it. */
export const postRawEntity = new Entity({
  model: { entity: 'postRaw', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    postId: { type: 'string', required: true, readOnly: true },
    contentType: { type: 'string', required: true, readOnly: true },
    fetchedAt: { type: 'string', required: true, readOnly: true },
    data: { type: 'string', required: true, readOnly: true },
  },
  indexes: { primary: brandKey(['postId']) },
});

export const postEntities = { post: postEntity, postUrl: postUrlEntity, postRaw: postRawEntity };
