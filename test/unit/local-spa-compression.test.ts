import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '../../local/net';
import { createStaticSpa, spaHeaders } from '../../local/spa';

/** CloudFront compresses the SPA's text files in AWS; the local twin must send the same bytes over the wire. */
const origins = { cognito: 'http://127.0.0.1:3000', uploads: 'http://127.0.0.1:4569' };
const SCRIPT = `export const words = ${JSON.stringify('brandslate '.repeat(2000))};`;

/** A raw GET (fetch would decode the body and hide what was sent). */
const get = (url: string, acceptEncoding?: string) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('the locally served SPA, compressed as CloudFront does', () => {
  let dist: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-compression-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(dist, 'assets', 'main-abcdef12.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'face-abcdef12.woff2'), Buffer.alloc(2048, 7));
    server = createServer(createStaticSpa(dist, () => spaHeaders(origins)).handle);
    url = `http://127.0.0.1:${await listen(server, 0)}`;
  });
  afterAll(async () => {
    await closeServer(server);
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a script as brotli to a browser that accepts it, smaller and decoding to the file', async () => {
    const { headers, body } = await get(`${url}/assets/main-abcdef12.js`, 'gzip, deflate, br, zstd');

    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('accept-encoding');
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, and to the plain file for a client that accepts neither', async () => {
    const gzip = await get(`${url}/assets/main-abcdef12.js`, 'gzip');
    const plain = await get(`${url}/assets/main-abcdef12.js`);

    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('compresses the page of a client-side route but not a font, which is compressed already', async () => {
    const page = await get(`${url}/dashboard`, 'br');
    const font = await get(`${url}/assets/face-abcdef12.woff2`, 'br');

    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toBe('<!doctype html><title>t</title>');
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.body.length).toBe(2048);
  });
});
