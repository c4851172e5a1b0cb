import * as z from 'zod/mini';
import { IMPORT_CONTENT_TYPE, MAX_IMPORT_BYTES, ROW_REFUSALS } from '../csv-import';
import { id, isoDate, number, text } from './common';

/** Bulk imports of posts from a CSV of URLs (issue 12): the upload, the job and its progress. */

export const importProjectParams = z.object({ workspaceId: id, projectId: id });
export const importParams = z.object({ workspaceId: id, projectId: id, importId: id });

export const importUploadBody = z.object({
  filename: text(200, { trim: true, required: true }),
  size: number(1, MAX_IMPORT_BYTES, { unit: 'bytes' }),
});
/** PUT the file to `upload_url` with `headers` (they are signed: the type and the size are held to). */
export const importUpload = z.object({ upload_url: z.string(), upload_key: z.string(), headers: z.record(z.string(), z.string()) });
export { IMPORT_CONTENT_TYPE };

export const createImportBody = z.object({
  upload_key: text(500, { required: true }),
  /** Each imported post also becomes a Post task (through the task create path, so integrations fire). */
  create_tasks: z._default(z.boolean(), false),
});

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
/** Statuses after which nothing changes. */
export const FINISHED_IMPORT_STATUSES: readonly ImportStatus[] = ['completed', 'cancelled', 'failed'];

/** Why a row was not imported: the CSV rule refused it, or the fetch of the post failed. */
export const IMPORT_FAILURE_REASONS = {
  ...ROW_REFUSALS,
  not_found: 'Not found',
  refused: 'Address refused (not a public address)',
  timeout: 'The site did not answer in time',
  not_a_post: 'Not a post page',
  too_large: 'The page is too large',
  error: 'Could not be imported',
} as const;
export type ImportFailureReason = keyof typeof IMPORT_FAILURE_REASONS;

export const importSchema = z.object({
  uid: z.string(),
  project_uid: z.string(),
  filename: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Rows with a URL or refused (header and empty lines are not rows); 0 until the file has been read. */
  total: z.number(),
  processed: z.number(),
  imported: z.number(),
  duplicate: z.number(),
  failed: z.number(),
  create_tasks: z.boolean(),
  created_by: z.string(),
  created_at: isoDate,
  finished_at: z.optional(isoDate),
  /** When status is failed: the spec's message for a file that could not be read, or no URL in it. */
  error: z.optional(z.string()),
});
export type Import = z.infer<typeof importSchema>;

export const importList = z.object({ items: z.array(importSchema) });

/** The failures CSV's header (row, url, reason); a refused row's url column holds what the cell said. */
export const IMPORT_FAILURES_HEADER = ['row', 'url', 'reason'] as const;
