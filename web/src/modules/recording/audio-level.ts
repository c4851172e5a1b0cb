/**
 * "No audio detected" (spec 8) measured, not guessed: an AnalyserNode reads the microphone's waveform and the
 * loudest moment of the last few seconds decides. A muted or dead microphone still delivers a track, so a track
 * alone proves nothing.
 */

/**
 * RMS below this (about -66 dBFS) is silence: a muted or dead input delivers exact zeros, while the noise floor of a
 * live microphone in a quiet room stays above it.
 */
export const SILENCE_RMS = 0.0005;
/** Silence this long, with the microphone on, is "no audio detected". */
export const SILENCE_WINDOW_MS = 4000;

/** The root mean square of time-domain samples (-1..1). */
export const rmsOf = (samples: Float32Array) => {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
};

/**
 * Decides silence from level samples: silent once every sample of a full window stayed under the threshold; heard
 * again as soon as one sample rises above it.
 */
export const createSilenceJudge = (windowMs = SILENCE_WINDOW_MS, threshold = SILENCE_RMS) => {
  let loudAt: number | undefined;
  let startedAt: number | undefined;
  return (level: number, now: number): boolean => {
    startedAt ??= now;
    if (level >= threshold) loudAt = now;
    return now - (loudAt ?? startedAt) >= windowMs;
  };
};

export type AudioLevelWatch = { stop: () => void };

/**
 * Samples the stream's level every `intervalMs` and reports each change between heard and silent. Returns undefined
 * where the browser has no AudioContext (that is "limited browser support", said elsewhere).
 */
export const watchAudioLevel = (
  stream: MediaStream,
  onSilentChange: (silent: boolean) => void,
  options: { intervalMs?: number; windowMs?: number } = {},
): AudioLevelWatch | undefined => {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context || stream.getAudioTracks().length === 0) return undefined;
  const context = new Context();
  // Created from a click it runs; a context the autoplay policy suspended is resumed (a no-op otherwise).
  void context.resume().catch(() => undefined);
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  // The largest window (about 0.7 s at 48 kHz), read every 200 ms: every moment is measured, short sounds included.
  analyser.fftSize = 32768;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const judge = createSilenceJudge(options.windowMs);
  let silent = false;
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    const next = judge(rmsOf(samples), performance.now());
    if (next !== silent) {
      silent = next;
      onSilentChange(silent);
    }
  }, options.intervalMs ?? 200);
  return {
    stop: () => {
      clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
};
