import { constants as perfConstants, PerformanceObserver } from 'node:perf_hooks';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createTableInput } from '#data/table-spec';
import { db } from '#data/db';
import { offlineService } from '#data/access-patterns';
import type { Stack } from '../local/stack';
import type { RouteResponse, Routes } from '#shared/routes';
import { POST_LIMITS } from '#shared/schemas/posts';
import { POST_FETCH } from '#core/posts/fetch-post';
import { POSTS_PER_WRITE } from '#core/posts/posts';
import { call, countRequests, describeStackCpu, describeRequests, stackCpu, ms, percentile, person, progress, routeUrl, timeIt } from './bench-support';

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
  // Every request of the import (the bench's polls of its status included, a few per second).
  const counter = countRequests();
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
    // What the heap holds right after each major collection: the import's live memory, without the garbage a
    // peak counts (how much of it piles up depends on V8's schedule, not on what the import keeps).
    const live = { highest: base.heapUsed, collections: 0 };
    const collections = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind !== perfConstants.NODE_PERFORMANCE_GC_MAJOR) continue;
        live.collections++;
        live.highest = Math.max(live.highest, process.memoryUsage().heapUsed);
      }
    });
    collections.observe({ entryTypes: ['gc'] });
    const cpuBefore = stackCpu(stack);
    const started = performance.now();
    let done!: RouteResponse<Routes['getImport']>;
    const sent = await counter.during(async () => {
      const created = await call(stack, who, 'createImport', { params: { workspaceId, projectId }, body: { upload_key: upload.upload_key, create_tasks: false } });
      done = created;
      while (!['completed', 'cancelled', 'failed'].includes(done.status)) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        done = await call(stack, who, 'getImport', { params: { workspaceId, projectId, importId: created.uid } });
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const cpu = describeStackCpu(cpuBefore, stackCpu(stack), seconds);
    clearInterval(sampler);
    collections.disconnect();
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    // A peak counts garbage not yet collected (more of it the faster rows go); what a full collection leaves is what
    // the import holds on to.
    global.gc?.();
    const retained = global.gc ? mb(process.memoryUsage().heapUsed - base.heapUsed) : 'n/a (run node with --expose-gc)';
    rows.push(
      `| ${size} | ${done.status} (${done.imported} imported, ${done.duplicate} duplicate, ${done.failed} failed) | ${seconds.toFixed(1)} s | ${(size / seconds).toFixed(1)} | ${mb(peak.rss - base.rss)} | ${mb(peak.heap - base.heapUsed)} | ${live.collections ? `${mb(live.highest - base.heapUsed)} (${live.collections})` : 'no major GC'} | ${retained} | ${(sent.length / size).toFixed(2)}: ${describeRequests(sent)} | ${cpu} |`,
    );
    if (!largest || size > largest.size) largest = { projectId, size };
  }
  console.log('\n## Bulk import of posts (CSV of the fake social web’s posts, end to end on the local stack)\n');
  console.log(
    '| rows | outcome | wall time | rows/s | peak RSS above start | peak V8 heap above start | V8 heap after major GCs, highest above start (GCs) | V8 heap after a full GC at the end, above start | DynamoDB requests per row: all of them | CPU meanwhile |\n|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const row of rows) console.log(row);
  console.log(`\nOne process runs the stack (gateway, queues, S3, the fake site), the queue consumers and this bench; DynamoDB Local is a second. The fake site is on the allow-list, so the fetcher takes ${POST_FETCH.allowlisted.perHost} of its pages at once with no pause.`);
  await saveFloorBench(stack);
  if (largest) await feedBench(stack, who, workspaceId, largest);
};

const SAVES = 2_400;
/** Transactions at once: ten chunks run at once, each sending one write of its rows' posts at a time. */
const SAVE_CONCURRENCY = 10;

/**
 * What DynamoDB Local allows an import: the writes its new rows need (each row's post, URL claim and raw data,
 * POSTS_PER_WRITE rows a transaction, as storePosts sends them), as many at once as the import's chunks send, on
 * the stack's table and on a table of the same keys without its indexes and stream. DynamoDB Local runs every
 * statement on one SQLite thread, so saves/s here caps rows/s whatever the import does around them.
 */
const saveFloorBench = async (stack: Stack) => {
  progress('post saves on the table, and on a bare one…');
  const client = new DynamoDBClient({ endpoint: stack.env.AWS_ENDPOINT_URL_DYNAMODB, region: 'us-east-1' });
  const doc = DynamoDBDocumentClient.from(client);
  const bare = `bench-bare-${Date.now()}`;
  const spec = createTableInput(bare);
  await client.send(new CreateTableCommand({ TableName: bare, BillingMode: 'PAY_PER_REQUEST', KeySchema: spec.KeySchema, AttributeDefinitions: spec.AttributeDefinitions.slice(0, 2) }));
  // The functions' own service (this process runs them): another service would rebind the shared entities' table.
  const service = db();
  const workspaceId = 'wbenchfloor';
  const projectId = `p${Date.now()}`;
  /** The items of rows first … first + POSTS_PER_WRITE - 1. */
  const save = (first: number) =>
    service.transaction
      .write(({ post, postUrl, postRaw }) =>
        Array.from({ length: POSTS_PER_WRITE }, (_, k) => {
          const i = first + k;
          const postId = `${String(Date.now()).padStart(13, '0')}p${String(i).padStart(12, '0')}`;
          const url = `https://social.example/p/${i}`;
          return [
            postUrl.create({ workspaceId, projectId, urlKey: `k${i}`, postId }).commit(),
            post.create({ workspaceId, projectId, postId, url, platform: 'instagram', caption: 'c'.repeat(300), importedAt: new Date().toISOString(), source: 'import', importUid: 'ibench', importRow: i, tags: [], search: 's'.repeat(350) }).commit(),
            postRaw.create({ workspaceId, projectId, postId, contentType: 'application/json', fetchedAt: new Date().toISOString(), data: 'r'.repeat(2_000) }).commit(),
          ];
        }).flat(),
      )
      .params();
  const rate = async (tableName: string) => {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SAVE_CONCURRENCY }, async () => {
        while (next < SAVES) {
          const first = next;
          next += POSTS_PER_WRITE;
          const { TransactItems } = save(first) as { TransactItems: { Put: { Item: Record<string, unknown> } & Record<string, unknown> }[] };
          await doc.send(new TransactWriteCommand({ TransactItems: TransactItems.map((item) => ({ Put: { ...item.Put, TableName: tableName } })) }));
        }
      }),
    );
    return next / ((performance.now() - started) / 1000);
  };
  const rows = [
    ['the stack’s table (its indexes and stream)', await rate(stack.env.TABLE_NAME!)],
    ['the same keys, no index, no stream', await rate(bare)],
  ] as const;
  await client.send(new DeleteTableCommand({ TableName: bare }));
  client.destroy();
  console.log(`\n## Post saves DynamoDB Local takes (${SAVES} rows, ${POSTS_PER_WRITE} to a transaction of 3 items each as an import writes them, ${SAVE_CONCURRENCY} transactions at once)\n`);
  console.log('| table | rows/s | 10,000 new rows take at least |\n|---|---|---|');
  for (const [name, perSecond] of rows) console.log(`| ${name} | ${perSecond.toFixed(0)} | ${(10_000 / perSecond).toFixed(0)} s |`);
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
