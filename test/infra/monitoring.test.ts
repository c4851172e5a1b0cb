import { afterAll, describe, expect, it } from 'vitest';
import { tableSpec } from '#data/table-spec';
import { jobs } from '#shared/jobs';
import { queues } from '#shared/queues';
import { API_PREFIX, ROUTE_DOMAINS, routeList } from '#shared/routes';
import { streams } from '#shared/streams';
import { streamConsumerTimeout } from '../../infra/constructs/stream-consumer';
import { queueAgeLimitSeconds, streamAgeLimitSeconds } from '../../infra/monitoring/metrics';
import { alarmTopicName, dashboardName, deadLetterQueueName, functionNames, jobRuleName, physicalName, queueName, streamFailuresQueueName, tableName } from '../../infra/names';
import { synthStage, type Synthesized } from './synth';

const dev = synthStage('dev');
const prod = synthStage('prod');
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

type Alarm = { Properties: any };
const alarmsOf = (synth: Synthesized): Record<string, Alarm> =>
  Object.fromEntries(
    synth.allStacks.flatMap((stack) => Object.values(synth.resources(stack, 'AWS::CloudWatch::Alarm')).map((alarm) => [alarm.Properties.AlarmName, alarm])),
  );
const alarmNamed = (synth: Synthesized, name: string) => {
  const alarm = alarmsOf(synth)[physicalName(synth.config, name)];
  expect(alarm, `alarm ${name}`).toBeDefined();
  return alarm.Properties;
};
/** The metrics of an alarm by the id its expression uses them under ('' for an alarm on one metric). */
const metricsOf = (alarm: any): Record<string, { MetricName: string; Namespace: string; Dimensions: Record<string, unknown>; Stat: string }> => {
  const queries: any[] = alarm.Metrics ?? [];
  const single = !queries.some((query) => query.Expression);
  return Object.fromEntries(
    queries
      .filter((query) => query.MetricStat)
      .map((query) => [
        single ? '' : query.Id,
        {
          MetricName: query.MetricStat.Metric.MetricName,
          Namespace: query.MetricStat.Metric.Namespace,
          Dimensions: dimensions(query.MetricStat.Metric.Dimensions),
          Stat: query.MetricStat.Stat,
        },
      ]),
  );
};
const dimensions = (list: { Name: string; Value: unknown }[] = []) => Object.fromEntries(list.map((d) => [d.Name, d.Value]));

const functionCount = routeList.length + queues.length + jobs.length + streams.length;
const indexes = Object.keys(tableSpec.indexes);

