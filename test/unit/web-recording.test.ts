import { describe, expect, it } from 'vitest';
import { fullJitterBackoffMs } from '#shared/backoff';
import { MIN_PART_BYTES } from '#shared/schemas/recordings';
import { createSilenceJudge, rmsOf, SILENCE_RMS, SILENCE_WINDOW_MS } from '../../web/src/modules/recording/audio-level';
import { formatRecordingTime } from '../../web/src/modules/recording/format';
import { createPartBuffer } from '../../web/src/modules/recording/internal/part-buffer';
import { createPartUploader, UploadStalled, type PartTransport, type StoredPart, type UploadProgress } from '../../web/src/modules/recording/internal/part-uploader';
import { patchWebmDuration, withWebmDuration } from '../../web/src/modules/recording/internal/webm-duration';
import { isDeviceMissing, isPermissionDenied } from '../../web/src/modules/recording/media-errors';
import { detectSupport, type MediaEnvironment } from '../../web/src/modules/recording/recording-support';
import { createBody, initialForm } from '../../web/src/modules/tasks/internal/task-form-state';
import { defaultTaskDefaults } from '../../web/src/modules/settings/settings-defaults';

const recorderThatRecords = (...types: string[]) => {
  function Recorder() {}
  Recorder.isTypeSupported = (type: string) => types.includes(type);
  Recorder.prototype.pause = () => undefined;
  return Recorder as unknown as MediaEnvironment['MediaRecorder'];
};
const fullEnvironment = (overrides: Partial<MediaEnvironment> = {}): MediaEnvironment => ({
  mediaDevices: { getDisplayMedia: async () => ({}) as MediaStream, getUserMedia: async () => ({}) as MediaStream },
  MediaRecorder: recorderThatRecords('video/webm;codecs=vp9,opus', 'video/webm'),
  AudioContext: function AudioContext() {},
  MediaStreamTrackProcessor: function MediaStreamTrackProcessor() {},
  ...overrides,
});

describe('recording support, by feature tests (spec 8: browser not supported / limited browser support)', () => {
  it('is full where screen capture, MediaRecorder with WebM codecs, the audio check, pause and the camera overlay all exist', () => {
    expect(detectSupport(fullEnvironment())).toEqual({ level: 'full', mimeType: 'video/webm;codecs=vp9,opus', contentType: 'video/webm', gaps: [] });
  });

  it('is not supported without getDisplayMedia (a phone), without MediaRecorder, or without a format the API takes', () => {
    expect(detectSupport(fullEnvironment({ mediaDevices: { getUserMedia: async () => ({}) as MediaStream } }))).toEqual({ level: 'none' });
    expect(detectSupport(fullEnvironment({ MediaRecorder: undefined }))).toEqual({ level: 'none' });
    expect(detectSupport(fullEnvironment({ MediaRecorder: recorderThatRecords('video/x-matroska') }))).toEqual({ level: 'none' });
  });

  it('is limited, naming each gap, when it records but only in a fallback format, without AudioContext or the camera overlay', () => {
    const support = detectSupport(
      fullEnvironment({ MediaRecorder: recorderThatRecords('video/mp4'), AudioContext: undefined, MediaStreamTrackProcessor: undefined }),
    );
    expect(support).toEqual({ level: 'limited', mimeType: 'video/mp4', contentType: 'video/mp4', gaps: ['format', 'audio_check', 'camera'] });
  });

  it('tells a refusal from a missing device by the DOMException name', () => {
    expect(isPermissionDenied({ name: 'NotAllowedError' })).toBe(true);
    expect(isPermissionDenied({ name: 'NotReadableError' })).toBe(false);
    expect(isDeviceMissing({ name: 'OverconstrainedError' })).toBe(true);
    expect(isDeviceMissing(new Error('boom'))).toBe(false);
  });
});

