import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { METRIC } from '#lib/metrics';
import type { JobSpec } from '#shared/jobs';
import type { QueueSpec } from '#shared/queues';
import { API_PREFIX, type RouteSpec } from '#shared/routes';
import type { StreamSpec } from '#shared/streams';
import { API_STAGE_NAME, deadLetterQueueName, functionNames, jobRuleName, physicalName, queueName, streamFailuresQueueName, tableName } from '../names';
import type { StageConfig } from '../stage-config';
import { metricsNamespace, POWERTOOLS_SERVICE } from './powertools';

/**
 * The metrics the alarms and the dashboard read, built from the route, queue, job and table specs and the
 * stage's physical names (infra/names.ts), so both show exactly the same series and no stack needs another
 * stack's resources to name them.
 */

const period = (config: StageConfig) => Duration.minutes(config.alarmThresholds.periodMinutes);

const metric = (config: StageConfig, namespace: string, metricName: string, dimensionsMap: Record<string, string>, statistic = 'Sum', label?: string) =>
  new cloudwatch.Metric({ namespace, metricName, dimensionsMap, statistic, period: period(config), label });

/**
 * One route at API Gateway (route-level dimensions exist because the stage enables detailed metrics): what the
 * caller saw, including the answers the authorizer and the gateway make and a function's unhandled crash.
 */
export const routeMetrics = (config: StageConfig, apiId: string, route: RouteSpec) => {
  const dimensions = { ApiId: apiId, Stage: API_STAGE_NAME, Method: route.method, Resource: `${API_PREFIX}${route.path}` };
  const requests = metric(config, 'AWS/ApiGateway', 'Count', dimensions, 'SampleCount', `${route.id} requests`);
  const errors = metric(config, 'AWS/ApiGateway', '5xx', dimensions, 'Sum', `${route.id} 5xx`);
  return {
    requests,
    errors,
    /** 5xx answers in percent of requests; 0 without traffic, so an idle route never alarms. */
    errorRate: new cloudwatch.MathExpression({
      expression: 'IF(requests > 0, 100 * FILL(errors, 0) / requests, 0)',
      usingMetrics: { requests, errors },
      label: `${route.id} 5xx %`,
      period: period(config),
    }),
    latencyP99: metric(config, 'AWS/ApiGateway', 'Latency', dimensions, 'p99', `${route.id} p99`),
  };
};

/** What a route's handler reports itself through Powertools (EMF): the DynamoDB requests it made. */
export const routeHandlerMetrics = (config: StageConfig, route: RouteSpec) => ({
  dynamoDbRequests: metric(
    config,
    metricsNamespace(config),
    METRIC.dynamoDbRequests,
    { service: POWERTOOLS_SERVICE, route: route.id },
    'Sum',
    `${route.id} DynamoDB requests`,
  ),
});

/** The stage's whole API (every route, also the ones no route matched). */
export const apiMetrics = (config: StageConfig, apiId: string) => {
  const dimensions = { ApiId: apiId, Stage: API_STAGE_NAME };
  return {
    requests: metric(config, 'AWS/ApiGateway', 'Count', dimensions, 'SampleCount', 'requests'),
    clientErrors: metric(config, 'AWS/ApiGateway', '4xx', dimensions, 'Sum', '4xx'),
    serverErrors: metric(config, 'AWS/ApiGateway', '5xx', dimensions, 'Sum', '5xx'),
    latencyP99: metric(config, 'AWS/ApiGateway', 'Latency', dimensions, 'p99', 'p99 latency'),
  };
};

/** One Lambda by its physical name (`<prefix>-<name>`, name from functionNames). */
export const functionMetrics = (config: StageConfig, name: string) => {
  const dimensions = { FunctionName: physicalName(config, name) };
  return {
    throttles: metric(config, 'AWS/Lambda', 'Throttles', dimensions, 'Sum', `${name} throttles`),
    errors: metric(config, 'AWS/Lambda', 'Errors', dimensions, 'Sum', `${name} errors`),
    invocations: metric(config, 'AWS/Lambda', 'Invocations', dimensions, 'Sum', `${name} invocations`),
  };
};

