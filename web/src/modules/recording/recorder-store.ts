import { MAX_RECORDING_BYTES, MAX_RECORDING_DURATION_MS, type Recording } from '#shared/schemas/recordings';
import { create } from 'zustand';
import { api } from '../../api/client';
import { errorText, i18next } from '../../i18n';
import { putFile } from '../comments/upload-files';
import { useSettingsStore } from '../settings/settings-store';
import { watchAudioLevel, type AudioLevelWatch } from './audio-level';
import { composeScreenAndCamera, mixAudio, type Composition } from './internal/compose';
import { createPartBuffer } from './internal/part-buffer';
import { createPartUploader, UploadStalled, type PartTransport } from './internal/part-uploader';
import { grabPoster } from './internal/poster';
import { putPart } from './internal/put-part';
import { patchWebmDuration } from './internal/webm-duration';
import { isDeviceMissing, isPermissionDenied, mediaErrorName, stopStreams } from './media-errors';
import { detectSupport, type RecorderSupport } from './recording-support';

/**
 * The screen recorder: one recording at a time for the whole app (the top bar's and a brand's "Record" share it).
 * Media and upload live outside React, so the controls survive navigation while the person records another tab.
 */

/** The spec's five recording errors (spec 8), each detected for real; i18n keys recording.problems.<key>. */
export type RecordingProblem = 'no_audio' | 'permission_denied' | 'share_failed' | 'unsupported' | 'limited';

export type RecorderPhase = 'closed' | 'setup' | 'starting' | 'countdown' | 'recording' | 'paused' | 'finishing' | 'done';

export type RecordOptions = {
  workspaceId: string;
  projectUid: string;
  microphone: boolean;
  /** A camera's deviceId, '' for the default camera, null for none. */
  camera: string | null;
};

type RecorderState = {
  phase: RecorderPhase;
  support: RecorderSupport;
  /** The brand the setup starts with (the brand page's own). */
  projectUid?: string;
  /** Seconds left before recording starts. */
  countdown: number;
  /** Recorded time without pauses, in ms (updated a few times a second). */
  elapsedMs: number;
  recordedBytes: number;
  uploadedBytes: number;
  /** Parts could not be uploaded: the connection dropped. Resumes when it is back (or on "Retry upload"). */
  stalled: boolean;
  /** Why the screen could not be shared (the setup stays open to try again). */
  problem?: Extract<RecordingProblem, 'permission_denied' | 'share_failed'>;
  /** The microphone is on but nothing was heard for a few seconds: "no audio detected". */
  silent: boolean;
  /** Devices asked for that could not be used; the recording goes on without them. */
  missing: ('microphone' | 'camera')[];
  /** What the recording holds besides the screen. */
  capturing: ('microphone' | 'camera')[];
  /** An API refusal (create or complete), in the catalogue's words. */
  error?: string;
  /** The first frame, for the form and the panel (an object URL of the uploaded poster). */
  posterPreview?: string;
  /** The recording, ready on the server: the new-task form attaches it. */
  recording?: Recording;
  open: (projectUid?: string) => void;
  start: (options: RecordOptions) => Promise<void>;
  pause: () => void;
  resume: () => void;
  stop: () => void;
  retryUpload: () => void;
  /** Stops whatever runs and deletes the recording on the server (its upload too). */
  discard: () => Promise<void>;
  /** Forgets a recording that now belongs to a task. */
  close: () => void;
};

/** MediaRecorder hands over a chunk this often (ms): parts fill and upload while recording goes on. */
const TIMESLICE_MS = 1000;
/** A clear screen recording at 1080p; the browser spends less on a still screen. */
const VIDEO_BITS_PER_SECOND = 4_000_000;
const COUNTDOWN_SECONDS = 3;
/** How far below the API's limits (MAX_RECORDING_BYTES, MAX_RECORDING_DURATION_MS) a recording stops by itself. */
const LIMIT_MARGIN_BYTES = 16 * 1024 * 1024;
const LIMIT_MARGIN_MS = 5000;
/** The phases in which leaving the page would lose the recording. */
const UNSAVED_PHASES: readonly RecorderPhase[] = ['countdown', 'recording', 'paused', 'finishing'];
/** The poster is taken once the capture shows real content, not its first black frame. */
const POSTER_DELAY_MS = 700;

