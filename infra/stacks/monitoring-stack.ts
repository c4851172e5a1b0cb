import { ArnFormat, Stack, type StackProps } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { tableSpec } from '#data/table-spec';
import { jobs } from '#shared/jobs';
import { queues } from '#shared/queues';
import { streams } from '#shared/streams';
import type { RouteSpec } from '#shared/routes';
import { streamConsumerTimeout } from '../constructs/stream-consumer';
import { tableThrottlesAlarm } from '../monitoring/alarms';
import { stageDashboard } from '../monitoring/dashboard';
import { alarmTopicName } from '../names';
import type { StageConfig } from '../stage-config';

export type MonitoringStackProps = StackProps & {
  config: StageConfig;
  /** The HTTP API's id (route metrics are dimensioned by it). */
  apiId: string;
  routeGroups: Readonly<Record<string, readonly RouteSpec[]>>;
};

/**
 * Where the stage's alarms go and what an operator looks at: the alarm topic (encrypted, TLS-only, mailed to
 * the stage's alarm address), the table's throttle alarms and the dashboard. The other alarms live next to what
 * they watch (routes in their domain stack, queues and jobs in the queues stack) and reach the topic by its
 * name-derived ARN, so this stack is referenced by nobody.
 */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config } = props;

    // SNS encrypts with a customer key only: the AWS-managed aws/sns key cannot be granted to CloudWatch.
    const key = new kms.Key(this, 'AlarmsKey', {
      alias: `alias/${alarmTopicName(config)}`,
      description: `Encrypts the ${config.stage} alarm topic; usable by CloudWatch alarms of this account`,
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
    });
    const cloudwatchAlarms = new iam.ServicePrincipal('cloudwatch.amazonaws.com');
    const fromThisAccountsAlarms = {
      StringEquals: { 'aws:SourceAccount': this.account },
      ArnLike: { 'aws:SourceArn': this.formatArn({ service: 'cloudwatch', resource: 'alarm', resourceName: `${config.prefix}-*`, arnFormat: ArnFormat.COLON_RESOURCE_NAME }) },
    };
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [cloudwatchAlarms],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: fromThisAccountsAlarms,
      }),
    );

    this.topic = new sns.Topic(this, 'Alarms', {
      topicName: alarmTopicName(config),
      displayName: `Brandslate ${config.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [cloudwatchAlarms],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: fromThisAccountsAlarms,
      }),
    );
    this.topic.addSubscription(new subscriptions.EmailSubscription(config.alarmEmail));

    const indexes = Object.keys(tableSpec.indexes);
    tableThrottlesAlarm(this, 'TableThrottles', config);
    for (const index of indexes) tableThrottlesAlarm(this, `TableThrottles-${index}`, config, index);

    stageDashboard(this, 'Dashboard', {
      config,
      apiId: props.apiId,
      routeGroups: props.routeGroups,
      queues,
      jobs,
      streams,
      streamConsumerTimeoutSeconds: streamConsumerTimeout.toSeconds(),
      indexes,
    });
  }
}