describe('no audio detected (spec 8): the microphone level over a window', () => {
  it('measures the RMS of the waveform: zeros are silence, a tone is not', () => {
    expect(rmsOf(new Float32Array(1024))).toBe(0);
    const tone = Float32Array.from({ length: 1024 }, (_v, i) => 0.2 * Math.sin(i / 5));
    expect(rmsOf(tone)).toBeGreaterThan(SILENCE_RMS * 100);
  });

  it('says silent only after a whole window below the threshold, and heard again at the first sound', () => {
    const judge = createSilenceJudge(SILENCE_WINDOW_MS);
    expect(judge(0, 0)).toBe(false);
    expect(judge(0, SILENCE_WINDOW_MS - 1)).toBe(false);
    expect(judge(0, SILENCE_WINDOW_MS)).toBe(true);
    expect(judge(0.1, SILENCE_WINDOW_MS + 200)).toBe(false);
    expect(judge(0, SILENCE_WINDOW_MS + 400)).toBe(false);
    expect(judge(0, 2 * SILENCE_WINDOW_MS + 200)).toBe(true);
  });
});

describe('parts of at least MIN_PART_BYTES', () => {
  it('holds chunks until they reach the minimum, then hands them over as one part and starts again', () => {
    const buffer = createPartBuffer(10);
    expect(buffer.push(new Blob([new Uint8Array(4)]))).toBeUndefined();
    expect(buffer.push(new Blob([]))).toBeUndefined();
    const part = buffer.push(new Blob([new Uint8Array(7)]));
    expect(part?.size).toBe(11);
    expect(buffer.size).toBe(0);
    buffer.push(new Blob([new Uint8Array(3)]));
    expect(buffer.flush()?.size).toBe(3);
    expect(buffer.flush()).toBeUndefined();
  });

  it('cuts at the API’s own minimum (5 MiB), which the SPA never restates', () => {
    const buffer = createPartBuffer(MIN_PART_BYTES);
    expect(buffer.push(new Blob([new Uint8Array(MIN_PART_BYTES - 1)]))).toBeUndefined();
    expect(buffer.push(new Blob([new Uint8Array(1)]))?.size).toBe(MIN_PART_BYTES);
  });
});

/** Storage as the uploader sees it: PUTs can be told to fail, and what landed is listed. */
const fakeStorage = () => {
  const stored = new Map<number, StoredPart>();
  const failures: ('network' | 'lost-answer')[] = [];
  let signed = 0;
  const transport: PartTransport = {
    sign: async (partNumber) => {
      signed++;
      return `https://storage.test/part/${partNumber}`;
    },
    list: async () => [...stored.values()],
    put: async (url, body, onProgress) => {
      const partNumber = Number(url.split('/').pop());
      const failure = failures.shift();
      if (failure === 'network') throw new Error('network error');
      onProgress(body.size);
      stored.set(partNumber, { part_number: partNumber, etag: `"etag-${partNumber}"`, size: body.size });
      if (failure === 'lost-answer') throw new Error('connection reset after the bytes landed');
      return `"etag-${partNumber}"`;
    },
  };
  return { transport, stored, failures, signed: () => signed };
};
const instant = { sleep: async () => undefined, random: () => 0.5 };
const bytes = (size: number) => new Blob([new Uint8Array(size)]);

describe('multipart upload while recording', () => {
  it('uploads the parts in order, numbered from 1, and reports progress in bytes', async () => {
    const storage = fakeStorage();
    const progress: UploadProgress[] = [];
    const uploader = createPartUploader(storage.transport, (value) => progress.push(value), instant);
    uploader.enqueue(bytes(5));
    uploader.enqueue(bytes(3));
    expect(await uploader.drain()).toEqual([
      { part_number: 1, etag: '"etag-1"' },
      { part_number: 2, etag: '"etag-2"' },
    ]);
    expect(progress.at(-1)).toEqual({ uploadedBytes: 8, totalBytes: 8, stalled: false });
  });

  it('retries a failed PUT with a fresh URL after a backoff', async () => {
    const storage = fakeStorage();
    const pauses: number[] = [];
    const uploader = createPartUploader(storage.transport, () => undefined, { random: () => 0.5, sleep: async (ms) => void pauses.push(ms), baseMs: 1000 });
    storage.failures.push('network', 'network');
    uploader.enqueue(bytes(4));
    expect(await uploader.drain()).toEqual([{ part_number: 1, etag: '"etag-1"' }]);
    expect(storage.signed()).toBe(3);
    expect(pauses).toEqual([500, 1000]);
  });

  it('does not send a part again that landed before the connection dropped: its ETag comes from the listing', async () => {
    const storage = fakeStorage();
    const uploader = createPartUploader(storage.transport, () => undefined, instant);
    storage.failures.push('lost-answer');
    uploader.enqueue(bytes(6));
    expect(await uploader.drain()).toEqual([{ part_number: 1, etag: '"etag-1"' }]);
    expect(storage.signed()).toBe(1);
  });

  it('stalls when retries run out, keeps the part, and resumes where it stopped', async () => {
    const storage = fakeStorage();
    const progress: UploadProgress[] = [];
    const uploader = createPartUploader(storage.transport, (value) => progress.push(value), { ...instant, attempts: 2 });
    storage.failures.push('network', 'network');
    uploader.enqueue(bytes(2));
    uploader.enqueue(bytes(3));
    await expect(uploader.drain()).rejects.toBeInstanceOf(UploadStalled);
    expect(uploader.stalled).toBe(true);
    expect(progress.at(-1)?.stalled).toBe(true);
    uploader.resume();
    expect((await uploader.drain()).map((part) => part.part_number)).toEqual([1, 2]);
    expect([...storage.stored.keys()]).toEqual([1, 2]);
  });
});

