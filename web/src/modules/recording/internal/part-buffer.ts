/**
 * Gathers the recorder's small chunks (one per timeslice) into upload parts of at least `minBytes` — S3 refuses a
 * smaller part unless it is the last. Only the chunks of the part being gathered are held.
 */
export const createPartBuffer = (minBytes: number) => {
  let chunks: Blob[] = [];
  let size = 0;
  const take = () => {
    // Untyped: sent without a Content-Type header, which a part's presigned URL does not sign.
    const part = new Blob(chunks);
    chunks = [];
    size = 0;
    return part;
  };
  return {
    /** Adds a chunk; answers a full part once the gathered bytes reach the minimum. */
    push(chunk: Blob): Blob | undefined {
      if (chunk.size === 0) return undefined;
      chunks.push(chunk);
      size += chunk.size;
      return size >= minBytes ? take() : undefined;
    },
    /** The rest, as the last part (any size), or undefined when nothing is left. */
    flush(): Blob | undefined {
      return size > 0 ? take() : undefined;
    },
    get size() {
      return size;
    },
  };
};
