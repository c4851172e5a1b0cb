import type { PostImportMessage } from '#shared/queues';
import type { ImportRow } from '#shared/csv-import';
import type { ImportFailureReason } from '#shared/schemas/imports';
import type { Post } from '#shared/schemas/posts';
import type { ImportJobItem, ImportRef, ImportRowItem, RowOutcome } from '#data/imports';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { Clock } from '../clock';
import { CsvReadError, readImportCsv } from './read-csv';

/** Rows a chunk message carries: 50 URLs of at most 2,048 characters stay far below SQS's 256 KB. */
export const IMPORT_CHUNK_ROWS = 50;
/** Rows of one chunk fetched at once (the fetcher's per-host queue keeps each site polite). */
export const IMPORT_ROW_CONCURRENCY = 8;
/** How stale a chunk's view of its import's status may be: a cancel stops new rows within this time. */
export const IMPORT_STATUS_TTL_MS = 1_000;
/** Attempts at an outcome write that other chunks' writes to the import's counters keep cancelling. */
const RECORD_ATTEMPTS = 8;
/**
 * Outcomes a chunk writes together (one transaction, the counters moved once): ten rows per write instead of one
 * keeps the import item's counters cool under many chunks at once, and progress still moves every few rows.
 */
export const IMPORT_RECORD_BATCH = 10;

type ChunkRow = Extract<PostImportMessage, { type: 'chunk' }>['rows'][number];
type SavedRow = { fetched: Extract<FetchedPost, { ok: true }>; row: { row: number; url: string } };
type RowRecord = Omit<ImportRowItem, 'workspaceId' | 'importId'>;

export type FetchedPost = { ok: true; post: unknown; raw: unknown; thumbnail?: unknown } | { ok: false; reason: string };

export type RunImportDeps = {
  clock: Clock;
  getImportItem: (ref: ImportRef) => Promise<ImportJobItem | undefined>;
  moveImport: (ref: ImportRef, from: readonly ImportJobItem['status'][], status: ImportJobItem['status'], extra?: { finishedAt?: string; error?: string }) => Promise<ImportJobItem | undefined>;
  setImportTotal: (ref: ImportRef, total: number) => Promise<boolean>;
  completeImportIfDone: (ref: ImportRef, now: string) => Promise<boolean>;
  /** The rows from first to last (inclusive) that have an outcome already. */
  rowsWithOutcome: (workspaceId: string, importId: string, first: number, last: number) => Promise<Set<number>>;
  /** Writes rows' outcomes and counts them at once; `already` when one had an outcome (nothing written). */
  recordRows: (ref: ImportRef, rows: readonly RowRecord[]) => Promise<'done' | 'already' | 'stopped' | 'conflict'>;
  /** The brand's posts at these URLs, by URL (findPostsByUrl): a chunk looks its rows up before fetching any. */
  knownPosts: (ref: ImportRef, urls: readonly string[]) => Promise<Map<string, Post>>;
  readFile: (key: string) => Promise<AsyncIterable<Buffer | Uint8Array | string>>;
  enqueueChunk: (message: Extract<PostImportMessage, { type: 'chunk' }>) => Promise<void>;
  /** The posts port (functions/core/posts/fetch-post.ts). */
  fetchSocialPost: (url: string) => Promise<FetchedPost>;
  /**
   * Saves fetched posts in the brand's library, once per URL (storePosts: several in one write), each naming this
   * import and its row (import_uid, import_row); answered in their order.
   */
  savePosts: (ref: ImportRef, rows: readonly SavedRow[]) => Promise<{ post: Post; duplicate: boolean }[]>;
  /** A Post task for an imported post, through the task create path; `taskKey` is stable per (import, row). */
  createPostTask: (item: ImportJobItem, post: Post, taskKey: string) => Promise<string | undefined>;
  /** Injected in tests: instant pauses between retried writes. */
  retryTiming?: RetryTiming;
};

const refOf = (message: { workspaceId: string; projectId: string; importId: string }): ImportRef => ({
  workspaceId: message.workspaceId,
  projectId: message.projectId,
  importId: message.importId,
});

/**
 * The start of an import: reads the CSV as a stream and sends its rows on in chunks, then sets the total. A
 * redelivered start (the worker died reading) reads the file again and sends the chunks again: each row's
 * outcome is written once, so a row sent twice is imported once. A file that cannot be read, or has no URL,
 * fails the import with the spec's message and sends nothing.
 */
