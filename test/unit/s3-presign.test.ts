import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { presignS3, type PresignContext } from '#lib/clients/s3-presign';

// Signed for AWS itself: the endpoint variables the integration project's local stack exports to every worker of
// a whole run would point the SDK's client (not ours) at the emulator.
for (const name of Object.keys(process.env)) if (name.startsWith('AWS_ENDPOINT_URL')) delete process.env[name];

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session/token+=' };
const now = new Date('2026-01-02T03:04:05.678Z');
const bucket = 'brandslate-uploads-abc123';

/** The S3 client as functions/lib/clients/s3.ts configures it, for the same place and credentials. */
const sdkClient = ({ region, endpoint }: { region: string; endpoint?: string }, signWith: PresignContext['credentials'] = credentials) =>
  new S3Client({
    region,
    endpoint,
    credentials: signWith,
    forcePathStyle: !!endpoint,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

const places = [
  { region: 'us-east-1' },
  { region: 'eu-central-1' },
  { region: 'us-east-1', endpoint: 'http://127.0.0.1:4569' },
];
const keys = ['workspaces/W1/tickets/T1/Abc_DEF-1234/brief-v2.pdf', 'pending/u-1/workspaces/W1/projects/P1/cover/x_y-Z12345/cover image (1)!.png'];

describe('presigned S3 URLs without the S3 client', () => {
  describe.each(places)('at $region $endpoint', (place) => {
    const context: PresignContext = { credentials, now, ...place };

    it.each(keys)('a download link of %s is the one the SDK signs', async (key) => {
      const disposition = 'attachment; filename="brief (v2).pdf"';
      const expected = await getSignedUrl(sdkClient(place), new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: disposition }), {
        expiresIn: 3600,
        signingDate: now,
      });
      const url = await presignS3(
        { method: 'GET', operation: 'GetObject', bucket, key, expiresIn: 3600, query: { 'response-content-disposition': disposition } },
        context,
      );
      expect(url).toBe(expected);
    });

    it.each(keys)('an upload link of %s, type, size and tag signed, is the one the SDK signs', async (key) => {
      const expected = await getSignedUrl(
        sdkClient(place),
        new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: 'image/png', ContentLength: 4321, Tagging: 'upload=pending' }),
        { expiresIn: 900, signingDate: now, signableHeaders: new Set(['content-type', 'content-length']), unhoistableHeaders: new Set(['x-amz-tagging']) },
      );
      const url = await presignS3(
        {
          method: 'PUT',
          operation: 'PutObject',
          bucket,
          key,
          expiresIn: 900,
          headers: { 'content-type': 'image/png', 'content-length': '4321', 'x-amz-tagging': 'upload=pending' },
        },
        context,
      );
      expect(url).toBe(expected);
    });
  });

  it('signs without a session token when the credentials have none', async () => {
    const { sessionToken: _, ...longTerm } = credentials;
    const expected = await getSignedUrl(
      sdkClient({ region: 'us-east-1' }, longTerm),
      new GetObjectCommand({ Bucket: bucket, Key: keys[0] }),
      { expiresIn: 60, signingDate: now },
    );
    expect(await presignS3({ method: 'GET', operation: 'GetObject', bucket, key: keys[0]!, expiresIn: 60 }, { credentials: longTerm, region: 'us-east-1', now })).toBe(expected);
  });
});