describe('retry pauses, written once for the functions and the SPA', () => {
  it('draws from a window that doubles up to its cap', () => {
    expect(fullJitterBackoffMs(1, () => 0.999, 1000, 15_000)).toBe(999);
    expect(fullJitterBackoffMs(3, () => 0.5, 1000, 15_000)).toBe(2000);
    expect(fullJitterBackoffMs(10, () => 0.5, 1000, 15_000)).toBe(7500);
  });
});

describe('the recording on a new task', () => {
  it('is sent as recording_uid with source screen, whatever the default source', () => {
    const form = { ...initialForm({ defaults: defaultTaskDefaults(), projectUid: 'p1' }), summary: 'Fix the header' };
    const body = createBody(form, { source: 'manual' }, 'rec-1');
    expect(body).toMatchObject({ ticket_type: 'task', source: 'screen', recording_uid: 'rec-1', project_uid: 'p1' });
    expect(createBody(form, { source: 'manual' })).not.toHaveProperty('recording_uid');
  });

  it('shows its length as a player does', () => {
    expect(formatRecordingTime(9_400)).toBe('0:09');
    expect(formatRecordingTime(754_000)).toBe('12:34');
    expect(formatRecordingTime(3_723_000)).toBe('1:02:03');
  });
});

/** The start of a WebM as MediaRecorder writes it: EBML header, a Segment of unknown size, its Info, then Tracks. */
const webmHead = () =>
  Uint8Array.from([
    ...[0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01], // EBML header (EBMLVersion 1)
    ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], // Segment, size unknown
    ...[0x15, 0x49, 0xa9, 0x66, 0x8c], // Info, 12 bytes
    ...[0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40], // TimecodeScale 1,000,000 ns
    ...[0x4d, 0x80, 0x82, 0x61, 0x62], // MuxingApp "ab"
    ...[0x16, 0x54, 0xae, 0x6b, 0x80], // Tracks (empty)
  ]);

describe('the WebM duration MediaRecorder leaves out', () => {
  it('is written into the Segment Info, in timecode units, with the Info size grown to match', () => {
    const patched = withWebmDuration(webmHead(), 12_345)!;
    expect(patched.length).toBe(webmHead().length + 11);
    const info = patched.subarray(21);
    expect([...info.subarray(0, 5)]).toEqual([0x15, 0x49, 0xa9, 0x66, 0x80 | 23]);
    expect([...info.subarray(17, 20)]).toEqual([0x44, 0x89, 0x88]);
    expect(new DataView(info.buffer, info.byteOffset + 20, 8).getFloat64(0)).toBe(12_345);
    expect([...patched.subarray(-5)]).toEqual([0x16, 0x54, 0xae, 0x6b, 0x80]);
  });

  it('leaves alone what it cannot patch: not a WebM, or one that has a duration already', () => {
    expect(withWebmDuration(Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70]), 1000)).toBeUndefined();
    expect(withWebmDuration(withWebmDuration(webmHead(), 1000)!, 2000)).toBeUndefined();
  });

  it('patches the first part of a recording and keeps the rest of its bytes', async () => {
    const media = new Uint8Array(10_000).fill(7);
    const part = new Blob([webmHead(), media]);
    const patched = new Uint8Array(await (await patchWebmDuration(part, 9_000)).arrayBuffer());
    expect(patched.length).toBe(part.size + 11);
    expect([...patched.subarray(-media.length)].every((byte) => byte === 7)).toBe(true);
  });
});
