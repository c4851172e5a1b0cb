import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

/** A small PNG: a vertical gradient from `rgb` to white (no image library needed). */
export const gradientPng = (width: number, height: number, [r, g, b]: Rgb) =>
  rgbPng(width, height, (_x, y) => [r, g, b].map((c) => Math.round(c + (255 - c) * (y / (height - 1)) * 0.6)) as Rgb);

/** A PNG of the colour `pixelAt` gives each pixel (8-bit RGB). */
export const rgbPng = (width: number, height: number, pixelAt: (x: number, y: number) => Rgb) => {
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) rows.set(pixelAt(x, y), row + 1 + x * 3);
  }
  return pngOfRows(width, height, rows);
};

/**
 * A PNG of raw 8-bit RGB scanlines, each preceded by its filter byte (0: none): for a caller that fills whole runs
 * of a row at once, which is far cheaper than a colour per pixel.
 */
export const pngOfRows = (width: number, height: number, rows: Buffer) => {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 1 })), chunk('IEND', Buffer.alloc(0))]);
};
