import { createHash, createHmac } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Presigned S3 URLs (SigV4 query signing, UNSIGNED-PAYLOAD) without the S3 client. Handlers that only hand out
 * upload and download links would otherwise carry @aws-sdk/client-s3 and the presigner: ≈170 KB of each bundle
 * and ≈15 ms of its cold import, for a signature that is a few HMACs. The URLs are the ones
 * `getSignedUrl(new S3Client(…), command)` makes for the same request, byte for byte
 * (test/unit/s3-presign.test.ts compares them), so S3 checks them exactly as before. Handlers that send S3
 * requests use the client (./s3.ts).
 *
 * Where: AWS_ENDPOINT_URL_S3 when set (path-style, as the client is configured for s3rver), else the bucket's
 * virtual-hosted regional endpoint. Credentials: the function's role in the environment, as the client reads them.
 */
export type PresignRequest = {
  method: 'GET' | 'PUT';
  /** The S3 operation, sent as `x-id` as the SDK does. */
  operation: 'GetObject' | 'PutObject' | 'UploadPart';
  bucket: string;
  key: string;
  expiresIn: number;
  /** Headers the caller must send as signed (names lower-case). */
  headers?: Record<string, string>;
  /** Request parameters such as `response-content-disposition`. */
  query?: Record<string, string>;
};

/**
 * Published before each signature (diagnostics_channel), named by the S3 operation the URL is for, so a host that
 * enforces permissions (the local stack's access guard) can refuse it as the SDK's presigner is refused there: it
 * sets `denied`, which is thrown. Nothing subscribes in AWS, where S3 refuses the request made with the URL.
 */
export const S3_PRESIGN_CHANNEL = 'brandslate.s3.presign';
export type S3Presign = { operation: PresignRequest['operation']; input: { Bucket: string; Key: string }; denied?: Error };
const presigns = channel(S3_PRESIGN_CHANNEL);

type Credentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
export type PresignContext = { credentials: Credentials; region: string; endpoint?: string; now: Date };

const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** RFC 3986 escaping, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const escape = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, value: string) => createHmac('sha256', key).update(value, 'utf8').digest();
const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

const contextFromEnv = async (): Promise<PresignContext> => ({
  credentials: await fromEnv()(),
  region: process.env.AWS_REGION ?? '',
  endpoint: process.env.AWS_ENDPOINT_URL_S3,
  now: new Date(),
});

/** A presigned URL for `request`; the context (credentials, region, endpoint, clock) comes from the environment unless given. */
export const presignS3 = async (request: PresignRequest, context?: PresignContext): Promise<string> => {
  if (presigns.hasSubscribers) {
    const use: S3Presign = { operation: request.operation, input: { Bucket: request.bucket, Key: request.key } };
    presigns.publish(use);
    if (use.denied) throw use.denied;
  }
  const { credentials, region, endpoint, now } = context ?? (await contextFromEnv());
  const encodedKey = request.key.split('/').map(escape).join('/');
  const base = endpoint ? new URL(endpoint) : new URL(`https://${request.bucket}.s3.${region}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/$/, '');
  const path = endpoint ? `${basePath}/${escape(request.bucket)}/${encodedKey}` : `/${encodedKey}`;

  const amzDate = now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const scope = `${amzDate.slice(0, 8)}/${region}/s3/aws4_request`;
  const headers: Record<string, string> = { host: base.host };
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value.trim();
  const signedHeaders = Object.keys(headers).sort().join(';');

  const query: Record<string, string> = {
    ...request.query,
    'x-id': request.operation,
    'X-Amz-Algorithm': ALGORITHM,
    'X-Amz-Content-Sha256': UNSIGNED_PAYLOAD,
    'X-Amz-Credential': `${credentials.accessKeyId}/${scope}`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(request.expiresIn),
    'X-Amz-SignedHeaders': signedHeaders,
    ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
  };
  const canonicalQuery = (params: Record<string, string>) =>
    Object.keys(params)
      .sort()
      .map((name) => `${escape(name)}=${escape(params[name]!)}`)
      .join('&');
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(query),
    ...Object.keys(headers)
      .sort()
      .map((name) => `${name}:${headers[name]}`),
    '',
    signedHeaders,
    UNSIGNED_PAYLOAD,
  ].join('\n');
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const day = amzDate.slice(0, 8);
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `${base.protocol}//${base.host}${path}?${canonicalQuery({ ...query, 'X-Amz-Signature': signature })}`;
};