/** What one recording holds while it runs; nothing of it is React state. */
type Runtime = {
  workspaceId: string;
  recordingId?: string;
  display?: MediaStream;
  microphone?: MediaStream;
  camera?: MediaStream;
  composition?: Composition;
  stopMix?: () => void;
  levelWatch?: AudioLevelWatch;
  recorder?: MediaRecorder;
  uploader?: ReturnType<typeof createPartUploader>;
  posterKey?: Promise<string | undefined>;
  accumulatedMs: number;
  resumedAt?: number;
  ticker?: ReturnType<typeof setInterval>;
  cancelled: boolean;
  finishing?: Promise<void>;
};

let runtime: Runtime | undefined;

const initial = {
  phase: 'closed' as RecorderPhase,
  countdown: 0,
  elapsedMs: 0,
  recordedBytes: 0,
  uploadedBytes: 0,
  stalled: false,
  problem: undefined,
  silent: false,
  missing: [] as ('microphone' | 'camera')[],
  capturing: [] as ('microphone' | 'camera')[],
  error: undefined,
  posterPreview: undefined,
  recording: undefined,
};

const elapsedOf = (run: Runtime) => run.accumulatedMs + (run.resumedAt === undefined ? 0 : performance.now() - run.resumedAt);

const releaseMedia = (run: Runtime) => {
  if (run.ticker) clearInterval(run.ticker);
  run.ticker = undefined;
  run.levelWatch?.stop();
  run.levelWatch = undefined;
  run.composition?.stop();
  run.stopMix?.();
  stopStreams(run.display, run.microphone, run.camera);
};

const transportFor = (workspaceId: string, recordingId: string): PartTransport => {
  const params = { workspaceId, recordingId };
  return {
    sign: async (partNumber) => {
      const { parts } = await api.call('signRecordingParts', { params, body: { part_numbers: [partNumber] }, notify: false });
      const url = parts.find((part) => part.part_number === partNumber)?.url;
      if (!url) throw new Error(`No upload URL for part ${partNumber}`);
      return url;
    },
    list: async () => (await api.call('listRecordingParts', { params, notify: false })).parts,
    put: putPart,
  };
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The screen (or a tab, or a window) as the person picks it; the app's tab keeps the focus where the browser can. */
const shareScreen = async () => {
  const Controller = (window as unknown as { CaptureController?: new () => { setFocusBehavior?: (behavior: string) => void } }).CaptureController;
  let controller: InstanceType<NonNullable<typeof Controller>> | undefined;
  // A controller serves one share request, so each attempt gets its own.
  const ask = (audio: boolean) => {
    controller = Controller ? new Controller() : undefined;
    return navigator.mediaDevices.getDisplayMedia({
      video: { frameRate: { ideal: 30 }, width: { max: 1920 }, height: { max: 1080 } },
      // A tab's own sound, where the browser offers it; the microphone is separate.
      audio,
      ...(controller ? { controller } : {}),
    } as DisplayMediaStreamOptions);
  };
  const display = await ask(true).catch((caught: unknown) => {
    // A browser that cannot share sound refuses the options before showing its picker: ask again for the picture only.
    if (mediaErrorName(caught) === 'TypeError') return ask(false);
    throw caught;
  });
  try {
    // The countdown and the controls stay in view (must be called right after the share resolves).
    controller?.setFocusBehavior?.('no-focus-change');
  } catch {
    // Not a tab or a window (a whole screen): there is no focus to keep.
  }
  return display;
};

/** The camera asked for; the remembered one may be gone, then the default camera. */
const openCamera = async (deviceId: string) => {
  const constraints = { width: { ideal: 640 }, height: { ideal: 480 } };
  if (!deviceId) return navigator.mediaDevices.getUserMedia({ video: constraints });
  try {
    return await navigator.mediaDevices.getUserMedia({ video: { ...constraints, deviceId: { exact: deviceId } } });
  } catch (caught) {
    if (!isDeviceMissing(caught)) throw caught;
    return navigator.mediaDevices.getUserMedia({ video: constraints });
  }
};

const defaultName = () =>
  i18next.t('recording.defaultName', { date: new Date().toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) });

