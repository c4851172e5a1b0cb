import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { PostImportMessage } from '#shared/queues';
import type { Post } from '#shared/schemas/posts';
import type { ImportJobItem, ImportRef, ImportRowItem } from '#data/imports';
import { runImportChunk, startImport, IMPORT_CHUNK_ROWS, IMPORT_RECORD_BATCH, IMPORT_ROW_CONCURRENCY, type RunImportDeps } from '#core/imports/run-import';

type Chunk = Extract<PostImportMessage, { type: 'chunk' }>;

/** The worker over an in-memory table: the row write is conditional and counted at once, as the transaction is. */
const world = (csv: string, options: { createTasks?: boolean; failAt?: number } = {}) => {
  const ref: ImportRef = { workspaceId: 'W', projectId: 'P', importId: 'I1' };
  const job: ImportJobItem = {
    ...ref,
    filename: 'posts.csv',
    fileKey: 'k',
    status: 'queued',
    processed: 0,
    imported: 0,
    duplicate: 0,
    failed: 0,
    createTasks: options.createTasks ?? false,
    createdBy: 'U',
    createdAt: '2026-11-24T00:00:00.000Z',
  };
  const rows = new Map<string, ImportRowItem>();
  const library = new Map<string, Post>([['https://s.test/p/existing', { uid: 'old', url: 'https://s.test/p/existing' } as Post]]);
  const chunks: Chunk[] = [];
  const fetches: string[] = [];
  const tasks: string[] = [];
  let saves = 0;
  const batches: number[] = [];
  const deps: RunImportDeps = {
    clock: () => new Date('2026-11-24T01:00:00.000Z'),
    getImportItem: async () => ({ ...job }),
    moveImport: async (_ref, from, status, extra) => {
      if (!from.includes(job.status)) return undefined;
      Object.assign(job, { status }, extra);
      return { ...job };
    },
    setImportTotal: async (_ref, total) => {
      if (job.total !== undefined) return false;
      job.total = total;
      return true;
    },
    completeImportIfDone: async (_ref, now) => {
      if (job.status !== 'running' || job.total === undefined || job.processed !== job.total) return false;
      Object.assign(job, { status: 'completed', finishedAt: now });
      return true;
    },
    rowsWithOutcome: async (_w, _i, first, last) => new Set([...rows.keys()].map(Number).filter((row) => row >= first && row <= last)),
    recordRows: async (_ref, batch) => {
      if (batch.some((row) => rows.has(row.row))) return 'already';
      if (job.status !== 'running') return 'stopped';
      for (const row of batch) {
        rows.set(row.row, { ...row, workspaceId: 'W', importId: 'I1' });
        job.processed += 1;
        job[row.outcome] += 1;
      }
      return 'done';
    },
    readFile: async () => Readable.from([Buffer.from(csv)]),
    enqueueChunk: async (message) => void chunks.push(message),
    fetchSocialPost: async (url) => {
      fetches.push(url);
      if (url.includes('missing')) return { ok: false, reason: 'not_found' };
      return { ok: true, post: { url }, raw: {} };
    },
    knownPosts: async (_ref, urls) => new Map(urls.flatMap((url) => (library.has(url) ? [[url, library.get(url)!] as const] : []))),
    // Like the table's save: the post names the import's row that saved it; the crash comes after the write.
    savePosts: async (_ref, batch) => {
      batches.push(batch.length);
      const saved: { post: Post; duplicate: boolean }[] = [];
      for (const { fetched, row } of batch) {
        saves += 1;
        const url = (fetched.post as { url: string }).url;
        const existing = library.get(url);
        if (existing) {
          saved.push({ post: existing, duplicate: true });
          continue;
        }
        const post = { uid: `post-${library.size}`, url, import_uid: 'I1', import_row: row.row, project_uid: 'P' } as Post;
        library.set(url, post);
        if (options.failAt !== undefined && saves === options.failAt) throw new Error('worker crashed');
        saved.push({ post, duplicate: false });
      }
      return saved;
    },
    createPostTask: async (_item, post, key) => {
      if (!tasks.includes(key)) tasks.push(key);
      return key;
    },
  };
  return { deps, job, rows, chunks, fetches, tasks, library, batches };
};

