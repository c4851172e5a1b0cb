import type { PostMetricsItem } from '#data/analytics';

/** A synced Instagram post's metrics item of a brand (10 likes, 2 comments unless `extra` says otherwise). */
export const postMetric = (brand: { workspaceId: string; projectId: string }, postId: string, publishedAt: string, extra: Partial<PostMetricsItem> = {}): PostMetricsItem => ({
  ...brand,
  postId,
  publishedAt,
  platform: 'instagram',
  externalId: `m-${postId}`,
  url: `https://www.instagram.com/p/${postId}/`,
  likes: 10,
  comments: 2,
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...extra,
});
