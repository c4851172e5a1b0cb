import type { Stack } from '../local/stack';
import { call, person, progress } from './bench-support';

/**
 * Rows of each measured import (BENCH_IMPORT_SIZES, comma-separated): 1k vs 10k shows whether memory stays flat.
 * Not in the default parts: from the one fake host the fetcher's politeness allows ~5 rows/s (a page and its oEmbed
 * each row), so 10k rows take over half an hour. Run it with BENCH_PARTS=imports.
 */
const SIZES = (process.env.BENCH_IMPORT_SIZES ?? '1000,10000').split(',').map(Number);

/**
 * A CSV of N numbered posts of the local fake social web imported end to end on the local stack: upload, the
 * post-import queue's start and chunks, each row fetched through the guarded fetcher and saved. Wall time from
 * the create call to `completed`, rows/s, and the peak memory of this process (the local stack runs its
 * consumers in it) above the level before the import.
 */
export const importsBench = async (stack: Stack) => {
  const host = stack.env.OUTBOUND_ALLOWLIST!.split(',')[0];
  const who = await person(stack, `bench-imports-${Date.now()}@example.com`);
  const workspaceId = (await call(stack, who, 'createWorkspace', { body: { name: 'Bench imports' } })).workspaces.uid;
  const rows: string[] = [];
  for (const size of SIZES) {
    progress(`import of ${size} rows…`);
    const projectId = (await call(stack, who, 'createProject', { params: { workspaceId }, body: { name: `Import ${size}` } as never })).uid;
    const csv = new TextEncoder().encode(`url\n${Array.from({ length: size }, (_, i) => `http://${host}/social/instagram/${i + 1}`).join('\n')}\n`);
    const upload = await call(stack, who, 'createImportUpload', { params: { workspaceId, projectId }, body: { filename: `bench-${size}.csv`, size: csv.length } });
    const put = await fetch(upload.upload_url, { method: 'PUT', headers: upload.headers, body: csv });
    if (!put.ok) throw new Error(`PUT import file: ${put.status}`);
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    const started = performance.now();
    const created = await call(stack, who, 'createImport', { params: { workspaceId, projectId }, body: { upload_key: upload.upload_key, create_tasks: false } });
    let done = created;
    while (!['completed', 'cancelled', 'failed'].includes(done.status)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      done = await call(stack, who, 'getImport', { params: { workspaceId, projectId, importId: created.uid } });
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    rows.push(
      `| ${size} | ${done.status} (${done.imported} imported, ${done.duplicate} duplicate, ${done.failed} failed) | ${seconds.toFixed(1)} s | ${(size / seconds).toFixed(1)} | ${((peak - base) / 1024 / 1024).toFixed(1)} MB |`,
    );
  }
  console.log('\n## Bulk import of posts (CSV of the fake social web’s posts, end to end on the local stack)\n');
  console.log('| rows | outcome | wall time | rows/s | peak RSS above start (stack + consumers, one process) |\n|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log('\nOne host: the fetcher’s per-host politeness (2 at once, 200 ms apart) bounds the rate, as it does against one real platform.');
};
