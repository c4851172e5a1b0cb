import type { EntityItem } from 'electrodb';
import { db } from './db';
import { allExactly } from './exact-ids';
import type { accountSnapshotEntity, postMetricsEntity } from './analytics-entities';
import type { BrandKey } from './posts';

export type AccountSnapshotItem = EntityItem<typeof accountSnapshotEntity>;
export type PostMetricsItem = EntityItem<typeof postMetricsEntity>;

/** Pages a Query through to its end or `cap` items (the brand's own items only: keys are case-folded). */
const readAll = async <T extends BrandKey>(
  page: (cursor: string | undefined) => Promise<{ data: unknown[]; cursor: string | null }>,
  brand: BrandKey,
  cap: number,
): Promise<T[]> => {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    items.push(...(allExactly<BrandKey>(answer.data as T[], brand) as T[]));
    cursor = answer.cursor ?? undefined;
  } while (cursor && items.length < cap);
  return items.slice(0, cap);
};

/** The day after a YYYY-MM-DD day (an exclusive sort-key bound). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** Today's figures of one account: a put, so a second sync of the day replaces the first (pattern: accountSnapshotPut). */
export const putAccountSnapshot = async (item: AccountSnapshotItem): Promise<void> => {
  await db().entities.accountSnapshot.put(item).go();
};

/**
 * The brand's account snapshots of the days `from`–`to` (inclusive), oldest first (pattern: accountSnapshotsOfDays).
 * One Query between the day bounds; the upper bound is the next day, whose items are left out.
 */
export const listAccountSnapshots = async (brand: BrandKey, from: string, to: string, cap = 5000): Promise<AccountSnapshotItem[]> => {
  const after = dayAfter(to);
  const query = db().entities.accountSnapshot.query.primary(brand).between({ day: from }, { day: after });
  const items = await readAll<AccountSnapshotItem>((cursor) => query.go({ limit: 1000, ...(cursor ? { cursor } : {}) }), brand, cap);
  return items.filter((item) => item.day >= from && item.day <= to);
};

/** A synced post's metrics as last read: a put, so a sync run twice leaves one item (pattern: postMetricsPut). */
export const putPostMetrics = async (item: PostMetricsItem): Promise<void> => {
  await db().entities.postMetrics.put(item).go();
};

/**
 * The brand's post metrics published in [fromIso, beforeIso), newest first (pattern: postMetricsOfRange): one Query
 * between the publish-time bounds, at most `cap` items.
 */
export const listPostMetrics = async (brand: BrandKey, fromIso: string, beforeIso: string, cap: number): Promise<PostMetricsItem[]> => {
  const query = db().entities.postMetrics.query.primary(brand).between({ publishedAt: fromIso }, { publishedAt: beforeIso });
  const items = await readAll<PostMetricsItem>((cursor) => query.go({ order: 'desc', limit: 1000, ...(cursor ? { cursor } : {}) }), brand, cap);
  return items.filter((item) => item.publishedAt >= fromIso && item.publishedAt < beforeIso);
};

/**
 * Deletes every account snapshot and post metrics item of the projects (pattern: analyticsPurge): part of a deleted
 * workspace's purge; unconditional, so running it again finishes the job. Answers how many were left undeleted.
 */
export const purgeProjectAnalytics = async (workspaceId: string, projectIds: readonly string[]): Promise<number> => {
  const service = db();
  let left = 0;
  for (const projectId of projectIds) {
    const brand = { workspaceId, projectId };
    const [snapshots, metrics] = await Promise.all([
      service.entities.accountSnapshot.query.primary(brand).go({ pages: 'all' }),
      service.entities.postMetrics.query.primary(brand).go({ pages: 'all' }),
    ]);
    const deletions = await Promise.all([
      snapshots.data.length ? service.entities.accountSnapshot.delete(snapshots.data.map(({ day, platform }) => ({ ...brand, day, platform }))).go({ concurrency: 4 }) : undefined,
      metrics.data.length ? service.entities.postMetrics.delete(metrics.data.map(({ publishedAt, postId }) => ({ ...brand, publishedAt, postId }))).go({ concurrency: 4 }) : undefined,
    ]);
    left += deletions.reduce((sum, result) => sum + (result?.unprocessed.length ?? 0), 0);
  }
  return left;
};
