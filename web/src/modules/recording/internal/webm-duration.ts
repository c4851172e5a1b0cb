/**
 * MediaRecorder's WebM has no Duration in its Segment Info (it is written while the length is unknown), so players
 * show no length and an unusable seek bar until they have read the whole file. Once the recording stops, the
 * duration is written into the header of the first part — which is why that part is uploaded last.
 */

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;
const INFO_ID = 0x1549a966;
const TIMECODE_SCALE_ID = 0x2ad7b1;
const DURATION_ID = 0x4489;
/** Nanoseconds per timecode unit unless the Info says otherwise (1 ms). */
const DEFAULT_TIMECODE_SCALE = 1_000_000;
/** The header (EBML header, Segment start, Info) lies well within this many bytes. */
const HEAD_BYTES = 4096;

type Vint = { value: number; length: number; unknown: boolean };

const readVint = (bytes: Uint8Array, at: number, keepMarker: boolean): Vint | undefined => {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23; // leading zeros within the byte, plus one
  if (at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
};

const writeSize = (value: number, length: number): Uint8Array | undefined => {
  if (value >= 2 ** (7 * length) - 1) return undefined;
  const out = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
};

const readUint = (bytes: Uint8Array, at: number, size: number) => {
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + bytes[at + i]!;
  return value;
};

type Element = { id: number; dataStart: number; size: Vint; end: number };

const readElement = (bytes: Uint8Array, at: number): Element | undefined => {
  const id = readVint(bytes, at, true);
  if (!id) return undefined;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return undefined;
  const dataStart = at + id.length + size.length;
  return { id: id.value, dataStart, size, end: size.unknown ? Infinity : dataStart + size.value };
};

/**
 * The header bytes with a Duration added to the Segment Info, or undefined when the bytes are not a WebM this can
 * patch (then the recording is uploaded as it was: it still plays).
 */
export const withWebmDuration = (head: Uint8Array, durationMs: number): Uint8Array | undefined => {
  const ebml = readElement(head, 0);
  if (ebml?.id !== EBML_ID || !Number.isFinite(ebml.end)) return undefined;
  const segment = readElement(head, ebml.end);
  // A Segment of known size would need its size rewritten too; MediaRecorder always leaves it unknown.
  if (segment?.id !== SEGMENT_ID || !segment.size.unknown) return undefined;
  let at = segment.dataStart;
  while (at < head.length) {
    const element = readElement(head, at);
    if (!element || !Number.isFinite(element.end) || element.end > head.length) return undefined;
    if (element.id === INFO_ID) {
      let scale = DEFAULT_TIMECODE_SCALE;
      for (let child = element.dataStart; child < element.end; ) {
        const inner = readElement(head, child);
        if (!inner) return undefined;
        if (inner.id === DURATION_ID) return undefined; // Already there.
        if (inner.id === TIMECODE_SCALE_ID) scale = readUint(head, inner.dataStart, inner.size.value);
        child = inner.end;
      }
      const duration = new Uint8Array(11);
      duration.set([0x44, 0x89, 0x88]);
      new DataView(duration.buffer).setFloat64(3, (durationMs * 1_000_000) / scale);
      const infoId = head.subarray(at, at + (element.dataStart - at - element.size.length));
      const newSize = writeSize(element.size.value + duration.length, element.size.length) ?? writeSize(element.size.value + duration.length, 8);
      if (!newSize) return undefined;
      const before = head.subarray(0, at);
      const body = head.subarray(element.dataStart, element.end);
      const after = head.subarray(element.end);
      const out = new Uint8Array(before.length + infoId.length + newSize.length + body.length + duration.length + after.length);
      let offset = 0;
      for (const piece of [before, infoId, newSize, body, duration, after]) {
        out.set(piece, offset);
        offset += piece.length;
      }
      return out;
    }
    at = element.end;
  }
  return undefined;
};

/** The first part with its duration written in, or the part unchanged when it cannot be patched. */
export const patchWebmDuration = async (firstPart: Blob, durationMs: number): Promise<Blob> => {
  const headLength = Math.min(HEAD_BYTES, firstPart.size);
  const head = new Uint8Array(await firstPart.slice(0, headLength).arrayBuffer());
  const patched = withWebmDuration(head, durationMs);
  return patched ? new Blob([patched as BlobPart, firstPart.slice(headLength)]) : firstPart;
};
