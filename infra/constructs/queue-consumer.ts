import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { QueueSpec } from '#shared/queues';
import type { RouteAccess } from '#shared/routes';
import type { StageConfig } from '../stage-config';
import { AppFunction, type FunctionResources } from './app-function';

export const queueEntry = (spec: Pick<QueueSpec, 'id'>) => `functions/queues/${spec.id}.ts`;

/**
 * The queue table has no `access` column yet, so a consumer gets what the email consumer needs (idempotency
 * records in the table) unless its entry carries an `access` of its own.
 */
const consumerAccess = (spec: QueueSpec): RouteAccess => (spec as QueueSpec & { access?: RouteAccess }).access ?? { table: 'readWrite' };

/** Lambda's guidance: a queue's visibility timeout is at least six times its consumer's timeout. */
export const consumerTimeout = (spec: QueueSpec) => Duration.seconds(Math.max(1, Math.floor(spec.visibilityTimeoutSeconds / 6)));

export type QueueConsumerProps = {
  config: StageConfig;
  spec: QueueSpec;
  queue: IQueue;
  resources: FunctionResources;
  emailIdentity: IEmailIdentity;
};

/** The consumer of one queue: batches of `batchSize`, partial batch failures reported, allowed to send email. */
export class QueueConsumer extends AppFunction {
  constructor(scope: Construct, id: string, { config, spec, queue, resources, emailIdentity }: QueueConsumerProps) {
    super(scope, id, {
      config,
      entry: queueEntry(spec),
      name: `queue-${spec.id}`,
      description: `Consumes ${spec.id}: ${spec.description}`,
      access: consumerAccess(spec),
      resources,
      timeout: consumerTimeout(spec),
    });
    this.function.addEventSource(new SqsEventSource(queue, { batchSize: spec.batchSize, reportBatchItemFailures: true }));
    emailIdentity.grantSendEmail(this.role);
  }
}
