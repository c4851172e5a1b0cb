import { Aws, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { UPLOAD_TAG } from '#lib/uploads';
import { LogBucket } from '../constructs/log-bucket';
import type { StageConfig } from '../stage-config';

/**
 * The uploads bucket's name is derived, not generated: the SPA's CSP (web stack) and the functions' grants
 * (route and queue stacks) name it without a cross-stack reference, so the web stack need not wait for this one.
 */
export const uploadsBucketName = (config: StageConfig) => `${config.prefix}-uploads-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

export type StorageStackProps = StackProps & { config: StageConfig; appUrl: string };

/** The origins whose pages may use the uploads bucket's presigned URLs: the app, and the stage's extension builds. */
export const uploadsCorsOrigins = (config: Pick<StageConfig, 'extensionIds'>, appUrl: string) => [appUrl, ...config.extensionIds.map((id) => `chrome-extension://${id}`)];

/** User files (recordings, attachments): private, TLS-only, encrypted, uploaded by the browser with presigned URLs. */
export class StorageStack extends Stack {
  readonly uploads: s3.Bucket;

  constructor(scope: Construct, id: string, props: StorageStackProps) {
    super(scope, id, props);
    const { config } = props;
    const logBucket = new LogBucket(this, 'Logs', { config }).bucket;
    this.uploads = new s3.Bucket(this, 'Uploads', {
      bucketName: uploadsBucketName(config),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 'uploads/',
      cors: [
        {
          allowedOrigins: uploadsCorsOrigins(config, props.appUrl),
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.PUT, s3.HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Presigned uploads arrive tagged upload=pending; using a file (comment, cover) retags it upload=used
        // (functions/lib/uploads.ts). Only an upload nobody used within a day expires; files in use never do.
        { id: 'expire-unused-uploads', tagFilters: { [UPLOAD_TAG.key]: UPLOAD_TAG.pending }, expiration: Duration.days(1) },
      ],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.removalPolicy === RemovalPolicy.DESTROY,
    });
  }
}
