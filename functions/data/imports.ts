import type { EntityItem } from 'electrodb';
import { db } from './db';
import { unlessRefused } from './conditions';
import { allExactly, exactly } from './exact-ids';
import type { importJobEntity, importRowEntity } from './import-entities';

export type ImportJobItem = EntityItem<typeof importJobEntity>;
export type ImportRowItem = EntityItem<typeof importRowEntity>;
export type ImportRef = { workspaceId: string; projectId: string; importId: string };
export type RowOutcome = ImportRowItem['outcome'];

/** Rows sort in file order: the row number zero-padded (a 10 MB file has far fewer than 10^9 rows). */
export const rowKey = (row: number) => String(row).padStart(9, '0');

/** A new import, queued (pattern: importJobWrite). */
export const createImportItem = async (item: ImportJobItem): Promise<void> => {
  await db().entities.importJob.create(item).go({ response: 'none' });
};

/** An import by id in its brand (pattern: importJobById). */
export const getImportItem = async ({ workspaceId, projectId, importId }: ImportRef): Promise<ImportJobItem | undefined> => {
  // Keys are case-folded: only the item of exactly these ids answers (another case is not found).
  const { data } = await db().entities.importJob.get({ workspaceId, projectId, importId }).go();
  return exactly(data, { workspaceId, projectId, importId });
};

/** A brand's imports, newest first (pattern: importJobsOfProject). */
export const listImportItems = async (workspaceId: string, projectId: string, limit = 100): Promise<ImportJobItem[]> => {
  const { data } = await db().entities.importJob.query.primary({ workspaceId, projectId }).go({ order: 'desc', limit });
  return allExactly(data, { workspaceId, projectId });
};

/**
 * Moves an import from one of `from` to `status` (finished ones get finishedAt); the updated item, or undefined
 * when it was not in one of `from` (pattern: importJobWrite).
 */
export const moveImport = async (
  ref: ImportRef,
  from: readonly ImportJobItem['status'][],
  status: ImportJobItem['status'],
  extra: { finishedAt?: string; error?: string } = {},
): Promise<ImportJobItem | undefined> => {
  return unlessRefused(async () => {
    const { data } = await db()
      .entities.importJob.patch(ref)
      .set({ status, ...extra })
      .where((attr, { eq }) => from.map((value) => eq(attr.status, value)).join(' OR '))
      .go({ response: 'all_new' });
    return data as ImportJobItem;
  }, undefined);
};

/** Sets the row count once the whole file has been read; false when it was set already (pattern: importJobWrite). */
export const setImportTotal = async (ref: ImportRef, total: number): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.importJob.patch(ref)
      .set({ total })
      .where((attr, { notExists }) => notExists(attr.total))
      .go({ response: 'none' });
    return true;
  }, false);
};

/** Completes a running import whose every row has an outcome (pattern: importJobWrite); false when not (yet). */
export const completeImportIfDone = async (ref: ImportRef, now: string): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.importJob.patch(ref)
      .set({ status: 'completed', finishedAt: now })
      .where((attr, { eq, exists, name }) => `${eq(attr.status, 'running')} AND ${exists(attr.total)} AND ${name(attr.processed)} = ${name(attr.total)}`)
      .go({ response: 'none' });
    return true;
  }, false);
};

/**
 * The rows from `first` to `last` that have an outcome (pattern: importRowsOfImport): one Query for a chunk instead
 * of a read per row.
 */
export const rowsWithOutcome = async (workspaceId: string, importId: string, first: number, last: number): Promise<Set<number>> => {
  const { data } = await db()
    .entities.importRow.query.primary({ workspaceId, importId })
    .between({ row: rowKey(first) }, { row: rowKey(last) })
    .go({ pages: 'all' });
  return new Set(allExactly(data, { workspaceId, importId }).map((item) => Number(item.row)));
};

/** Rows whose outcomes one transaction writes at most (with the counter update, within DynamoDB's 100 items). */
export const MAX_ROWS_PER_RECORD = 99;

/**
 * Writes rows' outcomes and counts them, in one transaction (pattern: importRowRecord): each row is created only
 * when absent and the counters move once, only while the import runs. `already`: a row had its outcome (another
 * delivery of the chunk wrote it), nothing was written; `stopped`: the import is no longer running (cancelled);
 * `conflict`: DynamoDB cancelled it for another transaction on the import's counters (another chunk's rows),
 * nothing was written and it may be sent again.
 */
export const recordRows = async (ref: ImportRef, rows: readonly Omit<ImportRowItem, 'workspaceId' | 'importId'>[]): Promise<'done' | 'already' | 'stopped' | 'conflict'> => {
  if (rows.length === 0 || rows.length > MAX_ROWS_PER_RECORD) throw new Error(`recordRows takes 1 to ${MAX_ROWS_PER_RECORD} rows, not ${rows.length}`);
  const { workspaceId, importId } = ref;
  const counts: Record<string, number> = { processed: rows.length };
  for (const row of rows) counts[row.outcome] = (counts[row.outcome] ?? 0) + 1;
  const { canceled, data } = await db()
    .transaction.write(({ importRow, importJob }) => [
      ...rows.map((row) => importRow.create({ ...row, workspaceId, importId }).commit()),
      importJob
        .patch(ref)
        .add(counts as { processed: number })
        .where((attr, { eq }) => eq(attr.status, 'running'))
        .commit(),
    ])
    .go();
  if (!canceled) return 'done';
  const reasons = data as readonly ({ code?: string } | null | undefined)[];
  if (reasons.slice(0, rows.length).some((reason) => reason?.code === 'ConditionalCheckFailed')) return 'already';
  if (reasons[rows.length]?.code === 'ConditionalCheckFailed') return 'stopped';
  if (reasons.some((reason) => reason?.code === 'TransactionConflict')) return 'conflict';
  throw new Error(`Import rows transaction cancelled: ${reasons.map((reason) => reason?.code ?? 'None').join(', ')}`);
};

/** An import's failed rows in file order, page by page (pattern: importRowsOfImport). */
export const listFailedRows = async (workspaceId: string, importId: string): Promise<ImportRowItem[]> => {
  const { data } = await db()
    .entities.importRow.query.primary({ workspaceId, importId })
    .where((attr, { eq }) => eq(attr.outcome, 'failed'))
    .go({ pages: 'all' });
  return allExactly(data, { workspaceId, importId });
};
