import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { jobs } from '#shared/jobs';
import { queues } from '#shared/queues';
import { streams } from '#shared/streams';
import { QueueConsumer } from '../constructs/queue-consumer';
import { ScheduledJob } from '../constructs/scheduled-job';
import { StreamConsumer } from '../constructs/stream-consumer';
import { stageResources } from '../constructs/stage-resources';
import { WorkQueue } from '../constructs/work-queue';
import type { StageConfig } from '../stage-config';

export type QueuesStackProps = StackProps & {
  config: StageConfig;
  emailIdentity: IEmailIdentity;
  /** The integration secrets key, for consumers whose access says `secrets` (integration sends). */
  secretsKey: IKey;
  environment: Readonly<Record<string, string>>;
  /** The table's stream (the outbox): AWS gives it a new ARN whenever the stream is turned on, so it is referenced. */
  tableStreamArn: string;
};

/** Background work: every queue-table entry (queue, DLQ, alarms, consumer) and every job-table entry (rule, function, alarm). */
export class QueuesStack extends Stack {
  readonly workQueues: Readonly<Record<string, WorkQueue>>;
  readonly queues: Readonly<Record<string, IQueue>>;

  constructor(scope: Construct, id: string, props: QueuesStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.workQueues = Object.fromEntries(queues.map((spec) => [spec.id, new WorkQueue(this, `Queue-${spec.id}`, { config, spec })]));
    this.queues = Object.fromEntries(Object.entries(this.workQueues).map(([queueId, work]) => [queueId, work.queue]));

    const resources = {
      ...stageResources(this, config, { environment: props.environment, emailIdentity: props.emailIdentity, secretsKey: props.secretsKey }, this.queues),
      deadLetterQueues: Object.fromEntries(Object.entries(this.workQueues).map(([queueId, work]) => [queueId, work.deadLetterQueue])),
    };
    for (const spec of queues) {
      new QueueConsumer(this, `Consumer-${spec.id}`, {
        config,
        spec,
        queue: this.queues[spec.id],
        resources,
      });
    }
    for (const spec of jobs) new ScheduledJob(this, `Job-${spec.id}`, { config, spec, resources });
    const table = dynamodb.Table.fromTableAttributes(this, 'StreamTable', { tableName: resources.table.tableName, tableStreamArn: props.tableStreamArn });
    for (const spec of streams) new StreamConsumer(this, `Stream-${spec.id}`, { config, spec, table, resources });
  }
}
