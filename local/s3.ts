import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { LOCAL } from './env';
import { closeServer, HOST } from './net';
import { addMultipartChecks } from './s3-multipart';

/**
 * s3rver 3.7 in-process, files under `directory`. It wants its built-in S3RVER access key but does not hold
 * presigned URLs, POST policies or sizes to account (a tampered presigned PUT succeeds), so limits must be
 * enforced in our own code too. Requests go path-style (the SDK does that by itself for an IP endpoint). The
 * uploads bucket is created (idempotently) with a CORS rule so the browser can PUT to presigned URLs.
 */
export type S3Local = { endpoint: string; port: number; stop: () => Promise<void> };

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod><AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 only has in its legacy
 * provider (`node --openssl-legacy-provider`; without it paging answers 500). Where the flag is absent (e.g. the
 * vitest process running the integration global setup) we map 'des' to 3DES with the key repeated three
 * times, which is mathematically the same cipher. Only the 'des' algorithm name is touched.
 */
export const ensureDesCipher = () => {
  try {
    crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return;
  } catch {
    // legacy provider not loaded: install the equivalent below
  }
  const triple = (key: crypto.CipherKey) => Buffer.concat(Array(3).fill(Buffer.from(key as Buffer)));
  const { createCipheriv, createDecipheriv } = crypto;
  const patched = crypto as unknown as Record<string, unknown>;
  patched.createCipheriv = (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: unknown) =>
    algorithm.toLowerCase() === 'des'
      ? createCipheriv('des-ede3-cbc', triple(key), iv)
      : createCipheriv(algorithm, key, iv, options as crypto.CipherGCMOptions);
  patched.createDecipheriv = (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: unknown) =>
    algorithm.toLowerCase() === 'des'
      ? createDecipheriv('des-ede3-cbc', triple(key), iv)
      : createDecipheriv(algorithm, key, iv, options as crypto.CipherGCMOptions);
};

export const startS3 = async ({ directory }: { directory: string }): Promise<S3Local> => {
  ensureDesCipher();
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    address: HOST,
    port: 0,
    silent: true,
    directory,
    // Path-style only: requests reach 127.0.0.1 directly, never <bucket>.host.
    vhostBuckets: false,
    configureBuckets: [{ name: LOCAL.bucketName, configs: [CORS] }],
  });
  addMultipartChecks(server);
  const address = (await server.run()) as AddressInfo;
  const httpServer = (server as unknown as { httpServer: Server }).httpServer;
  return {
    endpoint: `http://${HOST}:${address.port}`,
    port: address.port,
    stop: () => closeServer(httpServer),
  };
};
