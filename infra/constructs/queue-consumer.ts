import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { QueueSpec } from '#shared/queues';
import { functionNames } from '../names';
import type { StageConfig } from '../stage-config';
import { AppFunction, type FunctionResources } from './app-function';

export const queueEntry = (spec: Pick<QueueSpec, 'id'>) => `functions/queues/${spec.id}.ts`;

/** Lambda's guidance: a queue's visibility timeout is at least six times its consumer's timeout. */
export const consumerTimeout = (spec: QueueSpec) => Duration.seconds(Math.max(1, Math.floor(spec.visibilityTimeoutSeconds / 6)));

export type QueueConsumerProps = {
  config: StageConfig;
  spec: QueueSpec;
  queue: IQueue;
  resources: FunctionResources;
};

/** The consumer of one queue: batches of `batchSize`, partial batch failures reported, grants from its `access`. */
export class QueueConsumer extends AppFunction {
  constructor(scope: Construct, id: string, { config, spec, queue, resources }: QueueConsumerProps) {
    super(scope, id, {
      config,
      entry: queueEntry(spec),
      name: functionNames.queueConsumer(spec.id),
      description: `Consumes ${spec.id}: ${spec.description}`,
      access: spec.access,
      resources,
      timeout: consumerTimeout(spec),
    });
    this.function.addEventSource(
      new SqsEventSource(queue, { batchSize: spec.batchSize, reportBatchItemFailures: true, ...(spec.maximumConcurrency ? { maxConcurrency: spec.maximumConcurrency } : {}) }),
    );
  }
}
