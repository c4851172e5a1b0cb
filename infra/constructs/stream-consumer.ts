import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { StreamSpec } from '#shared/streams';
import { OUTBOX_RECORDS } from '#data/deliveries';
import { iteratorAgeAlarm, streamFailuresAlarm } from '../monitoring/alarms';
import { functionNames, streamFailuresQueueName } from '../names';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';
import { AppFunction, type FunctionResources } from './app-function';

/** Long enough for a batch of `batchSize` records, each a few table writes and queue sends. */
export const streamConsumerTimeout = Duration.seconds(60);

export const streamEntry = (spec: Pick<StreamSpec, 'id'>) => `functions/streams/${spec.id}.ts`;

/** The event filter of the outbox (OUTBOX_RECORDS), as Lambda's filter patterns on the new image's typed values. */
export const outboxFilters = () =>
  OUTBOX_RECORDS.map((record) =>
    lambda.FilterCriteria.filter({
      eventName: lambda.FilterRule.or(...record.eventNames),
      dynamodb: {
        NewImage: Object.fromEntries(
          Object.entries(record.image).map(([name, value]) => [name, typeof value === 'boolean' ? { BOOL: lambda.FilterRule.isEqual(value) } : { S: lambda.FilterRule.isEqual(value) }]),
        ),
      },
    }),
  );

export type StreamConsumerProps = { config: StageConfig; spec: StreamSpec; table: ITable; resources: FunctionResources };

/**
 * A consumer of the table's stream (the outbox): only the records the filter passes, from the stream's oldest,
 * partial batch failures (Lambda resumes at the first failed record), a failing batch bisected to find the record
 * at fault, retried `retryAttempts` times, then its position sent to a failures queue (encrypted) to be replayed
 * by hand. Alarms: anything in the failures queue, and an iterator age past what failing batches explain.
 */
export class StreamConsumer extends AppFunction {
  readonly failures: sqs.Queue;
  readonly failuresAlarm: cloudwatch.Alarm;
  readonly iteratorAgeAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, { config, spec, table, resources }: StreamConsumerProps) {
    super(scope, id, {
      config,
      entry: streamEntry(spec),
      name: functionNames.streamConsumer(spec.id),
      description: `Stream ${spec.id}: ${spec.description}`,
      access: spec.access,
      resources,
      timeout: streamConsumerTimeout,
    });
    this.failures = new sqs.Queue(this, 'Failures', {
      queueName: streamFailuresQueueName(config, spec.id),
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: config.removalPolicy,
    });
    acknowledge(this.failures, {
      id: 'AwsSolutions-SQS3',
      reason: "This queue is the stream consumer's on-failure destination (a dead-letter queue for the stream's batches); nothing consumes it but an operator's replay.",
    });
    this.function.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: spec.batchSize,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        retryAttempts: spec.retryAttempts,
        onFailure: new SqsDlq(this.failures),
        filters: outboxFilters(),
      }),
    );
    this.failuresAlarm = streamFailuresAlarm(this, config, spec);
    this.iteratorAgeAlarm = iteratorAgeAlarm(this, config, spec, streamConsumerTimeout.toSeconds());
  }
}
