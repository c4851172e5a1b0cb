import type * as z from 'zod/mini';
import { IMPORT_CONTENT_TYPE, MAX_IMPORT_BYTES } from '#shared/csv-import';
import { IMPORT_FAILURE_REASONS, IMPORT_FAILURES_HEADER, type createImportBody, type Import, type importUpload, type importUploadBody, type ImportFailureReason } from '#shared/schemas/imports';
import { slugifyFileName } from '#shared/slugify';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { StoredObject } from '#lib/uploads';
import type { ImportJobItem, ImportRef, ImportRowItem } from '#data/imports';
import type { Clock } from '../clock';
import { confirmedKeyOf, pendingKey, workspaceFilesPrefix } from '../uploads/keys';

/** Where an import's CSV lives: under its workspace and brand, a random segment, the slugified name. */
const importPrefix = (workspaceId: string, projectId: string) => `${workspaceFilesPrefix(workspaceId)}projects/${projectId}/imports/`;
export const importFileKey = (workspaceId: string, projectId: string, random: string, fileName: string) =>
  `${importPrefix(workspaceId, projectId)}${random}/${slugifyFileName(fileName)}`;
const OWN_SUFFIX = /^[A-Za-z0-9_-]{8,64}\/[a-z0-9][a-z0-9.-]{0,120}$/;
/** The key was made by importFileKey for this brand of this workspace (a key of another brand is refused). */
export const isImportFileKey = (key: string, workspaceId: string, projectId: string) =>
  key.startsWith(importPrefix(workspaceId, projectId)) && OWN_SUFFIX.test(key.slice(importPrefix(workspaceId, projectId).length));

export const toImport = (item: ImportJobItem): Import => ({
  uid: item.importId,
  project_uid: item.projectId,
  filename: item.filename,
  status: item.status,
  total: item.total ?? 0,
  processed: item.processed,
  imported: item.imported,
  duplicate: item.duplicate,
  failed: item.failed,
  create_tasks: item.createTasks,
  created_by: item.createdBy,
  created_at: item.createdAt,
  ...(item.finishedAt ? { finished_at: item.finishedAt } : {}),
  ...(item.error ? { error: item.error } : {}),
});

export type ImportUploadDeps = {
  presignUpload: (input: { key: string; contentType: string; size: number }) => Promise<{ url: string; headers: Record<string, string> }>;
  newRandom: () => string;
};

/** A presigned PUT of the CSV to the caller's pending key (type and size signed: at most 10 MB of text/csv). */
export const createImportUpload = async (
  deps: ImportUploadDeps,
  ctx: WorkspaceContext,
  projectId: string,
  input: z.output<typeof importUploadBody>,
): Promise<z.output<typeof importUpload>> => {
  const key = pendingKey(ctx.userId, importFileKey(ctx.workspaceId, projectId, deps.newRandom(), input.filename));
  const signed = await deps.presignUpload({ key, contentType: IMPORT_CONTENT_TYPE, size: input.size });
  return { upload_url: signed.url, upload_key: key, headers: signed.headers };
};

export type CreateImportDeps = {
  clock: Clock;
  newImportId: (now: Date) => string;
  headObject: (key: string) => Promise<StoredObject | undefined>;
  copyObject: (from: string, to: string) => Promise<void>;
  deleteObjects: (keys: readonly string[]) => Promise<void>;
  createImportItem: (item: ImportJobItem) => Promise<void>;
  enqueueStart: (ref: ImportRef) => Promise<void>;
};

/**
 * Starts an import of the caller's uploaded CSV: the key must be their own pending import upload of this brand,
 * and what arrived at most 10 MB (s3rver does not hold the browser to the signed size). The file is copied to its
 * key (a presigned URL used again cannot change it), the import is queued, and the worker reads it.
 */
export const createImport = async (deps: CreateImportDeps, ctx: WorkspaceContext, projectId: string, input: z.output<typeof createImportBody>): Promise<Import> => {
  const key = confirmedKeyOf(input.upload_key, ctx.userId);
  if (!key || !isImportFileKey(key, ctx.workspaceId, projectId)) throw new DomainError('attachment_invalid', { field: 'upload_key' });
  const head = await deps.headObject(input.upload_key);
  if (!head || head.size < 1 || head.size > MAX_IMPORT_BYTES) throw new DomainError('attachment_invalid', { field: 'upload_key' });
  await deps.copyObject(input.upload_key, key);
  const now = deps.clock();
  const item: ImportJobItem = {
    workspaceId: ctx.workspaceId,
    projectId,
    importId: deps.newImportId(now),
    filename: key.slice(key.lastIndexOf('/') + 1),
    fileKey: key,
    status: 'queued',
    processed: 0,
    imported: 0,
    duplicate: 0,
    failed: 0,
    createTasks: input.create_tasks,
    createdBy: ctx.userId,
    createdAt: now.toISOString(),
  };
  await deps.createImportItem(item);
  await deps.enqueueStart({ workspaceId: ctx.workspaceId, projectId, importId: item.importId });
  await deps.deleteObjects([input.upload_key]).catch(() => undefined);
  return toImport(item);
};

export const getImport = async (getImportItem: (ref: ImportRef) => Promise<ImportJobItem | undefined>, ref: ImportRef): Promise<ImportJobItem> => {
  const item = await getImportItem(ref);
  if (!item) throw new DomainError('not_found');
  return item;
};

/** Cancels a queued or running import; a finished one is answered as it is. */
export const cancelImport = async (
  deps: {
    clock: Clock;
    getImportItem: (ref: ImportRef) => Promise<ImportJobItem | undefined>;
    moveImport: (ref: ImportRef, from: readonly ImportJobItem['status'][], status: ImportJobItem['status'], extra?: { finishedAt?: string }) => Promise<ImportJobItem | undefined>;
  },
  ref: ImportRef,
): Promise<Import> => {
  const current = await getImport(deps.getImportItem, ref);
  if (current.status !== 'queued' && current.status !== 'running') return toImport(current);
  const moved = await deps.moveImport(ref, ['queued', 'running'], 'cancelled', { finishedAt: deps.clock().toISOString() });
  return toImport(moved ?? (await getImport(deps.getImportItem, ref)));
};

/** One CSV cell: quoted when it holds a separator, a quote or a line break; a leading formula character is defused. */
const csvCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The failures CSV: one line per failed row (row number, what the cell said, why), in file order. */
export const failuresCsv = (rows: readonly ImportRowItem[]): string =>
  [
    IMPORT_FAILURES_HEADER.join(','),
    ...rows.map((row) =>
      [String(Number(row.row)), row.url, IMPORT_FAILURE_REASONS[(row.reason ?? 'error') as ImportFailureReason] ?? IMPORT_FAILURE_REASONS.error].map(csvCell).join(','),
    ),
  ].join('\r\n') + '\r\n';
