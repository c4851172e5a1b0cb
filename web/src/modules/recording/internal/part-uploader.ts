import { fullJitterBackoffMs } from '#shared/backoff';

export type UploadedPart = { part_number: number; etag: string };
export type StoredPart = UploadedPart & { size: number };

/** How parts reach storage: the API signs and lists, storage takes the bytes. Tests pass their own. */
export type PartTransport = {
  /** A presigned PUT URL for this part number (signed anew for every attempt: an old one may have expired). */
  sign: (partNumber: number) => Promise<string>;
  /** The parts storage already holds (after a dropped connection a PUT may have landed without its answer). */
  list: () => Promise<StoredPart[]>;
  /** PUTs the bytes; answers the part's ETag. `onProgress` gets the bytes sent so far. */
  put: (url: string, body: Blob, onProgress: (loaded: number) => void, signal: AbortSignal) => Promise<string>;
};

export type UploadProgress = {
  /** Bytes of parts storage has confirmed, plus what the part in flight has sent. */
  uploadedBytes: number;
  /** Bytes handed to the uploader so far. */
  totalBytes: number;
  /** Retries ran out (the connection is down): waiting for the network or a retry. */
  stalled: boolean;
};

export type PartUploaderOptions = {
  /** Attempts per part before the upload counts as stalled. */
  attempts?: number;
  baseMs?: number;
  capMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

export const PART_RETRY = { attempts: 6, baseMs: 1000, capMs: 15_000 } as const;

/** Retries ran out for a part; its bytes are still held, so `resume()` carries on where it stopped. */
export class UploadStalled extends Error {
  constructor(readonly partNumber: number, cause: unknown) {
    super(`Part ${partNumber} could not be uploaded`, { cause });
    this.name = 'UploadStalled';
  }
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Uploads parts one after another, in the order they were recorded, while recording goes on. A failed PUT is
 * retried with backoff; before each retry the parts storage already holds are listed, so a part that landed
 * without its answer is not sent twice. A part's bytes are let go as soon as storage confirms it: memory holds at
 * most the part in flight and those waiting behind it.
 */
export const createPartUploader = (transport: PartTransport, onProgress: (progress: UploadProgress) => void, options: PartUploaderOptions = {}) => {
  const { attempts = PART_RETRY.attempts, baseMs = PART_RETRY.baseMs, capMs = PART_RETRY.capMs, random = Math.random, sleep = sleepFor } = options;
  const queue: { partNumber: number; blob: Blob }[] = [];
  const uploaded: UploadedPart[] = [];
  const controller = new AbortController();
  let nextNumber = 1;
  let confirmedBytes = 0;
  let inFlight = 0;
  let totalBytes = 0;
  let stalled: UploadStalled | undefined;
  let running: Promise<void> | undefined;

  const report = () => onProgress({ uploadedBytes: confirmedBytes + inFlight, totalBytes, stalled: !!stalled });

  const uploadOne = async (partNumber: number, blob: Blob): Promise<string> => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (controller.signal.aborted) throw controller.signal.reason;
      try {
        if (attempt > 1) {
          const landed = (await transport.list()).find((part) => part.part_number === partNumber && part.size === blob.size);
          if (landed) return landed.etag;
        }
        const url = await transport.sign(partNumber);
        return await transport.put(
          url,
          blob,
          (loaded) => {
            inFlight = loaded;
            report();
          },
          controller.signal,
        );
      } catch (caught) {
        if (controller.signal.aborted) throw caught;
        lastError = caught;
        inFlight = 0;
        report();
        if (attempt < attempts) await sleep(fullJitterBackoffMs(attempt, random, baseMs, capMs));
      }
    }
    throw new UploadStalled(partNumber, lastError);
  };

  const run = async () => {
    while (queue.length > 0 && !stalled) {
      const { partNumber, blob } = queue[0]!;
      try {
        const etag = await uploadOne(partNumber, blob);
        queue.shift();
        uploaded.push({ part_number: partNumber, etag });
        confirmedBytes += blob.size;
        inFlight = 0;
        report();
      } catch (caught) {
        if (controller.signal.aborted) return;
        stalled = caught instanceof UploadStalled ? caught : new UploadStalled(partNumber, caught);
        report();
      }
    }
  };

  const kick = () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    /** Keeps the next part number for a part that is queued later (the first part, sent last with its header patched). */
    reserve() {
      return nextNumber++;
    },
    /** Queues a part (numbered in the order given, unless it has a reserved number) and starts uploading if idle. */
    enqueue(blob: Blob, partNumber = nextNumber++) {
      queue.push({ partNumber, blob });
      totalBytes += blob.size;
      report();
      void kick();
    },
    /** Waits until every queued part is stored; answers the parts for complete, or throws UploadStalled. */
    async drain(): Promise<UploadedPart[]> {
      while (queue.length > 0 && !stalled) await kick();
      if (stalled) throw stalled;
      return [...uploaded];
    },
    /** After a stall (the network is back, or the person asked): carries on with the part that failed. */
    resume() {
      if (!stalled) return;
      stalled = undefined;
      report();
      void kick();
    },
    /** Stops at once: the part in flight is cancelled and nothing more is sent. */
    abort() {
      queue.length = 0;
      controller.abort(new DOMException('Upload aborted', 'AbortError'));
    },
    get stalled() {
      return !!stalled;
    },
  };
};
