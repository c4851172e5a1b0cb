import { systemClock as clock } from '#core/clock';
import type { RecordingDeps, RecordingViewDeps, SignPartsDeps } from '#core/recordings/recordings';
import type { PlayDeps, ShareDeps } from '#core/recordings/shares';
import { config } from '#lib/config';
import { newId } from '#lib/ids';
import * as uploads from '#lib/uploads';
import { getProjectAndMember } from '#data/projects';
import {
  createRecordingItem,
  createRecordingShare,
  deleteRecordingItem,
  getRecordingItem,
  getPlaySubject,
  getRecordingShares,
  markRecordingReady,
  revokeRecordingShare,
} from '#data/recordings';
import { getTaskItem } from '#data/tasks';
import { claimUploads } from '#data/upload-claims';

/** The recording routes' dependencies, wired once. */
export const recordingDeps: RecordingDeps = {
  clock,
  newRecordingId: () => newId(),
  newRandom: () => newId(12),
  store: uploads,
  claimUploads,
  getProjectAndMember,
  getRecording: getRecordingItem,
  createRecording: createRecordingItem,
  markReady: markRecordingReady,
  deleteRecording: deleteRecordingItem,
  getTask: getTaskItem,
};

/** Reads sign links only: no S3 client in their bundles. */
export const recordingViewDeps: RecordingViewDeps = { getRecording: getRecordingItem, getProjectAndMember, store: { signDownload: uploads.signDownload } };

export const signPartsDeps: SignPartsDeps = {
  getRecording: getRecordingItem,
  newRandom: () => newId(12),
  store: { presignUploadPart: uploads.presignUploadPart, presignUpload: uploads.presignUpload },
};

export const shareDeps: ShareDeps = {
  clock,
  // 24 random bytes: 192 bits, 32 base64url characters.
  newShareId: () => newId(24),
  getProjectAndMember,
  getRecording: getRecordingItem,
  createShare: createRecordingShare,
  revokeShare: revokeRecordingShare,
  getShares: getRecordingShares,
  get appUrl() {
    return config.appUrl;
  },
};

/** The public player shows the video and poster in the page (inline), not as downloads. */
export const playDeps: PlayDeps = { getPlaySubject, sign: (key) => uploads.signView(key) };
