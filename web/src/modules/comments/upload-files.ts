import type { z } from 'zod/mini';
import type { presignedUpload } from '#shared/schemas/collab';

export type PresignedUpload = z.infer<typeof presignedUpload>;

/** A file did not reach storage: the server never saw it, so nothing was saved and the user can try again. */
export class UploadFailed extends Error {
  readonly fileName: string;

  constructor(fileName: string, cause?: unknown) {
    super(`The upload of ${fileName} failed`, { cause });
    this.name = 'UploadFailed';
    this.fileName = fileName;
  }
}

/**
 * PUTs a file's bytes to a presigned URL with exactly the headers the server signed (no auth header: the
 * signature is the permission, and storage is another origin).
 */
export const putFile = async (upload: Pick<PresignedUpload, 'url' | 'headers'>, file: Blob, name: string, signal?: AbortSignal) => {
  let response: Response;
  try {
    response = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: file, signal, credentials: 'omit' });
  } catch (cause) {
    throw new UploadFailed(name, cause);
  }
  if (!response.ok) throw new UploadFailed(name, new Error(`storage answered ${response.status}`));
};

/** PUTs every file to its upload (same order), calling `onDone` as each one lands. */
export const putFiles = async (uploads: readonly PresignedUpload[], files: readonly Blob[], names: readonly string[], onDone?: (done: number) => void) => {
  let done = 0;
  await Promise.all(
    uploads.map(async (upload, index) => {
      await putFile(upload, files[index]!, names[index] ?? upload.name);
      onDone?.(++done);
    }),
  );
  return uploads.map((upload) => upload.key);
};