describe.each([
  ['dev', dev],
  ['prod', prod],
] as const)('alarms of %s, generated from the tables', (_stage, synth) => {
  const { config } = synth;
  const thresholds = config.alarmThresholds;

  it('has per route 5xx + p99, per function throttles, per queue DLQ + oldest message, per job failed runs, per stream failures + iterator age, per table/index throttles — and nothing else', () => {
    const expected = routeList.length * 2 + functionCount + queues.length * 2 + jobs.length + streams.length * 2 + 1 + indexes.length;
    expect(Object.keys(alarmsOf(synth))).toHaveLength(expected);
  });

  it('sends every alarm and its recovery to the stage’s alarm topic, by name', () => {
    for (const [name, alarm] of Object.entries(alarmsOf(synth))) {
      expect(name.startsWith(`${config.prefix}-`)).toBe(true);
      for (const actions of [alarm.Properties.AlarmActions, alarm.Properties.OKActions]) {
        expect(actions, name).toHaveLength(1);
        expect(JSON.stringify(actions[0]), name).toMatch(new RegExp(`:sns:.*:${alarmTopicName(config)}"`));
      }
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    }
  });

  it.each(routeList.map((route) => [route.id, route] as const))('route %s: 5xx rate and p99 latency at API Gateway', (id, route) => {
    const apiDimensions = { Stage: '$default', Method: route.method, Resource: `${API_PREFIX}${route.path}` };
    const errors = alarmNamed(synth, `http-${id}-5xx`);
    expect(errors).toMatchObject({ Threshold: thresholds.route5xxPercent, ComparisonOperator: 'GreaterThanThreshold' });
    expect(errors).toMatchObject({ EvaluationPeriods: thresholds.evaluationPeriods, DatapointsToAlarm: thresholds.datapointsToAlarm });
    const errorMetrics = metricsOf(errors);
    expect(errorMetrics.requests).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: 'Count', Dimensions: apiDimensions });
    expect(errorMetrics.errors).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: '5xx', Dimensions: apiDimensions });
    expect(errors.Metrics.find((m: any) => m.ReturnData !== false).Expression).toContain('100 * FILL(errors, 0) / requests');

    const latency = alarmNamed(synth, `http-${id}-p99`);
    expect(latency).toMatchObject({ Threshold: thresholds.routeP99LatencyMs, ComparisonOperator: 'GreaterThanThreshold' });
    expect(metricsOf(latency)['']).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: 'Latency', Stat: 'p99', Dimensions: apiDimensions });
    // The API's id, read from the web stack that owns the API.
    expect(JSON.stringify(metricsOf(latency)[''].Dimensions.ApiId)).toContain(synth.stacks.web.stackName);
  });

  it('alarms on throttles of every function (routes, consumers, jobs, stream consumers)', () => {
    const names = [
      ...routeList.map((route) => functionNames.route(route.id)),
      ...queues.map((spec) => functionNames.queueConsumer(spec.id)),
      ...jobs.map((spec) => functionNames.job(spec.id)),
      ...streams.map((spec) => functionNames.streamConsumer(spec.id)),
    ];
    for (const name of names) {
      const alarm = alarmNamed(synth, `${name}-throttles`);
      expect(metricsOf(alarm)['']).toEqual({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Dimensions: { FunctionName: physicalName(config, name) }, Stat: 'Sum' });
      expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    }
  });

  it.each(queues.map((spec) => [spec.id, spec] as const))('queue %s: DLQ depth and oldest message age', (id, spec) => {
    const dlq = alarmNamed(synth, `${id}-dlq-not-empty`);
    expect(metricsOf(dlq)['']).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Dimensions: { QueueName: deadLetterQueueName(config, id) } });
    expect(dlq).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    const age = alarmNamed(synth, `${id}-oldest-message`);
    expect(metricsOf(age)['']).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateAgeOfOldestMessage', Dimensions: { QueueName: queueName(config, id) } });
    // Older than a message that fails every receive can get before it moves to the DLQ.
    expect(age.Threshold).toBe(queueAgeLimitSeconds(spec));
    expect(age.Threshold).toBeGreaterThan(spec.visibilityTimeoutSeconds * spec.maxReceives);
  });

  it.each(streams.map((spec) => [spec.id, spec] as const))('stream %s: anything in its failures queue, and its consumer lagging', (id, spec) => {
    const failures = alarmNamed(synth, `stream-${id}-failures-not-empty`);
    expect(metricsOf(failures)['']).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: { QueueName: streamFailuresQueueName(config, id) },
    });
    expect(failures).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
    const age = alarmNamed(synth, `stream-${id}-iterator-age`);
    expect(metricsOf(age)['']).toEqual({
      Namespace: 'AWS/Lambda',
      MetricName: 'IteratorAge',
      Dimensions: { FunctionName: physicalName(config, functionNames.streamConsumer(id)) },
      Stat: 'Maximum',
    });
    expect(age).toMatchObject({ ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: thresholds.evaluationPeriods, DatapointsToAlarm: thresholds.datapointsToAlarm });
    // IteratorAge is in ms. A batch that keeps failing holds its shard for every retry before it moves to the
    // failures queue (its own alarm), so the lag alarm waits longer than that, and far less than the stream's 24 h.
    expect(age.Threshold).toBe(streamAgeLimitSeconds(spec, streamConsumerTimeout.toSeconds()) * 1000);
    expect(age.Threshold).toBeGreaterThan(streamConsumerTimeout.toMilliseconds() * (spec.retryAttempts + 1));
    expect(age.Threshold).toBeLessThan(3600 * 1000);
  });

  it.each(jobs.map((spec) => [spec.id, spec] as const))('job %s: a failed or missed run', (id) => {
    const alarm = alarmNamed(synth, `job-${id}-failed`);
    const metrics = metricsOf(alarm);
    expect(metrics.errors).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Dimensions: { FunctionName: physicalName(config, functionNames.job(id)) } });
    expect(metrics.failedInvocations).toMatchObject({ Namespace: 'AWS/Events', MetricName: 'FailedInvocations', Dimensions: { RuleName: jobRuleName(config, id) } });
    expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
  });

  it('alarms on throttled reads and writes of the table and of each index', () => {
    for (const index of [undefined, ...indexes]) {
      const metrics = metricsOf(alarmNamed(synth, index ? `table-${index}-throttles` : 'table-throttles'));
      const expectedDimensions = { TableName: tableName(config), ...(index && { GlobalSecondaryIndexName: index }) };
      expect(metrics.reads).toMatchObject({ Namespace: 'AWS/DynamoDB', MetricName: 'ReadThrottleEvents', Dimensions: expectedDimensions });
      expect(metrics.writes).toMatchObject({ Namespace: 'AWS/DynamoDB', MetricName: 'WriteThrottleEvents', Dimensions: expectedDimensions });
    }
  });
});

