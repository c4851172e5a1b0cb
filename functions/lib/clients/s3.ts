import { S3Client } from '@aws-sdk/client-s3';
import { withoutSdkLogger } from './sdk-logger';

let client: S3Client | undefined;

/**
 * The S3 client, created once per cold start on first use. Locally AWS_ENDPOINT_URL_S3 points at s3rver, which
 * answers path-style only. Checksums only when an operation requires them: otherwise the SDK adds a CRC32 of the
 * empty body to presigned PUT URLs (which then refuse the real file) and s3rver stores streamed chunk framing.
 */
export const s3 = () =>
  (client ??= withoutSdkLogger(
    new S3Client({
      forcePathStyle: !!process.env.AWS_ENDPOINT_URL_S3,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  ));
