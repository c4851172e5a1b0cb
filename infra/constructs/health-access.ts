import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { HEALTH_ENV } from '#lib/config';
import { deadLetterQueueName, queueName } from '../names';
import type { StageConfig } from '../stage-config';
import { uploadsBucketName } from '../stacks/storage-stack';

const queueUrl = (name: string) => `https://sqs.${Aws.REGION}.${Aws.URL_SUFFIX}/${Aws.ACCOUNT_ID}/${name}`;
const queueArn = (name: string) => `arn:${Aws.PARTITION}:sqs:${Aws.REGION}:${Aws.ACCOUNT_ID}:${name}`;

/** The build the synth runs from: package version and git commit (CI's GITHUB_SHA when git is not there). */
const buildOf = (repoRoot: string) => {
  let commit = process.env.GITHUB_SHA?.slice(0, 12) ?? '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      commit = 'unknown';
    }
  }
  const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return { version, commit };
};

/** The queue URLs (by name, as every function stack finds them) for `health`: each queue's and its DLQ's. */
export const healthQueueUrls = (config: StageConfig, queueId: string) => ({
  queue: queueUrl(queueName(config, queueId)),
  deadLetters: queueUrl(deadLetterQueueName(config, queueId)),
});

/** The build and stage variables of `health` (the commit is read at synth; no time, so a synth is reproducible). */
export const healthEnvironment = (config: StageConfig, repoRoot: string): Record<string, string> => {
  const build = buildOf(repoRoot);
  return {
    [HEALTH_ENV.stage]: config.stage,
    [HEALTH_ENV.version]: build.version,
    [HEALTH_ENV.commit]: build.commit,
    [HEALTH_ENV.identityUrl]: `https://cognito-idp.${Aws.REGION}.${Aws.URL_SUFFIX}/`,
  };
};

/** Read-only: queue depth of the stage's queues and DLQs, the uploads bucket's existence, SES account status. */
export const healthStatements = (config: StageConfig, queueIds: readonly string[]): iam.PolicyStatement[] => [
  new iam.PolicyStatement({
    actions: ['sqs:GetQueueAttributes'],
    resources: queueIds.flatMap((queueId) => [queueArn(queueName(config, queueId)), queueArn(deadLetterQueueName(config, queueId))]),
  }),
  new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [`arn:${Aws.PARTITION}:s3:::${uploadsBucketName(config)}`] }),
  // GetAccount has no resource-level permissions.
  new iam.PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }),
];
