import type { StoredFile } from '#shared/schemas/task';
import { MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import { DomainError } from '#lib/errors';
import type { FileItem } from '#data/comments';
import { fileNameOfKey } from './keys';

/** What is stored at a key (HEAD), or undefined when nothing is. */
export type StoredObject = { size: number; contentType: string };

/** The uploads bucket as the core uses it (functions/lib/uploads.ts in production, fakes in unit tests). */
export type UploadStore = {
  presignUpload: (input: { key: string; contentType: string; size: number }) => Promise<{ url: string; headers: Record<string, string> }>;
  signDownload: (key: string, name: string) => Promise<string>;
  headObject: (key: string) => Promise<StoredObject | undefined>;
  markUsed: (key: string) => Promise<void>;
  deleteObjects: (keys: readonly string[]) => Promise<void>;
};

/** Stored files as the API answers them, each with a fresh signed download link. */
export const toStoredFiles = (sign: UploadStore['signDownload'], files: readonly FileItem[] | undefined): Promise<StoredFile[]> =>
  Promise.all(
    (files ?? []).map(async (file) => ({
      key: file.key,
      name: file.name,
      size: file.size,
      content_type: file.contentType,
      url: await sign(file.key, file.name),
    })),
  );

/**
 * Checks uploaded objects before anything refers to them (s3rver enforces neither the signed size nor the type,
 * and a client may name any key): each must exist (else attachment_invalid), be at most 5 MB (else the object is
 * deleted and attachment_too_large) and have an allowed type (else deleted and attachment_invalid). Only keys the
 * caller may use reach this (the owner prefix is checked first), so deleting a bad one never touches another's
 * file. The good ones are then marked used, so the expiry rule for abandoned uploads leaves them. Answers the
 * files as stored.
 */
export const acceptUploads = async (store: UploadStore, keys: readonly string[], allowed: readonly string[]): Promise<FileItem[]> => {
  const heads = await Promise.all(keys.map(async (key) => ({ key, head: await store.headObject(key) })));
  const tooLarge = heads.filter(({ head }) => head && head.size > MAX_ATTACHMENT_BYTES).map(({ key }) => key);
  const wrongType = heads.filter(({ head }) => head && head.size <= MAX_ATTACHMENT_BYTES && !allowed.includes(head.contentType)).map(({ key }) => key);
  if (tooLarge.length || wrongType.length) await store.deleteObjects([...tooLarge, ...wrongType]);
  if (tooLarge.length) throw new DomainError('attachment_too_large');
  if (wrongType.length || heads.some(({ head }) => !head || head.size === 0)) throw new DomainError('attachment_invalid');
  await Promise.all(keys.map((key) => store.markUsed(key)));
  return heads.map(({ key, head }) => ({ key, name: fileNameOfKey(key), size: head!.size, contentType: head!.contentType }));
};