export const startImport = async (deps: RunImportDeps, message: Extract<PostImportMessage, { type: 'start' }>): Promise<void> => {
  const ref = refOf(message);
  const item = await deps.getImportItem(ref);
  if (!item || (item.status !== 'queued' && item.status !== 'running')) return;
  if (item.total !== undefined) return; // fanned out already: the chunks carry it on
  if (item.status === 'queued' && !(await deps.moveImport(ref, ['queued'], 'running'))) return;
  let pending: ChunkRow[] = [];
  let sawUrl = false;
  const send = async () => {
    const rows = pending;
    pending = [];
    await deps.enqueueChunk({ type: 'chunk', ...ref, rows });
  };
  try {
    const { rows } = await readImportCsv(await deps.readFile(item.fileKey), async (row: ImportRow) => {
      pending.push(row.ok ? { row: row.row, url: row.url } : { row: row.row, reason: row.reason, value: row.value });
      sawUrl ||= row.ok;
      // Until a URL is seen the file may still have none (then nothing is sent); refused rows wait.
      if (sawUrl && pending.length >= IMPORT_CHUNK_ROWS) await send();
    });
    if (pending.length) await send();
    await deps.setImportTotal(ref, rows);
    await deps.completeImportIfDone(ref, deps.clock().toISOString());
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    await deps.moveImport(ref, ['queued', 'running'], 'failed', { finishedAt: deps.clock().toISOString(), error: error.userMessage });
  }
};

/**
 * What a chunk's rows share: the import, a view of its status re-read at most once per IMPORT_STATUS_TTL_MS, the
 * brand's posts at the chunk's URLs before any was fetched, and the saves gathered into shared writes.
 */
type ChunkContext = { item: ImportJobItem; running: () => Promise<boolean>; known: Map<string, Post>; saves: SaveBatcher };

type SaveBatcher = {
  save: (row: SavedRow) => Promise<{ post: Post; duplicate: boolean }>;
  /** A worker starts taking rows, or stops (its queue is empty, the import stopped, a row failed). */
  workerStarted: () => void;
  workerStopped: () => void;
};

/**
 * The chunk's saves, gathered: a row's save waits until every worker still taking rows waits on one too, and then
 * they go to the table together (savePosts, a few rows a transaction instead of one each). A worker fetching holds
 * the batch back only until its own save joins it.
 */
