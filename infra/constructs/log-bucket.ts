import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

export type LogBucketProps = {
  config: StageConfig;
  /** CloudFront standard logs are written with ACLs, so the bucket must accept object-writer ownership. */
  acceptsCloudFrontLogs?: boolean;
};

/** Where S3 server access logs (and CloudFront logs) go: private, TLS-only, expiring with the stage's log retention. */
export class LogBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, { config, acceptsCloudFrontLogs = false }: LogBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: acceptsCloudFrontLogs ? s3.ObjectOwnership.OBJECT_WRITER : s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(config.logRetention) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.removalPolicy === RemovalPolicy.DESTROY,
    });
    acknowledge(this.bucket, {
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own access would write logs about logs without end.',
    });
  }
}
