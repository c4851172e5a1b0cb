import type { StoredFile } from '#shared/schemas/task';
import { MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { FileItem } from '#data/comments';
import { confirmedKeyOf, fileNameOfKey } from './keys';

/** What is stored at a key (HEAD), or undefined when nothing is. */
export type StoredObject = { size: number; contentType: string };

/** The uploads bucket as the core uses it (functions/lib/uploads.ts in production, fakes in unit tests). */
export type UploadStore = {
  presignUpload: (input: { key: string; contentType: string; size: number }) => Promise<{ url: string; headers: Record<string, string> }>;
  signDownload: (key: string, name: string) => Promise<string>;
  headObject: (key: string) => Promise<StoredObject | undefined>;
  /** Copies an object to a new key, tagged as used (the lifecycle rule for abandoned uploads leaves it). */
  copyObject: (from: string, to: string) => Promise<void>;
  deleteObjects: (keys: readonly string[]) => Promise<void>;
};

/** Claims objects' keys for one use, all or none (functions/data/upload-claims.ts). */
export type ClaimUploads = (ctx: Pick<WorkspaceContext, 'workspaceId' | 'userId'>, keys: readonly string[], now: Date) => Promise<GuardedOutcome>;

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
 * The keys the caller's pending uploads become, checked before anything is read: each must be a pending upload
 * of the caller (else attachment_invalid) whose key `belongs` says is the owner's (a task's files, a project's
 * cover). Nothing is touched for a key that fails: it may be someone else's.
 */
export const ownPendingUploads = (
  ctx: Pick<WorkspaceContext, 'userId'>,
  pending: readonly string[],
  belongs: (key: string) => boolean,
  field: string,
) =>
  pending.map((key) => {
    const confirmed = confirmedKeyOf(key, ctx.userId);
    if (!confirmed || !belongs(confirmed)) throw new DomainError('attachment_invalid', { field });
    return { pending: key, key: confirmed };
  });

export type ConfirmUploadsDeps = { store: UploadStore; claimUploads: ClaimUploads; clock: () => Date; retryTiming?: RetryTiming };

/**
 * Confirms the caller's pending uploads (from ownPendingUploads) before anything refers to them. s3rver enforces
 * neither the signed size nor the type, and a client may name any key, so each object is checked: it must exist
 * (else attachment_invalid), be at most 5 MB (else it is deleted and attachment_too_large) and have an allowed
 * type (else deleted and attachment_invalid); these are the caller's own pending objects. Then every key is
 * claimed for this one use (an upload already used, or used by a request racing this one: attachment_invalid),
 * each object is copied to its key (tagged used) and the pending ones deleted. Answers the files as stored.
 * Refusals name `field`, the request field the keys came in.
 */
export const confirmUploads = async (
  deps: ConfirmUploadsDeps,
  ctx: Pick<WorkspaceContext, 'workspaceId' | 'userId'>,
  uploads: readonly { pending: string; key: string }[],
  allowed: readonly string[],
  field: string,
): Promise<FileItem[]> => {
  const { store } = deps;
  const heads = await Promise.all(uploads.map(async (upload) => ({ ...upload, head: await store.headObject(upload.pending) })));
  const tooLarge = heads.filter(({ head }) => head && head.size > MAX_ATTACHMENT_BYTES);
  const wrongType = heads.filter(({ head }) => head && head.size <= MAX_ATTACHMENT_BYTES && !allowed.includes(head.contentType));
  if (tooLarge.length || wrongType.length) await store.deleteObjects([...tooLarge, ...wrongType].map(({ pending }) => pending));
  if (tooLarge.length) throw new DomainError('attachment_too_large', { field });
  if (wrongType.length || heads.some(({ head }) => !head || head.size === 0)) throw new DomainError('attachment_invalid', { field });
  await retry(
    async () => {
      const outcome = await deps.claimUploads(ctx, uploads.map(({ key }) => key), deps.clock());
      if (outcome === 'stale') throw new DomainError('attachment_invalid', { field });
      return outcome === 'done' ? undefined : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  await Promise.all(uploads.map(({ pending, key }) => store.copyObject(pending, key)));
  if (uploads.length) await store.deleteObjects(uploads.map(({ pending }) => pending));
  return heads.map(({ key, head }) => ({ key, name: fileNameOfKey(key), size: head!.size, contentType: head!.contentType }));
};
