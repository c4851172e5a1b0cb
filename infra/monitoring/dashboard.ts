import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import type { JobSpec } from '#shared/jobs';
import type { QueueSpec } from '#shared/queues';
import type { RouteSpec } from '#shared/routes';
import type { StreamSpec } from '#shared/streams';
import { alarmTopicName, dashboardName, functionNames } from '../names';
import type { StageConfig } from '../stage-config';
import { apiMetrics, functionMetrics, jobMetrics, queueAgeLimitSeconds, queueMetrics, routeHandlerMetrics, routeMetrics, streamAgeLimitSeconds, streamMetrics, tableThrottleMetrics } from './metrics';

export type DashboardSources = {
  config: StageConfig;
  apiId: string;
  /** Routes by domain: one row of widgets each. */
  routeGroups: Readonly<Record<string, readonly RouteSpec[]>>;
  queues: readonly QueueSpec[];
  jobs: readonly JobSpec[];
  /** With the timeout of their consumers, which the iterator age alarm is derived from. */
  streams: readonly StreamSpec[];
  streamConsumerTimeoutSeconds: number;
  indexes: readonly string[];
};

const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) =>
  new cloudwatch.GraphWidget({ title, left, width: 8, height: 6, legendPosition: cloudwatch.LegendPosition.RIGHT, ...extra });

/**
 * The stage's dashboard, one widget per concern and the same metrics as the alarms: the API as a whole, then a
 * row per route domain (5xx and p99 per route at API Gateway, throttles of its functions, the DynamoDB requests its
 * handlers report), the queues, the stream consumers, the jobs and the table.
 */
export const stageDashboard = (scope: Construct, id: string, sources: DashboardSources) => {
  const { config, apiId } = sources;
  const { route5xxPercent, routeP99LatencyMs } = config.alarmThresholds;
  const dashboard = new cloudwatch.Dashboard(scope, id, {
    dashboardName: dashboardName(config),
  });
  const api = apiMetrics(config, apiId);
  dashboard.addWidgets(
    new cloudwatch.TextWidget({
      markdown: [
        `# Brandslate ${config.stage}`,
        `Alarms notify \`${alarmTopicName(config)}\`: a route alarms above ${route5xxPercent}% 5xx or ${routeP99LatencyMs} ms p99.`,
        'Logs and traces of one request: README, Runbook.',
      ].join('\n\n'),
      width: 24,
      height: 2,
    }),
    graph('API requests and errors', [api.requests], { right: [api.clientErrors, api.serverErrors] }),
    graph('API p99 latency (ms)', [api.latencyP99], { leftAnnotations: [{ value: routeP99LatencyMs, label: 'route alarm' }] }),
  );
  for (const [domain, routes] of Object.entries(sources.routeGroups)) {
    const metrics = routes.map((route) => routeMetrics(config, apiId, route));
    dashboard.addWidgets(
      graph(`${domain}: 5xx per route`, metrics.map((m) => m.errors)),
      graph(`${domain}: p99 latency per route (ms)`, metrics.map((m) => m.latencyP99), {
        leftAnnotations: [{ value: routeP99LatencyMs, label: 'alarm' }],
      }),
      graph(`${domain}: throttled invocations`, routes.map((route) => functionMetrics(config, functionNames.route(route.id)).throttles), { width: 4 }),
      graph(`${domain}: DynamoDB requests per route`, routes.map((route) => routeHandlerMetrics(config, route).dynamoDbRequests), { width: 4 }),
    );
  }
  if (sources.queues.length > 0) {
    dashboard.addWidgets(
      graph('Queues: waiting messages', sources.queues.map((spec) => queueMetrics(config, spec).visible)),
      graph('Queues: oldest message (s)', sources.queues.map((spec) => queueMetrics(config, spec).oldestAgeSeconds), {
        leftAnnotations: sources.queues.map((spec) => ({ value: queueAgeLimitSeconds(spec), label: `${spec.id} alarm` })),
      }),
      graph('Queues: dead letters', sources.queues.map((spec) => queueMetrics(config, spec).deadLetters), {
        right: sources.queues.map((spec) => functionMetrics(config, functionNames.queueConsumer(spec.id)).throttles),
      }),
    );
  }
  if (sources.streams.length > 0) {
    dashboard.addWidgets(
      graph('Streams: iterator age (ms)', sources.streams.map((spec) => streamMetrics(config, spec).iteratorAgeMs), {
        width: 12,
        leftAnnotations: sources.streams.map((spec) => ({ value: streamAgeLimitSeconds(spec, sources.streamConsumerTimeoutSeconds) * 1000, label: `${spec.id} alarm` })),
      }),
      graph('Streams: failed batches', sources.streams.map((spec) => streamMetrics(config, spec).failures), {
        width: 12,
        right: sources.streams.map((spec) => functionMetrics(config, functionNames.streamConsumer(spec.id)).throttles),
      }),
    );
  }
  if (sources.jobs.length > 0) {
    dashboard.addWidgets(
      graph('Jobs: runs', sources.jobs.map((spec) => functionMetrics(config, functionNames.job(spec.id)).invocations)),
      graph('Jobs: failed and missed runs', sources.jobs.flatMap((spec) => [jobMetrics(config, spec).errors, jobMetrics(config, spec).failedInvocations])),
      graph('Jobs: throttled invocations', sources.jobs.map((spec) => functionMetrics(config, functionNames.job(spec.id)).throttles)),
    );
  }
  const table = [undefined, ...sources.indexes].map((index) => tableThrottleMetrics(config, index));
  dashboard.addWidgets(
    graph('Table: throttled reads', table.map((t) => t.reads), { width: 12 }),
    graph('Table: throttled writes', table.map((t) => t.writes), { width: 12 }),
  );
  return dashboard;
};
