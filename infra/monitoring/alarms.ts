import { Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { Construct, type IConstruct } from 'constructs';
import type { JobSpec } from '#shared/jobs';
import type { QueueSpec } from '#shared/queues';
import type { RouteSpec } from '#shared/routes';
import type { StreamSpec } from '#shared/streams';
import { alarmTopicName, deadLetterQueueName, physicalName, streamFailuresQueueName } from '../names';
import type { StageConfig } from '../stage-config';
import { functionMetrics, jobMetrics, queueAgeLimitSeconds, queueMetrics, routeMetrics, streamAgeLimitSeconds, streamMetrics, tableThrottleMetrics } from './metrics';

/** The stage's alarm topic by its ARN, derived from its name: alarms in every stack notify it without a cross-stack reference. */
export const alarmTopicArn = (scope: IConstruct, config: StageConfig) => Stack.of(scope).formatArn({ service: 'sns', resource: alarmTopicName(config) });

/** Publishes to the alarm topic; an ARN is all CloudWatch needs, so no imported construct is made for it. */
class NotifyTopic implements cloudwatch.IAlarmAction {
  constructor(private readonly topicArn: string) {}
  bind(): cloudwatch.AlarmActionConfig {
    return { alarmActionArn: this.topicArn };
  }
}

export type StageAlarmProps = Omit<cloudwatch.AlarmProps, 'alarmName' | 'actionsEnabled'> & {
  /** Unique within the stage; the alarm is named `<prefix>-<name>`. */
  name: string;
};

/**
 * Every alarm of the stage is made here: named under the stage prefix, quiet without data (an idle route or
 * queue is healthy), notifying the stage's topic when it fires and when it recovers.
 */
export const stageAlarm = (scope: Construct, id: string, config: StageConfig, { name, ...props }: StageAlarmProps) => {
  const alarm = new cloudwatch.Alarm(scope, id, {
    alarmName: physicalName(config, name),
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    ...props,
  });
  const notify = new NotifyTopic(alarmTopicArn(scope, config));
  alarm.addAlarmAction(notify);
  alarm.addOkAction(notify);
  return alarm;
};

/** A threshold crossed in `datapointsToAlarm` of the stage's `evaluationPeriods` periods. */
const sustained = (config: StageConfig) => ({
  evaluationPeriods: config.alarmThresholds.evaluationPeriods,
  datapointsToAlarm: config.alarmThresholds.datapointsToAlarm,
});

/** A single period with at least one event (a throttle, a failed run, a dead letter) is worth a look. */
const anyEvent = {
  threshold: 0,
  comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
  evaluationPeriods: 1,
} as const;

/** Per route: its 5xx rate and its p99 latency at API Gateway. */
export class RouteAlarms extends Construct {
  readonly serverErrors: cloudwatch.Alarm;
  readonly latency: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, { config, apiId, route }: { config: StageConfig; apiId: string; route: RouteSpec }) {
    super(scope, id);
    const metrics = routeMetrics(config, apiId, route);
    const { route5xxPercent, routeP99LatencyMs } = config.alarmThresholds;
    this.serverErrors = stageAlarm(this, 'ServerErrors', config, {
      name: `http-${route.id}-5xx`,
      alarmDescription: `${route.method} ${route.path} (${route.id}): more than ${route5xxPercent}% of answers are 5xx`,
      metric: metrics.errorRate,
      threshold: route5xxPercent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      ...sustained(config),
    });
    this.latency = stageAlarm(this, 'Latency', config, {
      name: `http-${route.id}-p99`,
      alarmDescription: `${route.method} ${route.path} (${route.id}): p99 latency above ${routeP99LatencyMs} ms`,
      metric: metrics.latencyP99,
      threshold: routeP99LatencyMs,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      ...sustained(config),
    });
  }
}

