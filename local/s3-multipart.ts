import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * What s3rver 3.7 lacks of S3's multipart uploads, added so the twin refuses what AWS refuses (measured: it has no
 * ListParts nor AbortMultipartUpload (405), takes parts for an unknown or finished upload, and completes with any
 * ETags and parts of any size):
 * - ListParts (GET ?uploadId) with S3's paging (part-number-marker, max-parts);
 * - AbortMultipartUpload (DELETE ?uploadId): the parts are dropped;
 * - UploadPart and CompleteMultipartUpload of an upload that does not exist (never made, completed, aborted):
 *   404 NoSuchUpload;
 * - CompleteMultipartUpload checks as S3 does: parts ascending (InvalidPartOrder), each named part uploaded with
 *   that ETag (InvalidPart), every part but the last at least 5 MiB (EntityTooSmall).
 * It works on s3rver's own filesystem layout (uploads/<id>/{key,metadata,<n>,<n>.md5}).
 */

/** S3's minimum size of every part but the last. */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;

const require = createRequire(import.meta.url);
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, unknown>) => Error;
const S3Error = require('s3rver/lib/models/error') as S3ErrorClass;

type Store = {
  getResourcePath: (bucket: string, key: string | undefined, resource: string) => string;
  putPart: (bucket: string, uploadId: string, partNumber: number | string, content: Readable) => Promise<{ size: number; md5: string }>;
  putObjectMultipart: (bucket: string, uploadId: string, parts: { number: number; etag: string }[]) => Promise<unknown>;
};
type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
};
type Koa = { store: Store; middleware: ((ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>)[] };

const noSuchUpload = (uploadId: string) =>
  new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', {
    UploadId: uploadId,
  });

const uploadDir = (store: Store, bucket: string, uploadId: string) =>
  // An upload id is s3rver's own hex; anything else cannot name a folder.
  /^[0-9a-f]{32}$/.test(uploadId) ? path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId) : undefined;

/** The upload's folder when the upload exists (and is of `key`, when given). */
const existingUpload = async (store: Store, bucket: string, uploadId: string, key?: string) => {
  const dir = uploadDir(store, bucket, uploadId);
  if (!dir || !existsSync(path.join(dir, 'key'))) return undefined;
  if (key !== undefined && (await readFile(path.join(dir, 'key'), 'utf8')) !== key) return undefined;
  return dir;
};

type Part = { number: number; etag: string; size: number; lastModified: Date };

const partsOf = async (dir: string): Promise<Part[]> => {
  const names = (await readdir(dir)).filter((name) => /^\d+$/.test(name));
  const parts = await Promise.all(
    names.map(async (name) => {
      const [info, md5] = await Promise.all([stat(path.join(dir, name)), readFile(path.join(dir, `${name}.md5`), 'utf8').catch(() => '')]);
      return { number: Number(name), etag: md5.trim(), size: info.size, lastModified: info.mtime };
    }),
  );
  return parts.filter((part) => part.etag).sort((a, b) => a.number - b.number);
};

/** Bucket and key of a path-style object request (/bucket/key…). */
const objectOf = (requestPath: string) => {
  const match = /^\/([^/]+)\/(.+)$/.exec(requestPath);
  return match ? { bucket: decodeURIComponent(match[1]!), key: match[2]!.split('/').map(decodeURIComponent).join('/') } : undefined;
};

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Adds the multipart behaviour above to a started-but-not-listening s3rver (call before `run`). */
export const addMultipartChecks = (server: unknown) => {
  const app = server as Koa;
  const store = app.store;

  const putPart = store.putPart.bind(store);
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    if (!(await existingUpload(store, bucket, uploadId))) {
      content.resume();
      throw noSuchUpload(uploadId);
    }
    return putPart(bucket, uploadId, partNumber, content);
  };

  const putObjectMultipart = store.putObjectMultipart.bind(store);
  store.putObjectMultipart = async (bucket, uploadId, parts) => {
    const dir = await existingUpload(store, bucket, uploadId);
    if (!dir) throw noSuchUpload(uploadId);
    if (parts.some((part, i) => i > 0 && part.number <= parts[i - 1]!.number)) {
      throw new S3Error('InvalidPartOrder', 'The list of parts was not in ascending order. Parts must be ordered by part number.');
    }
    const stored = new Map((await partsOf(dir)).map((part) => [part.number, part]));
    parts.forEach((part, i) => {
      const held = stored.get(part.number);
      if (!held || held.etag !== part.etag) {
        throw new S3Error('InvalidPart', "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.", {
          PartNumber: part.number,
        });
      }
      if (i < parts.length - 1 && held.size < S3_MIN_PART_BYTES) {
        throw new S3Error('EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.', {
          PartNumber: part.number,
          ProposedSize: held.size,
          MinSizeAllowed: S3_MIN_PART_BYTES,
        });
      }
    });
    return putObjectMultipart(bucket, uploadId, parts);
  };

  // ListParts and AbortMultipartUpload, answered before s3rver's router (which refuses both with 405).
  const multipartRoutes = async (ctx: KoaContext, next: () => Promise<unknown>) => {
    const uploadId = single(ctx.query.uploadId);
    const object = objectOf(ctx.path);
    if (uploadId === undefined || !object || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const dir = await existingUpload(store, object.bucket, uploadId, object.key);
    if (!dir) throw noSuchUpload(uploadId);
    if (ctx.method === 'DELETE') {
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const marker = Number(single(ctx.query['part-number-marker']) ?? 0) || 0;
    const maxParts = Math.min(1000, Math.max(1, Number(single(ctx.query['max-parts']) ?? 1000) || 1000));
    const after = (await partsOf(dir)).filter((part) => part.number > marker);
    const page = after.slice(0, maxParts);
    const truncated = after.length > page.length;
    ctx.body = {
      ListPartsResult: {
        Bucket: object.bucket,
        Key: object.key,
        UploadId: uploadId,
        PartNumberMarker: marker,
        ...(truncated ? { NextPartNumberMarker: page.at(-1)!.number } : {}),
        MaxParts: maxParts,
        IsTruncated: truncated,
        Part: page.map((part) => ({ PartNumber: part.number, LastModified: part.lastModified.toISOString(), ETag: `"${part.etag}"`, Size: part.size })),
      },
    };
  };
  // s3rver mounts its router last; these routes go just before it (after its logging and XML encoding).
  app.middleware.splice(app.middleware.length - 1, 0, multipartRoutes);
};
