import { MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isDeviceMissing, isPermissionDenied, mediaErrorName, stopStreams, supportedMimeType } from '../recording/media-errors';

/** What can go wrong with a recording, each with its own message (spec 8: recording errors). */
export type RecordingError = 'denied' | 'unsupported' | 'no_device' | 'no_audio' | 'too_large' | 'failed';

/** The API takes audio/webm; Chromium and Firefox record it (Safari does not: "browser not supported"). */
export const RECORDING_TYPE = 'audio/webm';
/** A cap well inside the 5 MB limit at voice bitrates. */
export const MAX_RECORDING_SECONDS = 10 * 60;

/** The error a getUserMedia / MediaRecorder failure stands for. */
export const recordingErrorOf = (error: unknown): RecordingError => {
  if (isPermissionDenied(error)) return 'denied';
  if (isDeviceMissing(error)) return 'no_device';
  const name = mediaErrorName(error);
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'failed';
};

/** The recorder's MIME type in this browser, or undefined when it cannot record webm audio. */
export const recordingMimeType = (recorder: { isTypeSupported?: (type: string) => boolean } | undefined): string | undefined =>
  supportedMimeType(recorder, ['audio/webm;codecs=opus', RECORDING_TYPE]);

export type Recording = { file: File; url: string; seconds: number };
export type RecorderState = 'idle' | 'requesting' | 'recording' | 'recorded';

/**
 * Records one audio comment in the browser with MediaRecorder: start (asks for the microphone), stop (keeps the
 * recording for a preview), discard. The microphone is released as soon as recording stops or the component goes.
 */
export const useAudioRecorder = () => {
  const [state, setState] = useState<RecorderState>('idle');
  const [error, setError] = useState<RecordingError>();
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState<Recording>();
  const recorderRef = useRef<MediaRecorder | undefined>(undefined);
  const streamRef = useRef<MediaStream | undefined>(undefined);
  const timerRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const startedRef = useRef(0);
  const urlRef = useRef<string | undefined>(undefined);

  const release = useCallback(() => {
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = undefined;
    stopStreams(streamRef.current);
    streamRef.current = undefined;
  }, []);

  const forgetRecording = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = undefined;
    setRecording(undefined);
  }, []);

  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
      release();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [release],
  );

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = useCallback(async () => {
    setError(undefined);
    forgetRecording();
    const Recorder = typeof window !== 'undefined' ? window.MediaRecorder : undefined;
    const mimeType = recordingMimeType(Recorder);
    if (!navigator.mediaDevices?.getUserMedia || !Recorder || !mimeType) {
      setError('unsupported');
      return;
    }
    setState('requesting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (caught) {
      setError(recordingErrorOf(caught));
      setState('idle');
      return;
    }
    streamRef.current = stream;
    const chunks: Blob[] = [];
    let recorder: MediaRecorder;
    try {
      recorder = new Recorder(stream, { mimeType });
    } catch (caught) {
      release();
      setError(recordingErrorOf(caught));
      setState('idle');
      return;
    }
    recorderRef.current = recorder;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const elapsed = Math.max(1, Math.round((Date.now() - startedRef.current) / 1000));
      release();
      const blob = new Blob(chunks, { type: RECORDING_TYPE });
      if (blob.size === 0) {
        setError('no_audio');
        setState('idle');
        return;
      }
      if (blob.size > MAX_ATTACHMENT_BYTES) {
        setError('too_large');
        setState('idle');
        return;
      }
      const file = new File([blob], `voice-comment-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.webm`, { type: RECORDING_TYPE });
      const url = URL.createObjectURL(file);
      urlRef.current = url;
      setRecording({ file, url, seconds: elapsed });
      setState('recorded');
    };
    recorder.onerror = () => {
      release();
      setError('failed');
      setState('idle');
    };
    startedRef.current = Date.now();
    setSeconds(0);
    recorder.start(1000);
    setState('recording');
    timerRef.current = setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedRef.current) / 1000);
      setSeconds(elapsed);
      if (elapsed >= MAX_RECORDING_SECONDS) stop();
    }, 250);
  }, [forgetRecording, release, stop]);

  const discard = useCallback(() => {
    forgetRecording();
    setError(undefined);
    setState('idle');
  }, [forgetRecording]);

  return { state, error, seconds, recording, start, stop, discard };
};
