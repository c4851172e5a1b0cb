/**
 * The camera as a round bubble over the screen, drawn into one canvas whose stream is recorded. Frames are read
 * with Chromium's MediaStreamTrackProcessor rather than a <video> and requestAnimationFrame: the person is usually
 * looking at another tab or window while recording, and a background tab gets no animation frames.
 */

type FrameReader = ReadableStreamDefaultReader<VideoFrame>;
type TrackProcessorConstructor = new (init: { track: MediaStreamTrack }) => { readable: ReadableStream<VideoFrame> };

const processorOf = (): TrackProcessorConstructor | undefined =>
  (window as unknown as { MediaStreamTrackProcessor?: TrackProcessorConstructor }).MediaStreamTrackProcessor;

/** The bubble's diameter as a share of the shorter side of the screen. */
const BUBBLE_SHARE = 0.22;
const MARGIN_SHARE = 0.03;
const FRAME_RATE = 30;

export type Composition = { stream: MediaStream; stop: () => void };

/** Draws the screen with the camera bubble; answers undefined where frames cannot be read this way. */
export const composeScreenAndCamera = (screenTrack: MediaStreamTrack, cameraTrack: MediaStreamTrack): Composition | undefined => {
  const Processor = processorOf();
  if (!Processor) return undefined;
  const settings = screenTrack.getSettings();
  const canvas = document.createElement('canvas');
  canvas.width = settings.width ?? 1280;
  canvas.height = settings.height ?? 720;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const readers: FrameReader[] = [];
  let camera: VideoFrame | undefined;
  let running = true;

  const drawBubble = () => {
    if (!camera) return;
    const size = Math.round(Math.min(canvas.width, canvas.height) * BUBBLE_SHARE);
    const margin = Math.round(Math.min(canvas.width, canvas.height) * MARGIN_SHARE);
    const x = canvas.width - size - margin;
    const y = canvas.height - size - margin;
    // The camera's centre square, so a wide camera is not squeezed into the circle.
    const side = Math.min(camera.displayWidth, camera.displayHeight);
    const sx = (camera.displayWidth - side) / 2;
    const sy = (camera.displayHeight - side) / 2;
    context.save();
    context.beginPath();
    context.arc(x + size / 2, y + size / 2, size / 2, 0, Math.PI * 2);
    context.clip();
    context.drawImage(camera, sx, sy, side, side, x, y, size, size);
    context.restore();
  };

  const pump = async (track: MediaStreamTrack, onFrame: (frame: VideoFrame) => void) => {
    const reader = new Processor({ track }).readable.getReader();
    readers.push(reader);
    while (running) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done || !value) return;
      onFrame(value);
    }
  };

  void pump(cameraTrack, (frame) => {
    camera?.close();
    camera = frame;
  });
  void pump(screenTrack, (frame) => {
    if (canvas.width !== frame.displayWidth || canvas.height !== frame.displayHeight) {
      canvas.width = frame.displayWidth;
      canvas.height = frame.displayHeight;
    }
    context.drawImage(frame, 0, 0);
    frame.close();
    drawBubble();
  });

  const stream = canvas.captureStream(FRAME_RATE);
  return {
    stream,
    stop: () => {
      running = false;
      for (const reader of readers) void reader.cancel().catch(() => undefined);
      camera?.close();
      camera = undefined;
      stream.getTracks().forEach((track) => track.stop());
    },
  };
};

/**
 * One audio track from the microphone and the shared tab's own sound, mixed; the one that exists when only one
 * does. The mixing context is returned to be closed with the recording.
 */
export const mixAudio = (tracks: MediaStreamTrack[]): { track?: MediaStreamTrack; stop: () => void } => {
  if (tracks.length <= 1 || typeof window.AudioContext !== 'function') return { track: tracks[0], stop: () => undefined };
  const context = new AudioContext();
  const destination = context.createMediaStreamDestination();
  for (const track of tracks) context.createMediaStreamSource(new MediaStream([track])).connect(destination);
  return { track: destination.stream.getAudioTracks()[0], stop: () => void context.close().catch(() => undefined) };
};