/** Per function (route, consumer, job): Lambda refused to run it for lack of concurrency. */
export const throttlesAlarm = (scope: Construct, config: StageConfig, functionName: string) =>
  stageAlarm(scope, 'ThrottlesAlarm', config, {
    name: `${functionName}-throttles`,
    alarmDescription: `${physicalName(config, functionName)} was throttled (account or reserved concurrency exhausted)`,
    metric: functionMetrics(config, functionName).throttles,
    ...anyEvent,
  });

/** Per queue: anything in its DLQ (a failed delivery a user will see). */
export const deadLettersAlarm = (scope: Construct, config: StageConfig, spec: QueueSpec) =>
  stageAlarm(scope, 'DeadLettersAlarm', config, {
    name: `${spec.id}-dlq-not-empty`,
    alarmDescription: `Messages of queue ${spec.id} failed ${spec.maxReceives} times and wait in ${deadLetterQueueName(config, spec.id)}: redrive them (README, Runbook)`,
    metric: queueMetrics(config, spec).deadLetters,
    ...anyEvent,
  });

/** Per queue: an oldest message older than failing alone can make it. */
export const oldestMessageAlarm = (scope: Construct, config: StageConfig, spec: QueueSpec) => {
  const limit = queueAgeLimitSeconds(spec);
  return stageAlarm(scope, 'OldestMessageAlarm', config, {
    name: `${spec.id}-oldest-message`,
    alarmDescription: `Queue ${spec.id} holds a message older than ${limit} s: its consumer is not keeping up (throttled, failing to start, or disabled)`,
    metric: queueMetrics(config, spec).oldestAgeSeconds,
    threshold: limit,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    ...sustained(config),
  });
};

/** Per stream: anything in its failures queue (records whose deliveries were never planned or queued). */
export const streamFailuresAlarm = (scope: Construct, config: StageConfig, spec: StreamSpec) =>
  stageAlarm(scope, 'FailuresAlarm', config, {
    name: `stream-${spec.id}-failures-not-empty`,
    alarmDescription: `Batches of stream ${spec.id} failed ${spec.retryAttempts + 1} times; their positions wait in ${streamFailuresQueueName(config, spec.id)}: replay them (README, Runbook)`,
    metric: streamMetrics(config, spec).failures,
    ...anyEvent,
  });

/** Per stream: its consumer lags further behind the stream than failing batches alone explain. */
export const iteratorAgeAlarm = (scope: Construct, config: StageConfig, spec: StreamSpec, consumerTimeoutSeconds: number) => {
  const limit = streamAgeLimitSeconds(spec, consumerTimeoutSeconds);
  return stageAlarm(scope, 'IteratorAgeAlarm', config, {
    name: `stream-${spec.id}-iterator-age`,
    alarmDescription: `Stream ${spec.id}: its consumer reads records older than ${limit} s (throttled, failing to start, or disabled); the stream keeps them 24 h`,
    metric: streamMetrics(config, spec).iteratorAgeMs,
    threshold: limit * 1000,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    ...sustained(config),
  });
};

/** Per job: a run that failed or was never started. */
export const failedRunsAlarm = (scope: Construct, config: StageConfig, spec: JobSpec) =>
  stageAlarm(scope, 'FailedRunsAlarm', config, {
    name: `job-${spec.id}-failed`,
    alarmDescription: `Scheduled job ${spec.id} (every ${spec.rateMinutes} min) failed or could not be invoked`,
    metric: jobMetrics(config, spec).failedRuns,
    ...anyEvent,
  });

/** Throttled requests on the table or one of its indexes. */
export const tableThrottlesAlarm = (scope: Construct, id: string, config: StageConfig, index?: string) =>
  stageAlarm(scope, id, config, {
    name: index ? `table-${index}-throttles` : 'table-throttles',
    alarmDescription: `DynamoDB throttled requests on ${index ? `index ${index}` : 'the table'}`,
    metric: tableThrottleMetrics(config, index).throttles,
    ...anyEvent,
  });