describe('the alarm topic', () => {
  it('is one encrypted, TLS-only topic mailed to the stage’s alarm address, which CloudWatch alarms of the stage may publish to', () => {
    for (const synth of [dev, prod]) {
      const topics = Object.entries(synth.resources('monitoring', 'AWS::SNS::Topic'));
      expect(topics).toHaveLength(1);
      const [topicId, topic] = topics[0];
      expect(topic.Properties.TopicName).toBe(alarmTopicName(synth.config));
      expect(topic.Properties.KmsMasterKeyId).toBeDefined();
      const [subscription] = Object.values(synth.resources('monitoring', 'AWS::SNS::Subscription'));
      expect(subscription.Properties).toMatchObject({ Protocol: 'email', Endpoint: synth.config.alarmEmail, TopicArn: { Ref: topicId } });
      const statements = Object.values(synth.resources('monitoring', 'AWS::SNS::TopicPolicy')).flatMap((p) => p.Properties.PolicyDocument.Statement);
      expect(statements).toContainEqual(expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
      expect(statements).toContainEqual(
        expect.objectContaining({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'cloudwatch.amazonaws.com' }, Condition: expect.objectContaining({ StringEquals: expect.anything() }) }),
      );
      const [key] = Object.values(synth.resources('monitoring', 'AWS::KMS::Key'));
      expect(key.Properties.EnableKeyRotation).toBe(true);
      expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    }
    expect(dev.config.alarmEmail).not.toBe(prod.config.alarmEmail);
  });

  it('is referenced by no other stack (alarms name it), and the HTTP API stage publishes route metrics for the alarms', () => {
    for (const stack of dev.allStacks.filter((s) => s !== dev.stacks.monitoring)) {
      expect(JSON.stringify(dev.template(stack).toJSON()), stack.stackName).not.toContain(`"StackName":"${dev.stacks.monitoring.stackName}"`);
      // Deployed after the topic exists, so no alarm ever points at a topic that is not there yet.
      if (Object.keys(dev.resources(stack, 'AWS::CloudWatch::Alarm')).length > 0) expect(stack.dependencies, stack.stackName).toContain(dev.stacks.monitoring);
    }
    dev.template('web').hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: '$default', DefaultRouteSettings: { DetailedMetricsEnabled: true } });
  });
});

describe('the dashboard', () => {
  const [dashboard] = Object.values(dev.resources('monitoring', 'AWS::CloudWatch::Dashboard'));
  const body = JSON.stringify(dashboard.Properties.DashboardBody);

  it('is one dashboard per stage with a row per route domain, plus the API, queues, stream consumers, jobs and table', () => {
    expect(dashboard.Properties.DashboardName).toBe(dashboardName(dev.config));
    for (const domain of ROUTE_DOMAINS) {
      for (const widget of ['5xx per route', 'p99 latency per route', 'throttled invocations', 'DynamoDB requests per route']) expect(body).toContain(`${domain}: ${widget}`);
    }
    const graphs = body.match(/\\"type\\":\\"metric\\"/g) ?? [];
    expect(graphs).toHaveLength(2 + ROUTE_DOMAINS.length * 4 + (queues.length > 0 ? 3 : 0) + (streams.length > 0 ? 2 : 0) + (jobs.length > 0 ? 3 : 0) + 2);
  });

  it('shows the same series the alarms watch: every route, queue, stream, job and index', () => {
    for (const route of routeList) {
      expect(body).toContain(`${route.id} 5xx`);
      expect(body).toContain(`${route.id} p99`);
      expect(body).toContain(`${route.id} DynamoDB requests`);
      expect(body).toContain(`${API_PREFIX}${route.path}`);
    }
    for (const spec of queues) for (const series of [`${spec.id} waiting`, `${spec.id} oldest (s)`, `${spec.id} in DLQ`]) expect(body).toContain(series);
    for (const spec of streams) {
      for (const series of [`${spec.id} iterator age (ms)`, `${spec.id} failed batches`, `${physicalName(dev.config, functionNames.streamConsumer(spec.id))}`]) expect(body).toContain(series);
    }
    for (const spec of jobs) for (const series of [`${spec.id} not invoked`, `${physicalName(dev.config, functionNames.job(spec.id))}`]) expect(body).toContain(series);
    for (const index of indexes) expect(body).toContain(`${index} read throttles`);
  });
});
