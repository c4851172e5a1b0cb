import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { offlineService } from '#data/access-patterns';
import type { Stack } from '../local/stack';
import { POST_LIMITS } from '#shared/schemas/posts';
import { POST_FETCH } from '#core/posts/fetch-post';
import { call, ms, percentile, person, progress, routeUrl, timeIt } from './bench-support';

/**
 * Rows of each measured import (BENCH_IMPORT_SIZES, comma-separated): 1k vs 10k shows whether memory stays flat.
 * Not in the default parts (10k rows take minutes on two cores). Run it with BENCH_PARTS=imports.
 */
const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '1000,10000').split(',').map(Number);

const FEED_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

/**
 * A CSV of N numbered posts of the local fake social web imported end to end on the local stack: upload, the
 * post-import queue's start and chunks, each row fetched through the guarded fetcher and saved. Wall time from
 * the create call to `completed`, rows/s, and the peak memory of this process (the local stack runs its
 * consumers in it) above the level before the import: RSS, and the V8 heap in use. Then the feed's first page of
 * the largest brand beside the raw DynamoDB Query of the same page.
 */
export const importsBench = async (stack: Stack) => {
  const host = stack.env.OUTBOUND_ALLOWLIST!.split(',')[0];
  const who = await person(stack, `bench-imports-${Date.now()}@example.com`);
  const workspaceId = (await call(stack, who, 'createWorkspace', { body: { name: 'Bench imports' } })).workspaces.uid;
  const rows: string[] = [];
  let largest: { projectId: string; size: number } | undefined;
  for (const size of SIZES) {
    progress(`import of ${size} rows…`);
    const projectId = (await call(stack, who, 'createProject', { params: { workspaceId }, body: { name: `Import ${size}` } as never })).uid;
    const csv = new TextEncoder().encode(`url\n${Array.from({ length: size }, (_, i) => `http://${host}/social/instagram/${i + 1}`).join('\n')}\n`);
    const upload = await call(stack, who, 'createImportUpload', { params: { workspaceId, projectId }, body: { filename: `bench-${size}.csv`, size: csv.length } });
    const put = await fetch(upload.upload_url, { method: 'PUT', headers: upload.headers, body: csv });
    if (!put.ok) throw new Error(`PUT import file: ${put.status}`);
    global.gc?.();
    const base = process.memoryUsage();
    const peak = { rss: base.rss, heap: base.heapUsed };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heap = Math.max(peak.heap, now.heapUsed);
    }, 100);
    const started = performance.now();
    const created = await call(stack, who, 'createImport', { params: { workspaceId, projectId }, body: { upload_key: upload.upload_key, create_tasks: false } });
    let done = created;
    while (!['completed', 'cancelled', 'failed'].includes(done.status)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await call(stack, who, 'getImport', { params: { workspaceId, projectId, importId: created.uid } });
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    // A peak counts garbage not yet collected (more of it the faster rows go); what a full collection leaves is what
    // the import holds on to.
    global.gc?.();
    const retained = global.gc ? mb(process.memoryUsage().heapUsed - base.heapUsed) : 'n/a (run node with --expose-gc)';
    rows.push(
      `| ${size} | ${done.status} (${done.imported} imported, ${done.duplicate} duplicate, ${done.failed} failed) | ${seconds.toFixed(1)} s | ${(size / seconds).toFixed(1)} | ${mb(peak.rss - base.rss)} | ${mb(peak.heap - base.heapUsed)} | ${retained} |`,
    );
    if (!largest || size > largest.size) largest = { projectId, size };
  }
  console.log('\n## Bulk import of posts (CSV of the fake social web’s posts, end to end on the local stack)\n');
  console.log(
    '| rows | outcome | wall time | rows/s | peak RSS above start | peak V8 heap above start | V8 heap after a full GC, above start |\n|---|---|---|---|---|---|---|',
  );
  for (const row of rows) console.log(row);
  console.log(`\nOne process runs the stack (gateway, queues, S3, the fake site), the queue consumers and this bench; DynamoDB Local is a second. The fake site is on the allow-list, so the fetcher takes ${POST_FETCH.allowlisted.perHost} of its pages at once with no pause.`);
  if (largest) await feedBench(stack, who, workspaceId, largest);
};

/** The feed's first page (GET .../posts with the API's default page size) beside the raw Query of the same items. */
const feedBench = async (stack: Stack, who: Awaited<ReturnType<typeof person>>, workspaceId: string, brand: { projectId: string; size: number }) => {
  progress(`feed of ${brand.size} posts…`);
  const { projectId } = brand;
  const limit = POST_LIMITS.defaultPageSize;
  const url = routeUrl(stack, 'listPosts', { params: { workspaceId, projectId } });
  const headers = { authorization: `Bearer ${who.token}` };
  const api = await timeIt(async () => {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`GET feed: ${response.status}`);
    const page = (await response.json()) as { items: unknown[] };
    if (page.items.length !== Math.min(limit, brand.size)) throw new Error(`feed page had ${page.items.length} posts`);
  }, FEED_REQUESTS);
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB, region: 'us-east-1' }));
  // The Query the feed makes, built by the entity (no key format written here).
  const query = offlineService().entities.post.query.primary({ workspaceId, projectId }).params({ order: 'desc', limit });
  const raw = await timeIt(async () => {
    const result = await doc.send(new QueryCommand({ ...query, TableName: stack.env.TABLE_NAME }));
    if (result.Items?.length !== Math.min(limit, brand.size)) throw new Error(`raw query saw ${result.Items?.length} items`);
  }, FEED_REQUESTS);
  console.log(`\n## The feed’s first page (${brand.size} posts in the brand, ${limit} a page, ${FEED_REQUESTS} sequential requests after 20 warm-up)\n`);
  console.log('| | p50 | p99 |\n|---|---|---|');
  console.log(`| GET /workspaces/{w}/projects/{p}/posts (gateway + JWT + membership + project access + Query + signed thumbnail URLs) | ${ms(percentile(api, 50))} | ${ms(percentile(api, 99))} |`);
  console.log(`| raw DynamoDB Query (same key, same page) | ${ms(percentile(raw, 50))} | ${ms(percentile(raw, 99))} |`);
  console.log(`| ratio API / raw | ${(percentile(api, 50) / percentile(raw, 50)).toFixed(2)}× | ${(percentile(api, 99) / percentile(raw, 99)).toFixed(2)}× |`);
};
