/**
 * Runs in Chromium (bundled by scripts/bench-recordings.ts): the SPA's own part buffer, part uploader and part PUT
 * (web/src/modules/recording/internal) uploading a recording through the recordings API and the local S3, as the
 * recorder does while recording. Exposed on `window.brandslateBench`.
 */
import { MIN_PART_BYTES } from '#shared/schemas/recordings';
import { createPartBuffer } from '../web/src/modules/recording/internal/part-buffer';
import { createPartUploader, type PartTransport } from '../web/src/modules/recording/internal/part-uploader';
import { putPart } from '../web/src/modules/recording/internal/put-part';

type Target = { api: string; token: string; workspaceId: string; projectId: string };

const caller = ({ api, token }: Target) => async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
};

/** Uploads `chunks` (as a recorder hands them over) and completes the recording; answers its uid. */
const upload = async (target: Target, chunks: AsyncIterable<Blob>, durationMs: number, onProgress?: (bytes: number) => void) => {
  const call = caller(target);
  const base = `/workspaces/${target.workspaceId}/recordings`;
  const recording = await call<{ uid: string }>('POST', base, { project_uid: target.projectId, content_type: 'video/webm', name: 'bench.webm' });
  const transport: PartTransport = {
    sign: async (partNumber) => (await call<{ parts: { url: string }[] }>('POST', `${base}/${recording.uid}/parts`, { part_numbers: [partNumber] })).parts[0]!.url,
    list: async () => (await call<{ parts: { part_number: number; etag: string; size: number }[] }>('GET', `${base}/${recording.uid}/parts`)).parts,
    put: putPart,
  };
  let queued = 0;
  let stored = 0;
  const uploader = createPartUploader(transport, ({ uploadedBytes }) => {
    stored = uploadedBytes;
    onProgress?.(uploadedBytes);
  });
  const buffer = createPartBuffer(MIN_PART_BYTES);
  for await (const chunk of chunks) {
    const part = buffer.push(chunk);
    if (!part) continue;
    uploader.enqueue(part);
    queued += part.size;
    // A recorder cannot outrun the network for long either: at most two parts wait behind the one in flight.
    while (queued - stored > 3 * MIN_PART_BYTES) {
      if (uploader.stalled) return Promise.reject(new Error(`the upload stalled: ${String(await uploader.drain().catch((error: Error) => `${error.message}: ${String(error.cause)}`))}`));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  const last = buffer.flush();
  if (last) uploader.enqueue(last);
  const parts = await uploader.drain();
  await call('POST', `${base}/${recording.uid}/complete`, { parts, duration_ms: durationMs });
  return recording.uid;
};

/** `totalBytes` of random-looking chunks of `chunkBytes`, made as they are asked for (like MediaRecorder's). */
async function* syntheticChunks(totalBytes: number, chunkBytes: number) {
  const bytes = new Uint8Array(chunkBytes);
  for (let i = 0; i < bytes.length; i += 65_536) crypto.getRandomValues(bytes.subarray(i, Math.min(bytes.length, i + 65_536)));
  for (let sent = 0; sent < totalBytes; sent += chunkBytes) {
    bytes[0] = sent & 0xff;
    yield new Blob([bytes.slice(0, Math.min(chunkBytes, totalBytes - sent))]);
  }
}

/** A real, playable webm: a canvas animation recorded by MediaRecorder for `ms`. */
const recordCanvas = async (ms: number): Promise<Blob[]> => {
  const canvas = document.createElement('canvas');
  canvas.width = 1280;
  canvas.height = 720;
  const context = canvas.getContext('2d')!;
  const started = performance.now();
  const draw = () => {
    const t = performance.now() - started;
    context.fillStyle = `hsl(${(t / 20) % 360} 60% 50%)`;
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.fillStyle = '#fff';
    context.font = '120px sans-serif';
    context.fillText(`${(t / 1000).toFixed(1)} s`, 440, 400);
  };
  const timer = setInterval(draw, 33);
  draw();
  const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm', videoBitsPerSecond: 2_500_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start(1000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  recorder.stop();
  await stopped;
  clearInterval(timer);
  return chunks;
};

async function* fromArray(blobs: Blob[]) {
  yield* blobs;
}

const bench = {
  /** Uploads `totalBytes`; answers wall time and the JS heap seen along the way. */
  async throughput(target: Target, totalBytes: number, chunkBytes: number) {
    const memory = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
    const heap: { bytes: number; heap: number }[] = [];
    let nextSample = 0;
    const started = performance.now();
    const uid = await upload(target, syntheticChunks(totalBytes, chunkBytes), 60_000, (bytes) => {
      if (bytes >= nextSample) {
        heap.push({ bytes, heap: memory() });
        nextSample += totalBytes / 8;
      }
    });
    return { uid, ms: performance.now() - started, heap };
  },
  /** Records a short canvas video and uploads it; answers its uid. */
  async playable(target: Target, ms: number) {
    return upload(target, fromArray(await recordCanvas(ms)), ms);
  },
};

(window as unknown as { brandslateBench: typeof bench }).brandslateBench = bench;
