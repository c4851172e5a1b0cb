import * as z from 'zod/mini';
import { MAX_ATTACHMENT_BYTES } from './collab';
import { id, isoDate, number, pattern, text } from './common';

/**
 * Screen recordings (issue 13): a multipart upload straight to the uploads bucket (the server creates it and
 * signs each part), confirmed by the server, shared by explicit revocable links (/play/{videoUid}) and attached to
 * a task. The SPA and the extension import these constants; nothing restates them.
 */

/** What a recording may be: the types MediaRecorder writes in Chromium (webm) and Safari (mp4). */
export const RECORDING_TYPES = ['video/webm', 'video/mp4'] as const;
export type RecordingType = (typeof RECORDING_TYPES)[number];
/** The file extension a recording's key ends with, by its type. */
export const RECORDING_EXTENSIONS: Record<RecordingType, string> = { 'video/webm': 'webm', 'video/mp4': 'mp4' };

/** S3's minimum size of every part but the last (5 MiB): the client cuts its stream into parts of at least this. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's highest part number. */
export const MAX_PART_NUMBER = 10_000;
/** The largest recording the server confirms (2 GiB). */
export const MAX_RECORDING_BYTES = 2 * 1024 * 1024 * 1024;
/** How many part URLs one sign request may ask for. */
export const MAX_PARTS_PER_SIGN = 100;
/** A recording's duration as the recorder measured it: at most 4 hours. */
export const MAX_RECORDING_DURATION_MS = 4 * 60 * 60 * 1000;
export const MAX_RECORDING_NAME = 200;

/** The poster frame: an image the recorder grabs from the video, uploaded with one presigned PUT. */
export const POSTER_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A poster is confirmed like an attachment, to the same limit. */
export const MAX_POSTER_BYTES = MAX_ATTACHMENT_BYTES;

/** A recording is 'uploading' from create until the server confirms the completed upload: then 'ready'. */
export const RECORDING_STATUSES = ['uploading', 'ready'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** How many share links one recording may have at once (each revocable). */
export const MAX_RECORDING_SHARES = 20;

/** The SPA's public player page of a share (its router's /play/:videoUid). */
export const playPath = (videoUid: string) => `/play/${encodeURIComponent(videoUid)}`;

export const recordingParams = z.object({ workspaceId: id, recordingId: id });
export const recordingShareParams = z.object({ workspaceId: id, recordingId: id, shareId: id });
/** A share's uid: random, at least 128 bits, base64url. */
export const playParams = z.object({ videoUid: pattern(/^[A-Za-z0-9_-]{22,64}$/, 'must be a valid video id') });

/** A poster frame to upload: its type and size are signed into the upload, so S3 holds the browser to them. */
export const posterFile = z.object({ content_type: z.enum(POSTER_TYPES), size: number(1, MAX_POSTER_BYTES, { unit: 'bytes' }) });

export const createRecordingBody = z.object({
  /** The brand the recording is made for (its task will be in it). */
  project_uid: id,
  content_type: z.enum(RECORDING_TYPES),
  name: z.optional(text(MAX_RECORDING_NAME, { trim: true, required: true })),
  /** The poster frame, when the client has it already: the answer then has its upload. */
  poster: z.optional(posterFile),
});

/** A single presigned PUT: send `headers` as given (the type is signed). */
export const posterUpload = z.object({ key: z.string(), url: z.string(), headers: z.record(z.string(), z.string()) });

const partNumber = number(1, MAX_PART_NUMBER);

export const signRecordingPartsBody = z.object({
  /** May be empty when only the poster's upload is asked for. */
  part_numbers: z.array(partNumber).check(z.maxLength(MAX_PARTS_PER_SIGN, `must have at most ${MAX_PARTS_PER_SIGN} parts`)),
  /** The poster frame, typically grabbed when the recording stops: the answer then has its upload. */
  poster: z.optional(posterFile),
});
/** PUT each part's bytes to its url (no headers needed); keep the ETag header S3 answers for complete. */
export const signedRecordingParts = z.object({
  parts: z.array(z.object({ part_number: z.number(), url: z.string() })),
  poster_upload: z.optional(posterUpload),
});

/** The parts S3 holds so far: a client that lost its connection resumes after the last one it finds here. */
export const uploadedRecordingParts = z.object({ parts: z.array(z.object({ part_number: z.number(), etag: z.string(), size: z.number() })) });

export const completeRecordingBody = z.object({
  /** Every part, in any order (the server sorts them). */
  parts: z
    .array(z.object({ part_number: partNumber, etag: text(128, { trim: true, required: true }) }))
    .check(z.minLength(1, 'must have at least 1 part'), z.maxLength(MAX_PART_NUMBER, `must have at most ${MAX_PART_NUMBER} parts`)),
  duration_ms: number(0, MAX_RECORDING_DURATION_MS, { unit: 'ms' }),
  /** A poster_upload's key, once its PUT is done; without it the recording has no poster. */
  poster_key: z.optional(text(500, { required: true })),
});

export const recording = z.object({
  uid: z.string(),
  workspace_uid: z.string(),
  project_uid: z.string(),
  status: z.enum(RECORDING_STATUSES),
  name: z.string(),
  content_type: z.enum(RECORDING_TYPES),
  /** Bytes; null while uploading. */
  size: z.nullable(z.number()),
  duration_ms: z.nullable(z.number()),
  /** A short-lived signed GET (range requests work) once ready; null while uploading. */
  url: z.nullable(z.string()),
  poster_url: z.nullable(z.string()),
  created_by: z.string(),
  created_at: isoDate,
  /** The task the recording is attached to, or null. */
  task_uid: z.nullable(z.string()),
});
export type Recording = z.infer<typeof recording>;

/** What create answers: the recording, the part size to cut the stream into, and the poster's upload when asked for. */
export const createdRecording = z.object({ ...recording.shape, part_size: z.number(), poster_upload: z.optional(posterUpload) });

export const recordingShare = z.object({
  /** The unguessable id in the link: the only credential of /play. */
  uid: z.string(),
  url: z.string(),
  created_at: isoDate,
});
export const recordingShares = z.object({ shares: z.array(recordingShare) });

/** The recording on a task's answer (defined with the task, which recordings build on). */
export { taskRecording } from './task';

/** The public player's view of a shared recording. */
export const playView = z.object({
  video: z.object({ url: z.string(), content_type: z.string(), size: z.number(), duration_ms: z.number() }),
  poster_url: z.nullable(z.string()),
  name: z.string(),
  created_at: isoDate,
  /** The task it is attached to: the SPA reads its summary itself when the viewer may see it. */
  task: z.nullable(z.object({ uid: z.string(), workspace_uid: z.string() })),
});
