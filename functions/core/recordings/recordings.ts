import type * as z from 'zod/mini';
import {
  MAX_RECORDING_BYTES,
  MIN_PART_BYTES,
  POSTER_TYPES,
  RECORDING_EXTENSIONS,
  type completeRecordingBody,
  type createdRecording,
  type createRecordingBody,
  type posterFile,
  type posterUpload,
  type Recording,
  type signedRecordingParts,
  type signRecordingPartsBody,
  type uploadedRecordingParts,
} from '#shared/schemas/recordings';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { RecordingItem, RecordingRef } from '#data/recordings';
import type { TaskItem } from '#data/tasks';
import type { Clock } from '../clock';
import { hasPermission } from '../projects/project-rules';
import { confirmUploads, ownPendingUploads, type ClaimUploads, type UploadStore } from '../uploads/files';
import { fileNameOfKey, isPosterKey, pendingKey, posterKey, recordingKey } from '../uploads/keys';

/** What a recording is called when the recorder gives no name. */
export const DEFAULT_RECORDING_NAME = 'Screen recording';

export type UploadedPart = { partNumber: number; etag: string; size: number };

/** The uploads bucket as recordings use it: single uploads (the poster) and the video's multipart upload. */
export type RecordingStore = UploadStore & {
  createMultipartUpload: (key: string, contentType: string) => Promise<string>;
  presignUploadPart: (key: string, uploadId: string, partNumber: number) => Promise<string>;
  listParts: (key: string, uploadId: string) => Promise<UploadedPart[] | undefined>;
  completeMultipartUpload: (key: string, uploadId: string, parts: readonly { partNumber: number; etag: string }[]) => Promise<'done' | 'gone' | 'invalid'>;
  abortMultipartUpload: (key: string, uploadId: string) => Promise<void>;
};