const saveBatcher = (deps: RunImportDeps, ref: ImportRef): SaveBatcher => {
  type Waiting = { row: SavedRow; resolve: (saved: { post: Post; duplicate: boolean }) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let workers = 0;
  const sendWhenAllWait = () => {
    if (!waiting.length || waiting.length < workers) return;
    const batch = waiting;
    waiting = [];
    deps.savePosts(ref, batch.map(({ row }) => row)).then(
      (saved) => batch.forEach(({ resolve }, i) => resolve(saved[i]!)),
      (error: unknown) => batch.forEach(({ reject }) => reject(error)),
    );
  };
  return {
    save: (row) =>
      new Promise((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        sendWhenAllWait();
      }),
    workerStarted: () => {
      workers++;
    },
    workerStopped: () => {
      workers--;
      sendWhenAllWait();
    },
  };
};

const statusView = (deps: RunImportDeps, ref: ImportRef): ChunkContext['running'] => {
  let checked: { at: number; running: Promise<boolean> } | undefined;
  return () => {
    const now = Date.now();
    if (!checked || now - checked.at >= IMPORT_STATUS_TTL_MS) {
      checked = { at: now, running: deps.getImportItem(ref).then((current) => current?.status === 'running') };
    }
    return checked.running;
  };
};

/**
 * Rows' outcomes, written once with the counters. Rows of other chunks count on the same import item, so DynamoDB
 * may cancel the transaction for a conflicting one: it is sent again after a jittered pause (running out of
 * attempts fails the message, and the queue delivers the chunk again).
 */
const write = (deps: RunImportDeps, ref: ImportRef, rows: readonly RowRecord[]) =>
  retry(
    async () => {
      const outcome = await deps.recordRows(ref, rows);
      return outcome === 'conflict' ? RETRY : outcome;
    },
    { exhausted: 'service_busy', ...deps.retryTiming, attempts: RECORD_ATTEMPTS },
  );

/**
 * A batch of outcomes; when one row of it has its outcome already (another delivery of the chunk wrote it), the
 * rows are written one by one so the others still count, and that one is not counted twice.
 */
const record = async (deps: RunImportDeps, ref: ImportRef, rows: readonly RowRecord[]): Promise<'done' | 'stopped'> => {
  const outcome = await write(deps, ref, rows);
  if (outcome !== 'already') return outcome;
  if (rows.length > 1) for (const row of rows) if ((await write(deps, ref, [row])) === 'stopped') return 'stopped';
  return 'done';
};

/** One row: fetched and saved, a duplicate, or why it failed; `stopped` when the import was cancelled. */
const processRow = async (deps: RunImportDeps, chunk: ChunkContext, row: ChunkRow): Promise<RowRecord | 'stopped'> => {
  const { item } = chunk;
  const ref = refOf(item);
  const failed = (reason: ImportFailureReason, url: string): RowRecord => ({ row: rowKeyOf(row.row), outcome: 'failed', url, reason });
  if (!row.url) return failed((row.reason as ImportFailureReason | undefined) ?? 'not_a_url', row.value ?? '');
  // Cancelled meanwhile: fetch nothing more.
  if (!(await chunk.running())) return 'stopped';
  // A URL the brand holds is not fetched again.
  const known = chunk.known.get(row.url);
  let saved: { post: Post; duplicate: boolean };
  if (known) saved = { post: known, duplicate: true };
  else {
    const fetched = await deps.fetchSocialPost(row.url);
    if (!fetched.ok) return failed(fetched.reason as ImportFailureReason, row.url);
    saved = await chunk.saves.save({ fetched, row: { row: row.row, url: row.url } });
  }
  const { post } = saved;
  // A post names the import row that saved it. One this import saved before is this row's own when this row saved it
  // (before a crash, then retried); another row of the same URL in the file is a duplicate, like a URL already in
  // the library.
  const own = post.import_uid === item.importId && post.import_row === row.row;
  const outcome: RowOutcome = own ? 'imported' : 'duplicate';
  const taskId = outcome === 'imported' && item.createTasks ? await deps.createPostTask(item, post, `${item.importId}r${row.row}`) : undefined;
  return { row: rowKeyOf(row.row), outcome, url: row.url, postId: post.uid, ...(taskId ? { taskId } : {}) };
};

const rowKeyOf = (row: number) => String(row).padStart(9, '0');

/**
 * A chunk of rows: each without an outcome yet is fetched and saved, a few at a time; a row that has one (a
 * redelivered chunk, a crash after some rows) is skipped. Stops taking rows once the import is cancelled. An
 * error thrown (the table, the queue) fails the message: the queue delivers it again and it resumes.
 */
export const runImportChunk = async (deps: RunImportDeps, message: Extract<PostImportMessage, { type: 'chunk' }>): Promise<void> => {
  const ref = refOf(message);
  const item = await deps.getImportItem(ref);
  if (!item || item.status !== 'running') return;
  // Rows with an outcome (a redelivered chunk, a crash after some rows) are read in one go and skipped; a row
  // finished meanwhile by another delivery is still written once (the outcome write is conditional).
  const numbers = message.rows.map((row) => row.row);
  const done = numbers.length ? await deps.rowsWithOutcome(item.workspaceId, item.importId, Math.min(...numbers), Math.max(...numbers)) : new Set<number>();
  const queue = message.rows.filter((row) => !done.has(row.row));
  const urls = queue.flatMap((row) => (row.url ? [row.url] : []));
  const chunk: ChunkContext = {
    item,
    running: statusView(deps, ref),
    known: urls.length ? await deps.knownPosts(ref, urls) : new Map(),
    saves: saveBatcher(deps, ref),
  };
  let stopped = false;
  // The first error stops every worker taking rows; the message fails only once the rows in flight have settled,
  // so no row is still running when the handler returns.
  let failure: { error: unknown } | undefined;
  // Finished rows wait here until a batch is full; batches are written one after another.
  const finished: RowRecord[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = () => {
    const rows = finished.splice(0, finished.length);
    if (rows.length) {
      writing = writing.then(async () => {
        if ((await record(deps, ref, rows)) === 'stopped') stopped = true;
      });
    }
    return writing;
  };
  const worker = async () => {
    try {
      while (!stopped && !failure) {
        const row = queue.shift();
        if (!row) return;
        try {
          const outcome = await processRow(deps, chunk, row);
          if (outcome === 'stopped') stopped = true;
          else {
            finished.push(outcome);
            if (finished.length >= IMPORT_RECORD_BATCH) await flush();
          }
        } catch (error) {
          failure ??= { error };
        }
      }
    } finally {
      chunk.saves.workerStopped();
    }
  };
  const workers = Array.from({ length: Math.min(IMPORT_ROW_CONCURRENCY, queue.length) }, () => {
    chunk.saves.workerStarted();
    return worker;
  });
  await Promise.all(workers.map((work) => work()));
  // Rows that finished are kept even when another failed: a redelivery then has fewer to fetch again.
  try {
    await flush();
  } catch (error) {
    failure ??= { error };
  }
  if (failure) throw failure.error;
  if (!stopped) await deps.completeImportIfDone(ref, deps.clock().toISOString());
};
