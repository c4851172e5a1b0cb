import { RECORDING_TYPES } from '#shared/schemas/recordings';
import { supportedMimeType } from './media-errors';

export type RecordingContentType = (typeof RECORDING_TYPES)[number];

/**
 * Recorder formats in order of preference. WebM with named codecs is what Chromium and Firefox record well; plain
 * containers (Safari's MP4) record, but the browser picks codecs and seeking may be coarse.
 */
const PREFERRED = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus'] as const;
const FALLBACK = ['video/webm', 'video/mp4;codecs=avc1,mp4a', 'video/mp4'] as const;

/** What a browser that can record still lacks: each makes its support "limited" (spec 8). */
export type SupportGap = 'format' | 'audio_check' | 'pause' | 'camera';

export type RecorderSupport =
  | { level: 'none' }
  | { level: 'full' | 'limited'; mimeType: string; contentType: RecordingContentType; gaps: SupportGap[] };

/** The parts of `window` the recorder needs; tests pass their own. */
export type MediaEnvironment = {
  mediaDevices?: Partial<Pick<MediaDevices, 'getDisplayMedia' | 'getUserMedia' | 'enumerateDevices'>>;
  MediaRecorder?: { isTypeSupported?: (type: string) => boolean; prototype?: object };
  AudioContext?: unknown;
  /** Chromium's MediaStreamTrackProcessor: draws the camera over the screen even while this tab is in the background. */
  MediaStreamTrackProcessor?: unknown;
};

export const browserEnvironment = (): MediaEnvironment =>
  typeof window === 'undefined'
    ? {}
    : {
        mediaDevices: navigator.mediaDevices,
        MediaRecorder: window.MediaRecorder,
        AudioContext: window.AudioContext,
        MediaStreamTrackProcessor: (window as unknown as { MediaStreamTrackProcessor?: unknown }).MediaStreamTrackProcessor,
      };

/**
 * Feature tests, not user-agent sniffing: "not supported" without screen capture, MediaRecorder or a format the API
 * takes (RECORDING_TYPES); "limited" when it records but lacks a preferred format, the audio level check, pause or
 * the camera overlay.
 */
export const detectSupport = (env: MediaEnvironment = browserEnvironment()): RecorderSupport => {
  const Recorder = env.MediaRecorder;
  if (typeof env.mediaDevices?.getDisplayMedia !== 'function' || !Recorder) return { level: 'none' };
  const accepted = (type: string) => (RECORDING_TYPES as readonly string[]).includes(type.split(';')[0]!);
  const preferred = supportedMimeType(Recorder, PREFERRED.filter(accepted));
  const mimeType = preferred ?? supportedMimeType(Recorder, FALLBACK.filter(accepted));
  if (!mimeType) return { level: 'none' };
  const gaps: SupportGap[] = [];
  if (!preferred) gaps.push('format');
  if (typeof env.AudioContext !== 'function') gaps.push('audio_check');
  if (typeof (Recorder.prototype as Partial<MediaRecorder> | undefined)?.pause !== 'function') gaps.push('pause');
  if (typeof env.MediaStreamTrackProcessor !== 'function' || typeof env.mediaDevices.getUserMedia !== 'function') gaps.push('camera');
  return { level: gaps.length > 0 ? 'limited' : 'full', mimeType, contentType: mimeType.split(';')[0] as RecordingContentType, gaps };
};