const csvOf = (count: number, extra = '') => `url\n${Array.from({ length: count }, (_, i) => `https://s.test/p/${i}`).join('\n')}\n${extra}`;

describe('the post-import worker', () => {
  it('fans a file out in chunks and counts imported, duplicate and failed rows once each', async () => {
    const w = world(csvOf(120, 'https://s.test/p/existing\nhttps://s.test/p/missing\nnot-a-url\nhttps://s.test/p/7\n'), { createTasks: true });
    await startImport(w.deps, { type: 'start', ...w.job });
    expect(w.chunks.map((chunk) => chunk.rows.length)).toEqual([IMPORT_CHUNK_ROWS, IMPORT_CHUNK_ROWS, 24]);
    expect(w.job).toMatchObject({ status: 'running', total: 124, processed: 0 });
    for (const chunk of w.chunks) await runImportChunk(w.deps, chunk);
    // The library's URL and a URL the file names twice are duplicates.
    expect(w.job).toMatchObject({ status: 'completed', total: 124, processed: 124, imported: 120, duplicate: 2, failed: 2 });
    expect(w.rows.get('000000122')).toMatchObject({ outcome: 'failed', reason: 'not_found', url: 'https://s.test/p/missing' });
    expect(w.rows.get('000000123')).toMatchObject({ outcome: 'failed', reason: 'not_a_url', url: 'not-a-url' });
    expect(w.tasks).toHaveLength(120);
    // A URL the brand held before is not fetched again.
    expect(w.fetches).not.toContain('https://s.test/p/existing');
  });

  it("saves a chunk's new posts several to a write: a save waits until every worker still taking rows waits on one", async () => {
    const w = world(csvOf(49, 'https://s.test/p/missing\n'));
    await startImport(w.deps, { type: 'start', ...w.job });
    await runImportChunk(w.deps, w.chunks[0]!);
    expect(w.job).toMatchObject({ status: 'completed', processed: 50, imported: 49, failed: 1 });
    // 49 new posts: each saved once, in a handful of writes of up to IMPORT_ROW_CONCURRENCY rows.
    expect(w.batches.reduce((sum, size) => sum + size, 0)).toBe(49);
    expect(Math.max(...w.batches)).toBe(IMPORT_ROW_CONCURRENCY);
    expect(w.batches.length).toBeLessThanOrEqual(10);
  });

  it('a chunk delivered twice, or a start delivered again, changes nothing', async () => {
    const w = world(csvOf(60));
    await startImport(w.deps, { type: 'start', ...w.job });
    for (const chunk of w.chunks) await runImportChunk(w.deps, chunk);
    const fetched = w.fetches.length;
    for (const chunk of w.chunks) await runImportChunk(w.deps, chunk);
    await startImport(w.deps, { type: 'start', ...w.job });
    expect(w.fetches.length).toBe(fetched);
    expect(w.job).toMatchObject({ status: 'completed', processed: 60, imported: 60, duplicate: 0, failed: 0 });
  });

  it('a worker crashing mid-chunk resumes on redelivery: each row once, its own post not a duplicate', async () => {
    const w = world(csvOf(30), { failAt: 10, createTasks: true });
    await startImport(w.deps, { type: 'start', ...w.job });
    await expect(runImportChunk(w.deps, w.chunks[0]!)).rejects.toThrow('worker crashed');
    expect(w.job.status).toBe('running');
    await runImportChunk(w.deps, w.chunks[0]!);
    expect(w.job).toMatchObject({ status: 'completed', processed: 30, imported: 30, duplicate: 0 });
    expect(new Set(w.tasks).size).toBe(30);
  });

  it('a row that throws fails the chunk only after the rows in flight have settled, and no further row starts', async () => {
    const w = world(csvOf(30), { failAt: 1 });
    await startImport(w.deps, { type: 'start', ...w.job });
    let inFlight = 0;
    const save = w.deps.savePosts;
    w.deps.savePosts = async (...args) => {
      inFlight += 1;
      try {
        // The first save throws at once; the others take a while, so they are still running when it does.
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await save(...args);
      } finally {
        inFlight -= 1;
      }
    };
    await expect(runImportChunk(w.deps, w.chunks[0]!)).rejects.toThrow('worker crashed');
    expect(inFlight).toBe(0);
    expect(w.job.processed).toBeLessThan(30);
  });

  it('an outcome write cancelled for a conflicting one is sent again; still cancelled after every attempt, the chunk fails and its redelivery finishes it', async () => {
    const w = world(csvOf(20));
    await startImport(w.deps, { type: 'start', ...w.job });
    const record = w.deps.recordRows;
    let conflicts = 0;
    // Every other write is cancelled for another transaction on the counters.
    w.deps.recordRows = async (...args) => (++conflicts % 2 ? 'conflict' : record(...args));
    w.deps.retryTiming = { sleep: async () => {} };
    await runImportChunk(w.deps, w.chunks[0]!);
    expect(w.job).toMatchObject({ status: 'completed', processed: 20, imported: 20 });

    const busy = world(csvOf(5));
    await startImport(busy.deps, { type: 'start', ...busy.job });
    const real = busy.deps.recordRows;
    busy.deps.recordRows = async () => 'conflict';
    busy.deps.retryTiming = { sleep: async () => {} };
    await expect(runImportChunk(busy.deps, busy.chunks[0]!)).rejects.toMatchObject({ code: 'service_busy' });
    expect(busy.job.processed).toBe(0);
    busy.deps.recordRows = real;
    await runImportChunk(busy.deps, busy.chunks[0]!);
    expect(busy.job).toMatchObject({ status: 'completed', processed: 5, imported: 5, duplicate: 0 });
  });

  it('writes outcomes ten rows at a time; a batch with a row another delivery wrote meanwhile is written row by row, none counted twice', async () => {
    const w = world(csvOf(45));
    await startImport(w.deps, { type: 'start', ...w.job });
    const record = w.deps.recordRows;
    const sizes: number[] = [];
    w.deps.recordRows = async (ref, batch) => {
      sizes.push(batch.length);
      // Another delivery of the chunk finishes row 3 just before this one writes it.
      if (!w.rows.has('000000003') && batch.some((row) => row.row === '000000003')) await record(ref, [{ row: '000000003', outcome: 'imported', url: 'https://s.test/p/2' }]);
      return record(ref, batch);
    };
    await runImportChunk(w.deps, w.chunks[0]!);
    expect(w.job).toMatchObject({ status: 'completed', processed: 45, imported: 45 });
    expect(sizes.filter((size) => size === IMPORT_RECORD_BATCH).length).toBeGreaterThanOrEqual(3);
  });

  it('cancel stops further rows', async () => {
    const w = world(csvOf(100));
    await startImport(w.deps, { type: 'start', ...w.job });
    await runImportChunk(w.deps, w.chunks[0]!);
    await w.deps.moveImport(w.job, ['running'], 'cancelled');
    await runImportChunk(w.deps, w.chunks[1]!);
    expect(w.job).toMatchObject({ status: 'cancelled', processed: 50, imported: 50 });
  });

  it('a file without URLs or not a CSV fails the import with the spec message and sends nothing', async () => {
    const none = world('url\nhello\n');
    await startImport(none.deps, { type: 'start', ...none.job });
    expect(none.job).toMatchObject({ status: 'failed', error: 'No valid URLs found in the CSV file' });
    expect(none.chunks).toEqual([]);
    const binary = world('\u0000\u0001PNG');
    await startImport(binary.deps, { type: 'start', ...binary.job });
    expect(binary.job).toMatchObject({ status: 'failed', error: 'Error reading CSV file. Please check the file format.' });
  });
});
