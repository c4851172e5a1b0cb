/**
 * A post's thumbnail, copied into the uploads bucket when the post is fetched: the SPA's CSP shows images from the
 * uploads bucket only, and a platform's image address may expire or refuse hot-linking. Raster images only (an SVG
 * can carry script), told by their first bytes rather than the Content-Type a site declares, and a few MB at most.
 */
export const THUMBNAIL_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
export type ThumbnailType = keyof typeof THUMBNAIL_TYPES;

export const THUMBNAIL_FETCH = { maxBytes: 5 * 1024 * 1024, timeoutMs: 8_000 } as const;

export type ThumbnailImage = { bytes: Uint8Array; contentType: ThumbnailType };

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** The image type of `bytes` by its signature, or undefined when it is none of the four. */
export const imageTypeOf = (bytes: Uint8Array): ThumbnailType | undefined => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
};