export const useRecorderStore = create<RecorderState>()((set, get) => {
  /** Flush, wait for every part, confirm: the recording is ready. Safe to call again after a stall. */
  const finishUpload = async (run: Runtime) => {
    if (!run.uploader || !run.recordingId) return;
    set({ phase: 'finishing' });
    let parts;
    try {
      parts = await run.uploader.drain();
    } catch (caught) {
      if (caught instanceof UploadStalled) return; // Resumed by the network coming back or by "Retry upload".
      throw caught;
    }
    if (run.cancelled) return;
    if (parts.length === 0) {
      set({ phase: 'setup', error: i18next.t('recording.empty') });
      await api.call('deleteRecording', { params: { workspaceId: run.workspaceId, recordingId: run.recordingId }, notify: false }).catch(() => undefined);
      runtime = undefined;
      return;
    }
    try {
      const posterKey = await run.posterKey;
      const recording = await api.call('completeRecording', {
        params: { workspaceId: run.workspaceId, recordingId: run.recordingId },
        body: { parts, duration_ms: Math.round(run.accumulatedMs), ...(posterKey ? { poster_key: posterKey } : {}) },
        notify: false,
      });
      if (run.cancelled) return;
      set({ phase: 'done', recording });
    } catch (caught) {
      set({ error: errorText(caught) });
    }
  };

  const onOnline = () => {
    const run = runtime;
    if (!run?.uploader?.stalled) return;
    run.uploader.resume();
    if (get().phase === 'finishing') run.finishing = finishUpload(run);
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', onOnline);
    // The browser asks before a reload or a closed tab throws away what is not uploaded yet.
    window.addEventListener('beforeunload', (event) => {
      if (UNSAVED_PHASES.includes(get().phase)) event.preventDefault();
    });
  }

  const fail = (run: Runtime, patch: Partial<RecorderState>) => {
    run.cancelled = true;
    releaseMedia(run);
    if (run.recordingId) {
      void api.call('deleteRecording', { params: { workspaceId: run.workspaceId, recordingId: run.recordingId }, notify: false }).catch(() => undefined);
    }
    runtime = undefined;
    set({ ...initial, phase: 'setup', support: get().support, projectUid: get().projectUid, ...patch });
  };

  return {
    ...initial,
    support: { level: 'none' },
    open: (projectUid) => {
      if (get().phase !== 'closed') return;
      set({ ...initial, phase: 'setup', support: detectSupport(), projectUid });
    },

    start: async (options) => {
      const support = detectSupport();
      if (support.level === 'none' || runtime) return set({ support });
      const run: Runtime = { workspaceId: options.workspaceId, accumulatedMs: 0, cancelled: false };
      runtime = run;
      set({ ...initial, phase: 'starting', support, projectUid: options.projectUid });

      // 1. The screen, first and at once: the browser only lets a click open its picker.
      try {
        run.display = await shareScreen();
      } catch (caught) {
        return fail(run, { problem: isPermissionDenied(caught) ? 'permission_denied' : 'share_failed' });
      }
      const screenTrack = run.display.getVideoTracks()[0];
      if (!screenTrack) return fail(run, { problem: 'share_failed' });

      // 2. Microphone and camera: optional, so a refusal or a missing device is said and recording goes on.
      const missing: ('microphone' | 'camera')[] = [];
      if (options.microphone) {
        try {
          run.microphone = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
        } catch {
          missing.push('microphone');
        }
      }
      if (options.camera !== null && !support.gaps.includes('camera')) {
        try {
          run.camera = await openCamera(options.camera);
          const cameraTrack = run.camera.getVideoTracks()[0];
          run.composition = cameraTrack ? composeScreenAndCamera(screenTrack, cameraTrack) : undefined;
          if (!run.composition) missing.push('camera');
          // Remembered for next time (spec 3: preferedCamera), whichever camera actually opened.
          const chosen = cameraTrack?.getSettings().deviceId ?? options.camera;
          useSettingsStore.getState().setTaskDefaults({ preferedCamera: chosen || null });
        } catch {
          missing.push('camera');
        }
      }
      const capturing: ('microphone' | 'camera')[] = [...(run.microphone ? ['microphone' as const] : []), ...(run.composition ? ['camera' as const] : [])];
      set({ missing, capturing });

      // 3. The recording on the server (its multipart upload), while the countdown runs.
      const created = api
        .call('createRecording', {
          params: { workspaceId: options.workspaceId },
          body: { project_uid: options.projectUid, content_type: support.contentType, name: defaultName() },
          notify: false,
        })
        .then(
          (value) => ({ value }),
          (caught: unknown) => ({ caught }),
        );
      for (let left = COUNTDOWN_SECONDS; left > 0; left--) {
        set({ phase: 'countdown', countdown: left });
        await sleep(1000);
        if (run.cancelled) break;
      }
      const answer = await created;
      if (run.cancelled) {
        // Cancelled during the countdown: the upload created meanwhile goes too.
        if ('value' in answer) void api.call('deleteRecording', { params: { workspaceId: run.workspaceId, recordingId: answer.value.uid }, notify: false }).catch(() => undefined);
        return;
      }
      if ('caught' in answer) return fail(run, { error: errorText(answer.caught) });
      const recording = answer.value;
      run.recordingId = recording.uid;
      if (screenTrack.readyState === 'ended') return fail(run, { problem: 'share_failed' });

      // 4. Record: chunks gather into parts that upload while recording goes on.
      const mix = mixAudio([...(run.microphone?.getAudioTracks() ?? []), ...run.display.getAudioTracks()]);
      run.stopMix = mix.stop;
      const videoTrack = run.composition?.stream.getVideoTracks()[0] ?? screenTrack;
      const recorded = new MediaStream([videoTrack, ...(mix.track ? [mix.track] : [])]);
      let recorder: MediaRecorder;
      try {
        recorder = new MediaRecorder(recorded, { mimeType: support.mimeType, videoBitsPerSecond: VIDEO_BITS_PER_SECOND });
      } catch {
        return fail(run, { problem: 'share_failed' });
      }
      run.recorder = recorder;
      const buffer = createPartBuffer(recording.part_size);
      const uploader = createPartUploader(transportFor(options.workspaceId, recording.uid), ({ uploadedBytes, stalled }) => set({ uploadedBytes, stalled }));
      run.uploader = uploader;
      let recordedBytes = 0;
      // Part 1 carries the header, which gets the duration once it is known: it is held back and uploaded last.
      let first: { number: number; blob: Blob } | undefined;
      recorder.ondataavailable = (event) => {
        if (run.cancelled) return;
        recordedBytes += event.data.size;
        set({ recordedBytes });
        // The server confirms nothing larger: stop a little before, so the last chunks still fit.
        if (recordedBytes >= MAX_RECORDING_BYTES - LIMIT_MARGIN_BYTES) get().stop();
        const part = buffer.push(event.data);
        if (part && !first) first = { number: uploader.reserve(), blob: part };
        else if (part) uploader.enqueue(part);
      };
      recorder.onstop = () => {
        if (run.cancelled) return;
        if (run.resumedAt !== undefined) run.accumulatedMs += performance.now() - run.resumedAt;
        run.resumedAt = undefined;
        set({ elapsedMs: run.accumulatedMs });
        const last = buffer.flush();
        if (last && !first) first = { number: uploader.reserve(), blob: last };
        else if (last) uploader.enqueue(last);
        releaseMedia(run);
        run.finishing = (async () => {
          if (first) {
            const blob = support.contentType === 'video/webm' ? await patchWebmDuration(first.blob, run.accumulatedMs) : first.blob;
            uploader.enqueue(blob, first.number);
            first = undefined;
          }
          await finishUpload(run);
        })();
      };
      recorder.onerror = () => {
        uploader.abort();
        fail(run, { problem: 'share_failed' });
      };
      // "Stop sharing" in the browser's own bar ends the recording like Stop.
      screenTrack.addEventListener('ended', () => get().stop());

      recorder.start(TIMESLICE_MS);
      run.resumedAt = performance.now();
      run.ticker = setInterval(() => {
        const elapsedMs = elapsedOf(run);
        set({ elapsedMs });
        if (elapsedMs >= MAX_RECORDING_DURATION_MS - LIMIT_MARGIN_MS) get().stop();
      }, 250);
      set({ phase: 'recording', countdown: 0 });
      if (run.microphone) run.levelWatch = watchAudioLevel(run.microphone, (silent) => set({ silent }));

      // 5. The poster: a frame of the first moments, uploaded while recording.
      run.posterKey = (async () => {
        await sleep(POSTER_DELAY_MS);
        const poster = await grabPoster(videoTrack, 'image/jpeg');
        if (!poster || run.cancelled) return undefined;
        set({ posterPreview: URL.createObjectURL(poster) });
        try {
          // Its type and size are signed into the upload, so the frame is grabbed before the URL is asked for.
          const { poster_upload: upload } = await api.call('signRecordingParts', {
            params: { workspaceId: options.workspaceId, recordingId: recording.uid },
            body: { part_numbers: [], poster: { content_type: 'image/jpeg', size: poster.size } },
            notify: false,
          });
          if (!upload) return undefined;
          await putFile(upload, poster, 'poster.jpg');
          return upload.key;
        } catch {
          return undefined; // A recording without a poster is still a recording.
        }
      })();
    },

    pause: () => {
      const run = runtime;
      if (!run?.recorder || run.recorder.state !== 'recording') return;
      run.recorder.pause();
      if (run.resumedAt !== undefined) run.accumulatedMs += performance.now() - run.resumedAt;
      run.resumedAt = undefined;
      set({ phase: 'paused', elapsedMs: run.accumulatedMs });
    },

    resume: () => {
      const run = runtime;
      if (!run?.recorder || run.recorder.state !== 'paused') return;
      run.recorder.resume();
      run.resumedAt = performance.now();
      set({ phase: 'recording' });
    },

    stop: () => {
      const run = runtime;
      if (!run) return;
      if (run.recorder && run.recorder.state !== 'inactive') {
        set({ phase: 'finishing' });
        run.recorder.stop();
      } else if (!run.recorder) {
        // Still counting down: nothing recorded yet, so stopping cancels.
        void get().discard();
      }
    },

    retryUpload: () => {
      const run = runtime;
      if (!run?.uploader) return;
      set({ error: undefined });
      run.uploader.resume();
      if (get().phase === 'finishing') run.finishing = finishUpload(run);
    },

    discard: async () => {
      const run = runtime;
      const preview = get().posterPreview;
      if (preview) URL.revokeObjectURL(preview);
      set({ ...initial, support: get().support });
      if (!run) return;
      runtime = undefined;
      run.cancelled = true;
      run.uploader?.abort();
      if (run.recorder && run.recorder.state !== 'inactive') run.recorder.stop();
      releaseMedia(run);
      if (run.recordingId) {
        await api.call('deleteRecording', { params: { workspaceId: run.workspaceId, recordingId: run.recordingId }, notify: false }).catch(() => undefined);
      }
    },

    close: () => {
      const preview = get().posterPreview;
      if (preview) URL.revokeObjectURL(preview);
      runtime = undefined;
      set({ ...initial, support: get().support });
    },
  };
});
