import type * as z from 'zod/mini';
import { MAX_RECORDING_SHARES, playPath, type playView, type recordingShare, type recordingShares } from '#shared/schemas/recordings';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { GuardedOutcome } from '#data/conditions';
import type { RecordingItem, RecordingRef, RecordingShareItem } from '#data/recordings';
import type { Clock } from '../clock';
import type { UploadStore } from '../uploads/files';
import { fileNameOfKey } from '../uploads/keys';
import { managedRecording, visibleRecording, type RecordingDeps } from './recordings';

export type ShareDeps = Pick<RecordingDeps, 'getRecording' | 'getProjectAndMember'> & {
  clock: Clock;
  /** An unguessable id (≥ 128 random bits, base64url): the share's only credential. */
  newShareId: () => string;
  createShare: (share: RecordingShareItem) => Promise<GuardedOutcome>;
  revokeShare: (ref: RecordingRef, shareId: string) => Promise<GuardedOutcome>;
  getShares: (shareIds: readonly string[]) => Promise<RecordingShareItem[]>;
  appUrl: string;
  retryTiming?: RetryTiming;
};

const toShare = (appUrl: string, share: Pick<RecordingShareItem, 'shareId' | 'createdAt'>): z.output<typeof recordingShare> => ({
  uid: share.shareId,
  url: `${appUrl}${playPath(share.shareId)}`,
  created_at: share.createdAt,
});

const shareIdsOf = (item: Pick<RecordingItem, 'shareIds'>): string[] => [...(item.shareIds ?? [])];

/**
 * Shares a recording (its uploader or a workspace admin) with a new link: a share item under its random id and its
 * name on the recording, in one transaction that holds only while the recording is there. A recording still
 * uploading may be shared (the link is ready when the recording stops); the player says so until it is done.
 */
export const createRecordingShare = async (deps: ShareDeps, ctx: WorkspaceContext, recordingId: string): Promise<z.output<typeof recordingShare>> => {
  const shareId = deps.newShareId();
  return retry(
    async () => {
      const item = await managedRecording(deps, ctx, recordingId);
      if (shareIdsOf(item).length >= MAX_RECORDING_SHARES) throw new DomainError('recording_share_limit');
      const share: RecordingShareItem = { shareId, workspaceId: ctx.workspaceId, recordingId, createdBy: ctx.userId, createdAt: deps.clock().toISOString() };
      // stale: the recording went or changed meanwhile; read it again and decide anew.
      return (await deps.createShare(share)) === 'done' ? toShare(deps.appUrl, share) : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
};

/** A recording's live share links, oldest first (anyone who may see the recording). */
export const listRecordingShares = async (deps: ShareDeps, ctx: WorkspaceContext, recordingId: string): Promise<z.output<typeof recordingShares>> => {
  const item = await visibleRecording(deps, ctx, recordingId);
  const shares = await deps.getShares(shareIdsOf(item));
  return {
    shares: shares
      .filter((share) => share.workspaceId === item.workspaceId && share.recordingId === item.recordingId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((share) => toShare(deps.appUrl, share)),
  };
};

/** Revokes one of the recording's links (its uploader or a workspace admin); a link it does not have is not found. */
export const revokeRecordingShare = async (deps: ShareDeps, ctx: WorkspaceContext, recordingId: string, shareId: string): Promise<void> => {
  await retry(
    async () => {
      const item = await managedRecording(deps, ctx, recordingId);
      if (!shareIdsOf(item).includes(shareId)) throw new DomainError('recording_not_found');
      return (await deps.revokeShare({ workspaceId: ctx.workspaceId, recordingId }, shareId)) === 'done' ? undefined : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
};

export type PlayDeps = {
  /** The share and its recording (absent when it, or its workspace, is gone). */
  getPlaySubject: (shareId: string) => Promise<{ share?: RecordingShareItem; recording?: RecordingItem }>;
  sign: UploadStore['signDownload'];
};

/**
 * The public player's view of a share: only a live share that its recording still names answers; an unknown,
 * revoked or deleted one (or one of a deleted workspace) is recording_not_found, all alike; one of a recording still uploading is
 * recording_not_ready. Nothing of the workspace but the task's ids.
 */
export const getPlay = async (deps: PlayDeps, videoUid: string): Promise<z.output<typeof playView>> => {
  const { share, recording: item } = await deps.getPlaySubject(videoUid);
  if (!share || !item || !shareIdsOf(item).includes(videoUid)) throw new DomainError('recording_not_found');
  if (item.status !== 'ready') throw new DomainError('recording_not_ready');
  const [url, posterUrl] = await Promise.all([
    deps.sign(item.key, fileNameOfKey(item.key)),
    item.posterKey ? deps.sign(item.posterKey, fileNameOfKey(item.posterKey)) : null,
  ]);
  return {
    video: { url, content_type: item.contentType, size: item.size ?? 0, duration_ms: item.durationMs ?? 0 },
    poster_url: posterUrl,
    name: item.name,
    created_at: item.createdAt,
    task: item.taskId ? { uid: item.taskId, workspace_uid: item.workspaceId } : null,
  };
};