/** One queue-table entry: its queue and its DLQ. */
export const queueMetrics = (config: StageConfig, spec: Pick<QueueSpec, 'id'>) => {
  const queue = { QueueName: queueName(config, spec.id) };
  const dlq = { QueueName: deadLetterQueueName(config, spec.id) };
  return {
    visible: metric(config, 'AWS/SQS', 'ApproximateNumberOfMessagesVisible', queue, 'Maximum', `${spec.id} waiting`),
    oldestAgeSeconds: metric(config, 'AWS/SQS', 'ApproximateAgeOfOldestMessage', queue, 'Maximum', `${spec.id} oldest (s)`),
    deadLetters: metric(config, 'AWS/SQS', 'ApproximateNumberOfMessagesVisible', dlq, 'Maximum', `${spec.id} in DLQ`),
  };
};

/**
 * The age past which a queue's oldest message means its consumer is not keeping up: a message that merely
 * keeps failing is received `maxReceives` times, one visibility timeout apart, and then moves to the DLQ (its
 * own alarm), so it never gets older than that.
 */
export const queueAgeLimitSeconds = (spec: Pick<QueueSpec, 'visibilityTimeoutSeconds' | 'maxReceives'>) =>
  spec.visibilityTimeoutSeconds * (spec.maxReceives + 1);

/** One stream-table entry: how far its consumer lags behind the stream, and the batches it gave up on. */
export const streamMetrics = (config: StageConfig, spec: Pick<StreamSpec, 'id'>) => ({
  iteratorAgeMs: metric(
    config,
    'AWS/Lambda',
    'IteratorAge',
    { FunctionName: physicalName(config, functionNames.streamConsumer(spec.id)) },
    'Maximum',
    `${spec.id} iterator age (ms)`,
  ),
  failures: metric(config, 'AWS/SQS', 'ApproximateNumberOfMessagesVisible', { QueueName: streamFailuresQueueName(config, spec.id) }, 'Maximum', `${spec.id} failed batches`),
});

/**
 * The lag past which a stream's consumer is not keeping up: a failing batch blocks its shard for at most
 * `retryAttempts + 1` runs of the consumer (then it goes to the failures queue, its own alarm), and bisecting it
 * at most doubles that; a record older than this waits behind something else (throttles, a disabled mapping).
 * The stream keeps records 24 h, so this must fire long before.
 */
export const streamAgeLimitSeconds = (spec: Pick<StreamSpec, 'retryAttempts'>, consumerTimeoutSeconds: number) =>
  2 * consumerTimeoutSeconds * (spec.retryAttempts + 1);

/** One job-table entry: a run fails when its function errs or EventBridge cannot invoke it at all. */
export const jobMetrics = (config: StageConfig, spec: Pick<JobSpec, 'id'>) => {
  const errors = functionMetrics(config, functionNames.job(spec.id)).errors;
  const failedInvocations = metric(config, 'AWS/Events', 'FailedInvocations', { RuleName: jobRuleName(config, spec.id) }, 'Sum', `${spec.id} not invoked`);
  return {
    errors,
    failedInvocations,
    failedRuns: new cloudwatch.MathExpression({
      expression: 'FILL(errors, 0) + FILL(failedInvocations, 0)',
      usingMetrics: { errors, failedInvocations },
      label: `${spec.id} failed runs`,
      period: period(config),
    }),
  };
};

/** Throttled reads and writes on the table (index undefined) or one of its global secondary indexes. */
export const tableThrottleMetrics = (config: StageConfig, index?: string) => {
  const dimensions = { TableName: tableName(config), ...(index && { GlobalSecondaryIndexName: index }) };
  const what = index ?? 'table';
  const reads = metric(config, 'AWS/DynamoDB', 'ReadThrottleEvents', dimensions, 'Sum', `${what} read throttles`);
  const writes = metric(config, 'AWS/DynamoDB', 'WriteThrottleEvents', dimensions, 'Sum', `${what} write throttles`);
  return {
    reads,
    writes,
    throttles: new cloudwatch.MathExpression({
      expression: 'FILL(reads, 0) + FILL(writes, 0)',
      usingMetrics: { reads, writes },
      label: `${what} throttles`,
      period: period(config),
    }),
  };
};
