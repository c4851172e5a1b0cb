import type { PostImportMessage } from '#shared/queues';
import type { ImportRow } from '#shared/csv-import';
import type { ImportFailureReason } from '#shared/schemas/imports';
import type { Post } from '#shared/schemas/posts';
import type { ImportJobItem, ImportRef, ImportRowItem, RowOutcome } from '#data/imports';
import type { Clock } from '../clock';
import { CsvReadError, readImportCsv } from './read-csv';

/** Rows a chunk message carries: 50 URLs of at most 2,048 characters stay far below SQS's 256 KB. */
export const IMPORT_CHUNK_ROWS = 50;
/** Rows of one chunk fetched at once (the fetcher's per-host queue keeps each site polite). */
export const IMPORT_ROW_CONCURRENCY = 8;

type ChunkRow = Extract<PostImportMessage, { type: 'chunk' }>['rows'][number];

export type FetchedPost = { ok: true; post: unknown; raw: unknown; thumbnail?: unknown } | { ok: false; reason: string };

export type RunImportDeps = {
  clock: Clock;
  getImportItem: (ref: ImportRef) => Promise<ImportJobItem | undefined>;
  moveImport: (ref: ImportRef, from: readonly ImportJobItem['status'][], status: ImportJobItem['status'], extra?: { finishedAt?: string; error?: string }) => Promise<ImportJobItem | undefined>;
  setImportTotal: (ref: ImportRef, total: number) => Promise<boolean>;
  completeImportIfDone: (ref: ImportRef, now: string) => Promise<boolean>;
  getRowOutcome: (workspaceId: string, importId: string, row: number) => Promise<ImportRowItem | undefined>;
  recordRow: (ref: ImportRef, row: Omit<ImportRowItem, 'workspaceId' | 'importId'>) => Promise<'done' | 'already' | 'stopped'>;
  /** The row (zero-padded) that owns a post saved by this import: the first to claim it. */
  claimImportPost: (ref: ImportRef, postId: string, row: number, url: string) => Promise<string>;
  readFile: (key: string) => Promise<AsyncIterable<Buffer | Uint8Array | string>>;
  enqueueChunk: (message: Extract<PostImportMessage, { type: 'chunk' }>) => Promise<void>;
  /** The posts port (functions/core/posts/fetch-post.ts). */
  fetchSocialPost: (url: string) => Promise<FetchedPost>;
  /** Saves a fetched post in the brand's library, once per URL; `importUid` marks the post as this import's. */
  savePost: (ref: ImportRef, fetched: Extract<FetchedPost, { ok: true }>) => Promise<{ post: Post; duplicate: boolean }>;
  /** A Post task for an imported post, through the task create path; `taskKey` is stable per (import, row). */
  createPostTask: (item: ImportJobItem, post: Post, taskKey: string) => Promise<string | undefined>;
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

/** One row: its outcome (fetched and saved, a duplicate, or why it failed), written once with the counters. */
const processRow = async (deps: RunImportDeps, item: ImportJobItem, row: ChunkRow): Promise<'done' | 'already' | 'stopped'> => {
  const ref = refOf(item);
  if (await deps.getRowOutcome(item.workspaceId, item.importId, row.row)) return 'already';
  const fail = (reason: ImportFailureReason, url: string) => deps.recordRow(ref, { row: rowKeyOf(row.row), outcome: 'failed', url, reason });
  if (!row.url) return fail((row.reason as ImportFailureReason | undefined) ?? 'not_a_url', row.value ?? '');
  // Cancelled meanwhile: fetch nothing more.
  const current = await deps.getImportItem(ref);
  if (current?.status !== 'running') return 'stopped';
  const fetched = await deps.fetchSocialPost(row.url);
  if (!fetched.ok) return fail(fetched.reason as ImportFailureReason, row.url);
  const saved = await deps.savePost(ref, fetched);
  // A post of this import is this row's own when the row claimed it first (saved before a crash, then retried);
  // another row of the same URL in the file is a duplicate, like a URL already in the library.
  const own = saved.post.import_uid === item.importId && (await deps.claimImportPost(ref, saved.post.uid, row.row, row.url)) === rowKeyOf(row.row);
  const outcome: RowOutcome = own ? 'imported' : 'duplicate';
  const taskId = outcome === 'imported' && item.createTasks ? await deps.createPostTask(item, saved.post, `${item.importId}r${row.row}`) : undefined;
  return deps.recordRow(ref, { row: rowKeyOf(row.row), outcome, url: row.url, postId: saved.post.uid, ...(taskId ? { taskId } : {}) });
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
  const queue = [...message.rows];
  let stopped = false;
  // The first error stops every worker taking rows; the message fails only once the rows in flight have settled,
  // so no row is still running when the handler returns.
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!stopped && !failure) {
      const row = queue.shift();
      if (!row) return;
      try {
        if ((await processRow(deps, item, row)) === 'stopped') stopped = true;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IMPORT_ROW_CONCURRENCY, queue.length) }, worker));
  if (failure) throw failure.error;
  if (!stopped) await deps.completeImportIfDone(ref, deps.clock().toISOString());
};
