import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueSpec } from '#shared/queues';
import { deadLettersAlarm, oldestMessageAlarm } from '../monitoring/alarms';
import { deadLetterQueueName, queueName } from '../names';
import type { StageConfig } from '../stage-config';

export type WorkQueueProps = { config: StageConfig; spec: QueueSpec };

/**
 * A queue-table entry as SQS: the queue, its DLQ after `maxReceives`, TLS-only and SQS-encrypted, an alarm as
 * soon as anything lands in the DLQ (a message there is a failed delivery a user will see) and one when the
 * oldest waiting message is older than retries alone explain.
 */
export class WorkQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly dlqAlarm: cloudwatch.Alarm;
  readonly oldestMessageAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, { config, spec }: WorkQueueProps) {
    super(scope, id);
    const name = queueName(config, spec.id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      queueName: deadLetterQueueName(config, spec.id),
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
    this.dlqAlarm = deadLettersAlarm(this, config, spec);
    this.oldestMessageAlarm = oldestMessageAlarm(this, config, spec);
  }
}
