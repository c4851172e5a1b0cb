import { Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { queues } from '#shared/queues';
import { queueName, tableName } from '../names';
import type { StageConfig } from '../stage-config';
import { uploadsBucketName } from '../stacks/storage-stack';
import type { FunctionResources } from './app-function';

/**
 * The stage's table and queues as one stack's functions see them: imported by the names the stage gives them
 * (infra/names.ts), not referenced across stacks. Their ARNs and URLs are fixed by name, so a function stack
 * needs no output of the data or queues stack, only to deploy after it (the caller adds that dependency).
 * `own` replaces imported queues with the real ones where the queues stack itself builds functions.
 */
export const stageResources = (
  scope: Construct,
  config: StageConfig,
  rest: Omit<FunctionResources, 'table' | 'queues' | 'uploadsBucketName'>,
  own: Readonly<Record<string, sqs.IQueue>> = {},
): FunctionResources => {
  const stack = Stack.of(scope);
  const queueByName = (queueId: string) =>
    own[queueId] ?? sqs.Queue.fromQueueArn(scope, `Queue-${queueId}`, stack.formatArn({ service: 'sqs', resource: queueName(config, queueId) }));
  return {
    table: dynamodb.Table.fromTableName(scope, 'Table', tableName(config)),
    queues: Object.fromEntries(queues.map((spec) => [spec.id, queueByName(spec.id)])),
    uploadsBucketName: uploadsBucketName(config),
    ...rest,
  };
};
