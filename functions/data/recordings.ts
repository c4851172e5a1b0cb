import type { EntityItem } from 'electrodb';
import { db } from './db';
import { cancelledOutcome, type GuardedOutcome, unlessRefused } from './conditions';
import { exactly, sameIds } from './exact-ids';
import type { recordingEntity, recordingShareEntity } from './recording-entities';
import { liveWorkspace, type WorkspaceItem } from './workspaces';

export type RecordingItem = EntityItem<typeof recordingEntity>;
export type RecordingShareItem = EntityItem<typeof recordingShareEntity>;
export type RecordingRef = { workspaceId: string; recordingId: string };

/** A new recording, uploading (pattern: recordingWrite). */
export const createRecordingItem = async (item: RecordingItem): Promise<void> => {
  await db().entities.recording.create(item).go({ response: 'none' });
};

/** A recording by id in its workspace (pattern: recordingById); another case of the id is not found. */
export const getRecordingItem = async ({ workspaceId, recordingId }: RecordingRef): Promise<RecordingItem | undefined> => {
  const { data } = await db().entities.recording.get({ workspaceId, recordingId }).go();
  return exactly(data as RecordingItem | null, { workspaceId, recordingId });
};

/**
 * Marks an uploading recording ready with what the confirm found (pattern: recordingWrite); the item as written,
 * or undefined when it was no longer uploading (a racing complete, or a delete).
 */
export const markRecordingReady = async (
  ref: RecordingRef,
  ready: { size: number; durationMs: number; posterKey?: string; completedAt: string },
): Promise<RecordingItem | undefined> => {
  return unlessRefused(async () => {
    const { data } = await db()
      .entities.recording.patch(ref)
      .set({ status: 'ready', ...ready })
      .remove(['uploadId'])
      .where((attr, { eq }) => `${sameIds(attr, eq, ref)} AND ${eq(attr.status, 'uploading')}`)
      .go({ response: 'all_new' });
    return data as RecordingItem;
  }, undefined);
};

/**
 * Deletes a recording with its share links, and takes it off its task when the task still carries it, in one
 * transaction (pattern: recordingDelete): guarded by the task as read, so a task attached meanwhile makes it
 * `stale` (read again).
 */
export const deleteRecordingItem = async (item: RecordingItem, taskStillCarriesIt: boolean): Promise<GuardedOutcome> => {
  const ref = { workspaceId: item.workspaceId, recordingId: item.recordingId };
  const shares = [...(item.shareIds ?? [])];
  const { canceled, data } = await db()
    .transaction.write(({ recording, recordingShare, task }) => [
      recording
        .delete(ref)
        // A share made meanwhile outlives it harmlessly (/play finds no recording); a task attached meanwhile must not.
        .where((attr, { eq, notExists }) => `${sameIds(attr, eq, ref)} AND ${item.taskId ? eq(attr.taskId, item.taskId) : notExists(attr.taskId)}`)
        .commit(),
      ...shares.map((shareId) => recordingShare.delete({ shareId }).commit()),
      ...(item.taskId && taskStillCarriesIt
        ? [
            task
              .patch({ workspaceId: item.workspaceId, taskId: item.taskId })
              .remove(['recording'])
              // A task gets its recording at create and never another: carrying one is carrying this one.
              .where((attr, { exists }) => exists(attr.recording))
              .commit(),
          ]
        : []),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** A new share of a recording, named on the recording in the same transaction (pattern: recordingShareWrite). */
export const createRecordingShare = async (share: RecordingShareItem): Promise<GuardedOutcome> => {
  const ref = { workspaceId: share.workspaceId, recordingId: share.recordingId };
  const { canceled, data } = await db()
    .transaction.write(({ recording, recordingShare }) => [
      recordingShare.create(share).commit(),
      recording
        .patch(ref)
        .add({ shareIds: [share.shareId] })
        .where((attr, { eq }) => sameIds(attr, eq, ref))
        .commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** Revokes a share: its item and its name on the recording (pattern: recordingShareWrite); `stale` when it is gone. */
export const revokeRecordingShare = async (ref: RecordingRef, shareId: string): Promise<GuardedOutcome> => {
  const { canceled, data } = await db()
    .transaction.write(({ recording, recordingShare }) => [
      recordingShare
        .delete({ shareId })
        .where((attr, { eq }) => `${eq(attr.shareId, shareId)} AND ${sameIds(attr, eq, ref)}`)
        .commit(),
      recording
        .patch(ref)
        .delete({ shareIds: [shareId] })
        .where((attr, { eq }) => sameIds(attr, eq, ref))
        .commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** A share by its id (pattern: recordingShareById): the id is the credential, so another case of it is not found. */
export const getRecordingShare = async (shareId: string): Promise<RecordingShareItem | undefined> => {
  const { data } = await db().entities.recordingShare.get({ shareId }).go();
  return exactly(data as RecordingShareItem | null, { shareId });
};

/** A recording's shares by their ids, in one BatchGet (pattern: recordingShareById). */
export const getRecordingShares = async (shareIds: readonly string[]): Promise<RecordingShareItem[]> => {
  if (!shareIds.length) return [];
  const { data, unprocessed } = await db().entities.recordingShare.get(shareIds.map((shareId) => ({ shareId }))).go();
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} recording shares unprocessed`);
  const wanted = new Set(shareIds);
  return (data as RecordingShareItem[]).filter((share) => wanted.has(share.shareId));
};

/**
 * What a share link plays (pattern: recordingShareById, then recordingPlaySubject): the share, then its recording
 * and its workspace in one TransactGetItems. A recording of a deleted workspace reads as absent, like a review link's.
 */
export const getPlaySubject = async (shareId: string): Promise<{ share?: RecordingShareItem; recording?: RecordingItem }> => {
  const share = await getRecordingShare(shareId);
  if (!share) return {};
  const { workspaceId, recordingId } = share;
  const { data } = await db()
    .transaction.get(({ recording, workspace }) => [recording.get({ workspaceId, recordingId }).commit(), workspace.get({ workspaceId }).commit()])
    .go();
  const item = exactly((data[0]?.item ?? null) as RecordingItem | null, { workspaceId, recordingId });
  const live = liveWorkspace(exactly((data[1]?.item ?? null) as WorkspaceItem | null, { workspaceId }));
  return { share, ...(item && live ? { recording: item } : {}) };
};

/**
 * Deletes a task together with the recording it carries and that recording's share links, in one transaction
 * (pattern: taskDeleteWithRecording), so no task outlives its recording's delete and no recording its task's.
 * Guarded by the task still being there and the recording still being this task's; `stale` when either changed
 * (the caller reads again: a task gone is not found, a recording deleted meanwhile leaves a plain task delete).
 */
export const removeTaskWithRecording = async (task: { workspaceId: string; taskId: string }, item: RecordingItem): Promise<GuardedOutcome> => {
  const ref = { workspaceId: item.workspaceId, recordingId: item.recordingId };
  const taskRef = { workspaceId: task.workspaceId, taskId: task.taskId };
  const { canceled, data } = await db()
    .transaction.write(({ task: taskEntity, recording, recordingShare }) => [
      taskEntity
        .delete(taskRef)
        .where((attr, { eq }) => `${eq(attr.workspaceId, taskRef.workspaceId)} AND ${eq(attr.taskId, taskRef.taskId)}`)
        .commit(),
      recording
        .delete(ref)
        .where((attr, { eq }) => `${sameIds(attr, eq, ref)} AND ${eq(attr.taskId, task.taskId)}`)
        .commit(),
      ...(item.shareIds ?? []).map((shareId) => recordingShare.delete({ shareId }).commit()),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};