export type RecordingDeps = {
  clock: Clock;
  newRecordingId: () => string;
  newRandom: () => string;
  store: RecordingStore;
  claimUploads: ClaimUploads;
  getProjectAndMember: (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;
  getRecording: (ref: RecordingRef) => Promise<RecordingItem | undefined>;
  createRecording: (item: RecordingItem) => Promise<void>;
  markReady: (ref: RecordingRef, ready: { size: number; durationMs: number; posterKey?: string; completedAt: string }) => Promise<RecordingItem | undefined>;
  deleteRecording: (item: RecordingItem, taskStillCarriesIt: boolean) => Promise<GuardedOutcome>;
  getTask: (ctx: Pick<WorkspaceContext, 'workspaceId'>, taskId: string) => Promise<TaskItem | undefined>;
  retryTiming?: RetryTiming;
};

/** The file name a recording downloads as: its key's last segment (the slugified name with the type's extension). */
const videoName = (item: Pick<RecordingItem, 'key'>) => fileNameOfKey(item.key);

/** A stored recording as the API answers it, with fresh signed links once it is ready. */
export const toRecording = async (sign: UploadStore['signDownload'], item: RecordingItem): Promise<Recording> => {
  const ready = item.status === 'ready';
  const [url, posterUrl] = await Promise.all([
    ready ? sign(item.key, videoName(item)) : null,
    item.posterKey ? sign(item.posterKey, fileNameOfKey(item.posterKey)) : null,
  ]);
  return {
    uid: item.recordingId,
    workspace_uid: item.workspaceId,
    project_uid: item.projectId,
    status: item.status,
    name: item.name,
    content_type: item.contentType,
    size: ready ? (item.size ?? 0) : null,
    duration_ms: ready ? (item.durationMs ?? 0) : null,
    url,
    poster_url: posterUrl,
    created_by: item.createdBy,
    created_at: item.createdAt,
    task_uid: item.taskId ?? null,
  };
};

const POSTER_EXTENSIONS: Record<(typeof POSTER_TYPES)[number], string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A presigned PUT of the poster frame to the caller's pending key of a new poster of the recording. */
const posterUploadFor = async (
  deps: Pick<RecordingDeps, 'newRandom'> & { store: Pick<RecordingStore, 'presignUpload'> },
  ctx: WorkspaceContext,
  recordingId: string,
  poster: z.output<typeof posterFile>,
): Promise<z.output<typeof posterUpload>> => {
  const key = pendingKey(ctx.userId, posterKey(ctx.workspaceId, recordingId, deps.newRandom(), `poster.${POSTER_EXTENSIONS[poster.content_type]}`));
  const signed = await deps.store.presignUpload({ key, contentType: poster.content_type, size: poster.size });
  return { key, ...signed };
};

/**
 * Starts a recording in a brand the caller can open (else project_not_found / user_not_in_project naming
 * project_uid): the multipart upload at the video's final key, then the recording item (uploading). If the item
 * cannot be written the upload is aborted, so nothing is left behind.
 */
export const createRecording = async (
  deps: RecordingDeps,
  ctx: WorkspaceContext,
  input: z.output<typeof createRecordingBody>,
): Promise<z.output<typeof createdRecording>> => {
  const { project, member } = await deps.getProjectAndMember(ctx, input.project_uid, ctx.userId);
  if (!project) throw new DomainError('project_not_found', { field: 'project_uid' });
  if (!hasPermission(ctx, member)) throw new DomainError('user_not_in_project', { field: 'project_uid' });
  const recordingId = deps.newRecordingId();
  const name = input.name ?? DEFAULT_RECORDING_NAME;
  const key = recordingKey(ctx.workspaceId, recordingId, `${name}.${RECORDING_EXTENSIONS[input.content_type]}`);
  const uploadId = await deps.store.createMultipartUpload(key, input.content_type);
  const item: RecordingItem = {
    workspaceId: ctx.workspaceId,
    recordingId,
    projectId: project.projectId,
    createdBy: ctx.userId,
    status: 'uploading',
    name,
    contentType: input.content_type,
    key,
    uploadId,
    createdAt: deps.clock().toISOString(),
  };
  try {
    await deps.createRecording(item);
  } catch (error) {
    await deps.store.abortMultipartUpload(key, uploadId);
    throw error;
  }
  const poster = input.poster ? await posterUploadFor(deps, ctx, recordingId, input.poster) : undefined;
  return { ...(await toRecording(deps.store.signDownload, item)), part_size: MIN_PART_BYTES, ...(poster ? { poster_upload: poster } : {}) };
};

/** The caller's own recording (another member's is recording_not_owner: only its uploader drives an upload). */
const ownRecording = async (deps: Pick<RecordingDeps, 'getRecording'>, ctx: WorkspaceContext, recordingId: string) => {
  const item = await deps.getRecording({ workspaceId: ctx.workspaceId, recordingId });
  if (!item) throw new DomainError('recording_not_found');
  if (item.createdBy !== ctx.userId) throw new DomainError('recording_not_owner');
  return item;
};

/** The caller's recording, still uploading: its upload id. */
const ownUpload = async (deps: Pick<RecordingDeps, 'getRecording'>, ctx: WorkspaceContext, recordingId: string) => {
  const item = await ownRecording(deps, ctx, recordingId);
  if (item.status !== 'uploading' || !item.uploadId) throw new DomainError('recording_not_uploading');
  return { item, uploadId: item.uploadId };
};

/** What signing parts needs: presigning only, no S3 client (the route the recorder calls most). */
export type SignPartsDeps = Pick<RecordingDeps, 'getRecording' | 'newRandom'> & { store: Pick<RecordingStore, 'presignUploadPart' | 'presignUpload'> };

/** URLs to PUT parts of the caller's upload (each part number once), and a poster upload when asked for. */
export const signRecordingParts = async (
  deps: SignPartsDeps,
  ctx: WorkspaceContext,
  recordingId: string,
  input: z.output<typeof signRecordingPartsBody>,
): Promise<z.output<typeof signedRecordingParts>> => {
  if (!input.part_numbers.length && !input.poster) throw new ValidationError('part_numbers', 'part_numbers must have at least 1 part, unless a poster is asked for');
  const { item, uploadId } = await ownUpload(deps, ctx, recordingId);
  const numbers = [...new Set(input.part_numbers)];
  const [parts, poster] = await Promise.all([
    Promise.all(numbers.map(async (partNumber) => ({ part_number: partNumber, url: await deps.store.presignUploadPart(item.key, uploadId, partNumber) }))),
    input.poster ? posterUploadFor(deps, ctx, recordingId, input.poster) : undefined,
  ]);
  return { parts, ...(poster ? { poster_upload: poster } : {}) };
};

/** The parts S3 holds of the caller's upload: a client resumes after them. An upload S3 no longer has has expired. */
export const listRecordingParts = async (deps: RecordingDeps, ctx: WorkspaceContext, recordingId: string): Promise<z.output<typeof uploadedRecordingParts>> => {
  const { item, uploadId } = await ownUpload(deps, ctx, recordingId);
  const parts = await deps.store.listParts(item.key, uploadId);
  if (!parts) throw new DomainError('recording_upload_expired');
  return { parts: parts.map((part) => ({ part_number: part.partNumber, etag: part.etag, size: part.size })) };
};

/** S3 quotes ETags; clients may send them either way. */
const bareEtag = (etag: string) => etag.replace(/"/g, '');

/**
 * The parts as S3 holds them, checked against the request before anything changes, each refusal naming the
 * request's own `parts.N`: every part must be there with its ETag, each part but the last (by number) at least
 * MIN_PART_BYTES, and the whole at most MAX_RECORDING_BYTES. Answers them ascending, as complete wants them.
 */
export const checkParts = (requested: z.output<typeof completeRecordingBody>['parts'], held: readonly UploadedPart[]) => {
  const seen = new Set<number>();
  requested.forEach((part, index) => {
    if (seen.has(part.part_number)) throw new ValidationError(`parts.${index}.part_number`, `parts.${index}.part_number repeats part ${part.part_number}`);
    seen.add(part.part_number);
  });
  const byNumber = new Map(held.map((part) => [part.partNumber, part]));
  const ascending = requested.map((part, index) => ({ ...part, index })).sort((a, b) => a.part_number - b.part_number);
  let total = 0;
  const parts = ascending.map((part, position) => {
    const stored = byNumber.get(part.part_number);
    if (!stored || bareEtag(stored.etag) !== bareEtag(part.etag)) {
      throw new ValidationError(`parts.${part.index}`, `parts.${part.index} (part ${part.part_number}) was not uploaded, or its etag is not the one S3 answered`);
    }
    if (position < ascending.length - 1 && stored.size < MIN_PART_BYTES) {
      throw new ValidationError(`parts.${part.index}`, `parts.${part.index} (part ${part.part_number}) has ${stored.size} bytes: every part but the last must have at least ${MIN_PART_BYTES} (5 MB)`);
    }
    total += stored.size;
    return { partNumber: stored.partNumber, etag: stored.etag };
  });
  if (total === 0) throw new ValidationError('parts', 'parts hold no bytes: the recording is empty');
  if (total > MAX_RECORDING_BYTES) throw new ValidationError('parts', `parts add up to ${total} bytes: a recording may have at most ${MAX_RECORDING_BYTES} (2 GB)`);
  return parts;
};

/** After an upload went away under a complete: a racing complete made it ready (answered), else it expired or was deleted. */
const settled = async (deps: RecordingDeps, ref: RecordingRef): Promise<Recording> => {
  const now = await deps.getRecording(ref);
  if (!now) throw new DomainError('recording_not_found');
  if (now.status === 'ready') return toRecording(deps.store.signDownload, now);
  throw new DomainError('recording_upload_expired');
};

/**
 * Confirms the caller's upload: the parts are checked (checkParts) and the poster confirmed (the caller's own
 * pending poster of this recording, an image of at most MAX_POSTER_BYTES, claimed once) before S3 assembles the
 * video; its size is read back and the recording becomes ready with it. A recording already ready is answered
 * unchanged, whatever the body (a client retrying a complete whose answer it lost).
 */
export const completeRecording = async (
  deps: RecordingDeps,
  ctx: WorkspaceContext,
  recordingId: string,
  input: z.output<typeof completeRecordingBody>,
): Promise<Recording> => {
  const item = await ownRecording(deps, ctx, recordingId);
  if (item.status === 'ready') return toRecording(deps.store.signDownload, item);
  const ref = { workspaceId: ctx.workspaceId, recordingId };
  if (!item.uploadId) throw new DomainError('recording_upload_expired');
  const poster = input.poster_key ? ownPendingUploads(ctx, [input.poster_key], (key) => isPosterKey(key, ctx.workspaceId, recordingId), 'poster_key') : [];
  const held = await deps.store.listParts(item.key, item.uploadId);
  if (!held) return settled(deps, ref);
  const parts = checkParts(input.parts, held);
  const [posterItem] = poster.length ? await confirmUploads(deps, ctx, poster, POSTER_TYPES, 'poster_key') : [];
  const dropPoster = () => (posterItem ? deps.store.deleteObjects([posterItem.key]) : Promise.resolve());

  const outcome = await deps.store.completeMultipartUpload(item.key, item.uploadId, parts);
  if (outcome !== 'done') await dropPoster();
  if (outcome === 'invalid') throw new ValidationError('parts', 'parts changed while the upload was being completed: list them again');
  if (outcome === 'gone') return settled(deps, ref);
  const head = await deps.store.headObject(item.key);
  if (!head) throw new Error(`Recording ${item.key} is not in the bucket after its upload completed`);
  const ready = await deps.markReady(ref, {
    size: head.size,
    durationMs: input.duration_ms,
    ...(posterItem ? { posterKey: posterItem.key } : {}),
    completedAt: deps.clock().toISOString(),
  });
  if (!ready) {
    await dropPoster();
    return settled(deps, ref);
  }
  return toRecording(deps.store.signDownload, ready);
};

/**
 * A recording a member may see: their own, any for a workspace admin, else one of a brand they can open. Another
 * workspace's is not found (the key holds the workspace).
 */
export const visibleRecording = async (
  deps: Pick<RecordingDeps, 'getRecording' | 'getProjectAndMember'>,
  ctx: WorkspaceContext,
  recordingId: string,
): Promise<RecordingItem> => {
  const item = await deps.getRecording({ workspaceId: ctx.workspaceId, recordingId });
  if (!item) throw new DomainError('recording_not_found');
  if (item.createdBy === ctx.userId || ctx.role === 'admin') return item;
  const { project, member } = await deps.getProjectAndMember(ctx, item.projectId, ctx.userId);
  if (!project || !hasPermission(ctx, member)) throw new DomainError('recording_not_found');
  return item;
};

/** What reading a recording needs: no S3 client, only the signer (a smaller bundle for the read route). */
export type RecordingViewDeps = Pick<RecordingDeps, 'getRecording' | 'getProjectAndMember'> & { store: Pick<UploadStore, 'signDownload'> };

export const getRecording = async (deps: RecordingViewDeps, ctx: WorkspaceContext, recordingId: string): Promise<Recording> =>
  toRecording(deps.store.signDownload, await visibleRecording(deps, ctx, recordingId));

/** A recording its uploader or a workspace admin may change (delete, share): another member is recording_not_owner. */
export const managedRecording = async (deps: Pick<RecordingDeps, 'getRecording' | 'getProjectAndMember'>, ctx: WorkspaceContext, recordingId: string) => {
  const item = await visibleRecording(deps, ctx, recordingId);
  if (item.createdBy !== ctx.userId && ctx.role !== 'admin') throw new DomainError('recording_not_owner');
  return item;
};

/**
 * Deletes a recording (its uploader or a workspace admin): the item, its share links and its place on its task
 * in one transaction, then the bytes: the unfinished upload aborted, or the video and its poster deleted.
 */
export const deleteRecording = async (deps: RecordingDeps, ctx: WorkspaceContext, recordingId: string): Promise<void> => {
  const deleted = await retry(
    async () => {
      const item = await managedRecording(deps, ctx, recordingId);
      const task = item.taskId ? await deps.getTask(ctx, item.taskId) : undefined;
      return (await deps.deleteRecording(item, !!task?.recording)) === 'done' ? item : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  if (deleted.uploadId) await deps.store.abortMultipartUpload(deleted.key, deleted.uploadId);
  await deps.store.deleteObjects([deleted.key, ...(deleted.posterKey ? [deleted.posterKey] : [])]);
};
