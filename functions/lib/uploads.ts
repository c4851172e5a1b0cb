import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { UPLOAD_URL_TTL_SECONDS } from '#shared/schemas/collab';
import { s3 } from './clients/s3';
import { presignS3 } from './clients/s3-presign';
import { config } from './config';

/**
 * The uploads bucket: presigned uploads straight from the browser, checks of what arrived, signed downloads.
 *
 * A presigned PUT signs the Content-Type and Content-Length the browser declared, so S3 refuses any other type
 * or size; it also signs the tag `upload=pending`, and a lifecycle rule of the bucket expires objects still
 * tagged so after a day (an upload nobody used). Presigned PUTs go to pending keys only (core/uploads/keys);
 * using a file (a comment, a cover) copies it to its key tagged `upload=used`, so the rule never touches a file
 * in use and no presigned URL can overwrite it. s3rver checks none of this: the confirm step HEADs each object
 * and enforces size and type itself.
 */
/** Signed download links live this long; lists sign them afresh on every read. */
export const DOWNLOAD_URL_TTL_SECONDS = 60 * 60;

/** The tag of a presigned upload until something uses it; the bucket's lifecycle rule expires `pending` ones. */
export const UPLOAD_TAG = { key: 'upload', pending: 'pending', used: 'used' } as const;

const pendingTagging = `${UPLOAD_TAG.key}=${UPLOAD_TAG.pending}`;

export type PresignedPut = { url: string; headers: Record<string, string> };

/**
 * A URL to PUT exactly `size` bytes of `contentType` at `key`. The browser sends `headers` as given (its own
 * Content-Length comes from the body, and must equal `size`).
 */
export const presignUpload = async ({ key, contentType, size }: { key: string; contentType: string; size: number }): Promise<PresignedPut> => {
  const headers = { 'content-type': contentType, 'x-amz-tagging': pendingTagging };
  // Type, length and the tag are signed headers, so S3 holds the browser to them (the tag cannot ride in the query).
  const url = await presignS3({
    method: 'PUT',
    operation: 'PutObject',
    bucket: config.uploadsBucket,
    key,
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    headers: { ...headers, 'content-length': String(size) },
  });
  return { url, headers };
};

/** A short-lived link that downloads the object under `name`. */
export const signDownload = (key: string, name: string): Promise<string> =>
  presignS3({
    method: 'GET',
    operation: 'GetObject',
    bucket: config.uploadsBucket,
    key,
    expiresIn: DOWNLOAD_URL_TTL_SECONDS,
    query: { 'response-content-disposition': `attachment; filename="${name.replace(/["\\\r\n]/g, '')}"` },
  });

export type StoredObject = { size: number; contentType: string };

/** What is stored at `key`, or undefined when nothing is. */
export const headObject = async (key: string): Promise<StoredObject | undefined> => {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: (head.ContentType ?? '').split(';')[0]!.trim().toLowerCase() };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return undefined;
    throw error;
  }
};

const usedTagging = `${UPLOAD_TAG.key}=${UPLOAD_TAG.used}`;

