import { Entity } from './lazy-entity';
import { ANALYTICS_PLATFORMS } from '#shared/schemas/analytics';
import { tableSpec } from './table-spec';

const SERVICE = 'brandslate';

/** Analytics live in the brand's partition (workspace + project), beside its posts. */
const brandKey = <const SK extends string[]>(sk: SK) => ({
  pk: { field: tableSpec.partitionKey, composite: ['workspaceId', 'projectId'] as ['workspaceId', 'projectId'] },
  sk: { field: tableSpec.sortKey, composite: sk },
});

/**
 * One connected account's figures on one day (UTC), written by each sync of that day (the last one wins), so
 * followers over time is one Query of a day range.
 */
export const accountSnapshotEntity = new Entity({
  model: { entity: 'accountSnapshot', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM-DD */
    day: { type: 'string', required: true, readOnly: true },
    platform: { type: ANALYTICS_PLATFORMS, required: true, readOnly: true },
    externalId: { type: 'string', required: true },
    username: { type: 'string', required: true },
    followers: { type: 'number', required: true },
    following: { type: 'number' },
    mediaCount: { type: 'number' },
    totalViews: { type: 'number' },
    takenAt: { type: 'string', required: true },
  },
  indexes: { primary: brandKey(['day', 'platform']) },
});

/**
 * The metrics of one synced post, as last read from the provider (each sync overwrites them). Keyed by the time it
 * was published, so a date range is a sort-key range; it carries what the analytics list shows (caption, link,
 * thumbnail copy, pillar), so the page reads no post items.
 */
export const postMetricsEntity = new Entity({
  model: { entity: 'postMetrics', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    /** ISO, the provider's publish time. */
    publishedAt: { type: 'string', required: true, readOnly: true },
    /** The brand's post (functions/data/post-entities.ts) it measures. */
    postId: { type: 'string', required: true, readOnly: true },
    platform: { type: ANALYTICS_PLATFORMS, required: true, readOnly: true },
    /** The provider's media id. */
    externalId: { type: 'string', required: true },
    url: { type: 'string', required: true },
    mediaType: { type: 'string' },
    caption: { type: 'string' },
    thumbnailKey: { type: 'string' },
    pillar: { type: 'string' },
    views: { type: 'number' },
    reach: { type: 'number' },
    likes: { type: 'number' },
    comments: { type: 'number' },
    saves: { type: 'number' },
    shares: { type: 'number' },
    updatedAt: { type: 'string', required: true },
  },
  indexes: { primary: brandKey(['publishedAt', 'postId']) },
});

export const analyticsEntities = { accountSnapshot: accountSnapshotEntity, postMetrics: postMetricsEntity };
