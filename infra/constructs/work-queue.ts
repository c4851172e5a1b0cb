import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueSpec } from '#shared/queues';
import type { StageConfig } from '../stage-config';

export type WorkQueueProps = { config: StageConfig; spec: QueueSpec };

/**
 * A queue-table entry as SQS: the queue, its DLQ after `maxReceives`, TLS-only and SQS-encrypted, and an alarm
 * as soon as anything lands in the DLQ (a message there is a failed delivery a user will see).
 */
export class WorkQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly dlqAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, { config, spec }: WorkQueueProps) {
    super(scope, id);
    const name = `${config.prefix}-${spec.id}`;
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      queueName: `${name}-dlq`,
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: config.removalPolicy,
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      queueName: name,
      visibilityTimeout: Duration.seconds(spec.visibilityTimeoutSeconds),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: spec.maxReceives },
      removalPolicy: config.removalPolicy,
    });
    this.dlqAlarm = new cloudwatch.Alarm(this, 'DeadLettersAlarm', {
      alarmName: `${name}-dlq-not-empty`,
      alarmDescription: `Messages of queue ${spec.id} failed ${spec.maxReceives} times and wait in ${name}-dlq`,
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }
}