/** Copies an object (type and metadata kept) to a new key, tagged used. Keys are plain path segments (see keys.ts). */
export const copyObject = async (from: string, to: string): Promise<void> => {
  await s3().send(
    new CopyObjectCommand({
      Bucket: config.uploadsBucket,
      Key: to,
      CopySource: `${config.uploadsBucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      TaggingDirective: 'REPLACE',
      Tagging: usedTagging,
    }),
  );
};

/** Writes bytes the server itself made or fetched (a post's thumbnail) at `key`, tagged used. */
export const putObject = async (key: string, body: Uint8Array, contentType: string): Promise<void> => {
  await s3().send(new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: body, ContentType: contentType, Tagging: usedTagging }));
};

/** A short-lived link that shows the object in the page (an <img>), not as a download. */
export const signView = (key: string): Promise<string> =>
  presignS3({ method: 'GET', operation: 'GetObject', bucket: config.uploadsBucket, key, expiresIn: DOWNLOAD_URL_TTL_SECONDS });

const DELETE_BATCH = 1000;

/** Deletes the objects (absent ones are fine), 1000 per request. */
export const deleteObjects = async (keys: readonly string[]): Promise<void> => {
  const unique = [...new Set(keys)];
  for (let start = 0; start < unique.length; start += DELETE_BATCH) {
    const batch = unique.slice(start, start + DELETE_BATCH);
    const out = await s3().send(
      new DeleteObjectsCommand({ Bucket: config.uploadsBucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
    );
    if (out.Errors?.length) throw new Error(`Deleting ${out.Errors.length} objects failed: ${out.Errors[0]?.Code} ${out.Errors[0]?.Message}`);
  }
};

/** The first keys under a prefix, at most 1000 (S3's page): a purge that deletes what it lists simply lists again. */
export const listObjectKeys = async (prefix: string): Promise<string[]> => {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: config.uploadsBucket, Prefix: prefix }));
  return (out.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
};

/** An object's bytes as a stream (a large CSV is read as it arrives, never held whole). */
export const readObjectStream = async (key: string): Promise<Readable> => {
  const out = await s3().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
  return out.Body as Readable;
};

/*
 * Multipart uploads (screen recordings): the server creates the upload at the object's final key and signs each
 * part's PUT, so a browser can write nothing else; once completed (or aborted) the upload id is gone and its part
 * URLs write nothing. The bucket's lifecycle rule aborts uploads left incomplete after a day.
 */

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNoSuchUpload = (error: unknown) => (error as Error).name === 'NoSuchUpload' || statusOf(error) === 404;

/** Starts a multipart upload of `contentType` at `key`; answers its upload id. */
export const createMultipartUpload = async (key: string, contentType: string): Promise<string> => {
  const out = await s3().send(new CreateMultipartUploadCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: contentType }));
  if (!out.UploadId) throw new Error(`CreateMultipartUpload of ${key} answered no upload id`);
  return out.UploadId;
};

/** A URL to PUT one part's bytes (no headers to send); S3 answers the part's ETag, which complete needs. */
export const presignUploadPart = (key: string, uploadId: string, partNumber: number): Promise<string> =>
  presignS3({
    method: 'PUT',
    operation: 'UploadPart',
    bucket: config.uploadsBucket,
    key,
    expiresIn: UPLOAD_URL_TTL_SECONDS,
    query: { partNumber: String(partNumber), uploadId },
  });

export type UploadedPart = { partNumber: number; etag: string; size: number };

/** The parts S3 holds for an upload, by number; undefined when the upload is gone (completed, aborted, expired). */
export const listParts = async (key: string, uploadId: string): Promise<UploadedPart[] | undefined> => {
  const parts: UploadedPart[] = [];
  let marker: string | undefined;
  try {
    do {
      const out = await s3().send(new ListPartsCommand({ Bucket: config.uploadsBucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }));
      for (const part of out.Parts ?? []) parts.push({ partNumber: part.PartNumber ?? 0, etag: part.ETag ?? '', size: part.Size ?? 0 });
      marker = out.IsTruncated ? out.NextPartNumberMarker : undefined;
    } while (marker);
  } catch (error) {
    if (isNoSuchUpload(error)) return undefined;
    throw error;
  }
  return parts.sort((a, b) => a.partNumber - b.partNumber);
};

/** What S3 answers when the parts named do not make an object (a part missing or changed, too small, out of order). */
const PART_REFUSALS = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall']);

/**
 * Assembles the parts (ascending) into the object. 'gone' when the upload no longer exists; 'invalid' when S3
 * refuses the parts (they changed since they were checked).
 */
export const completeMultipartUpload = async (
  key: string,
  uploadId: string,
  parts: readonly { partNumber: number; etag: string }[],
): Promise<'done' | 'gone' | 'invalid'> => {
  try {
    await s3().send(
      new CompleteMultipartUploadCommand({
        Bucket: config.uploadsBucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
      }),
    );
    return 'done';
  } catch (error) {
    if (isNoSuchUpload(error)) return 'gone';
    if (PART_REFUSALS.has((error as Error).name)) return 'invalid';
    throw error;
  }
};

/** Ends an unfinished upload and drops its parts; one already gone is fine. */
export const abortMultipartUpload = async (key: string, uploadId: string): Promise<void> => {
  try {
    await s3().send(new AbortMultipartUploadCommand({ Bucket: config.uploadsBucket, Key: key, UploadId: uploadId }));
  } catch (error) {
    if (!isNoSuchUpload(error)) throw error;
  }
};
