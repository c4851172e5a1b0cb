/** The poster's widest side: enough for a player's first frame, small next to MAX_POSTER_BYTES. */
const POSTER_MAX_WIDTH = 1280;
const POSTER_QUALITY = 0.8;

const frameOf = async (track: MediaStreamTrack): Promise<CanvasImageSource & { width: number; height: number }> => {
  const Capture = (window as unknown as { ImageCapture?: new (track: MediaStreamTrack) => { grabFrame: () => Promise<ImageBitmap> } }).ImageCapture;
  if (Capture) return new Capture(track).grabFrame();
  // Without ImageCapture (Firefox): a muted video element shows the track, and its current frame is drawn.
  const video = document.createElement('video');
  video.muted = true;
  video.srcObject = new MediaStream([track]);
  await video.play();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return Object.assign(video, { width: video.videoWidth, height: video.videoHeight });
};

/** A JPEG of the track's current frame, scaled down to POSTER_MAX_WIDTH; undefined when no frame can be had. */
export const grabPoster = async (track: MediaStreamTrack, type = 'image/jpeg'): Promise<Blob | undefined> => {
  try {
    const frame = await frameOf(track);
    if (!frame.width || !frame.height) return undefined;
    const scale = Math.min(1, POSTER_MAX_WIDTH / frame.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(frame.width * scale);
    canvas.height = Math.round(frame.height * scale);
    canvas.getContext('2d')?.drawImage(frame, 0, 0, canvas.width, canvas.height);
    if ('close' in frame && typeof frame.close === 'function') frame.close();
    if (frame instanceof HTMLVideoElement) frame.srcObject = null;
    return (await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, POSTER_QUALITY))) ?? undefined;
  } catch {
    return undefined;
  }
};
