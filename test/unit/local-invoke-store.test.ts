import { InvokeStore } from '@aws/lambda-invoke-store';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operatorEnvironment, type Endpoints } from '../../local/env';
import { createLocalFunctions, type LocalFunctions } from '../../local/functions';
import { everyQueueUrl } from '../support/local-endpoints';

/**
 * The AWS SDK asks for Lambda's InvokeStore on its first request, without asking for the concurrent one, and the
 * store answers every later caller with the instance it made first. On the local stack the SDK's first request
 * (provisioning the table) comes before the functions are set up, so concurrent invocations once shared one
 * context and Powertools published one request's metrics under another's route.
 */
describe('local invocations after an SDK request made the single-invocation store', () => {
  let functions: LocalFunctions;
  const endpoints: Endpoints = {
    gateway: 'http://127.0.0.1:3000',
    dynamodb: 'http://127.0.0.1:1',
    s3: 'http://127.0.0.1:1',
    sqs: 'http://127.0.0.1:1',
    ...everyQueueUrl('http://127.0.0.1:1'),
    stripe: { apiUrl: 'http://127.0.0.1:1', secretKey: 'sk_test_unit', webhookSecret: 'whsec_unit' },
    secrets: { localKey: Buffer.alloc(32, 7).toString('base64') },
  };

  beforeAll(async () => {
    // What the SDK's recursion-detection middleware does on a client's first request.
    await InvokeStore.getInstanceAsync();
    Object.assign(process.env, operatorEnvironment(endpoints));
    functions = createLocalFunctions()(endpoints);
  });
  afterAll(() => vi.restoreAllMocks());

  const invoke = <R>(id: string, body: (requestId: string) => Promise<R>) =>
    functions.define('http', id, { table: 'read' }).invoke(async (_event, context) => body(context.awsRequestId), {});

  it('each invocation keeps its own request id across awaits', async () => {
    const run = (delayMs: number) =>
      invoke('ids', async (requestId) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return { requestId, seen: globalThis.awslambda?.InvokeStore?.getRequestId() };
      });
    const answers = await Promise.all([run(30), run(5), run(15)]);
    for (const { requestId, seen } of answers) expect(seen).toBe(requestId);
  });

  it("each invocation publishes its own metrics under its own dimension", async () => {
    process.env.POWERTOOLS_METRICS_DISABLED = 'false';
    const metrics = new Metrics({ namespace: 'Unit', serviceName: 'unit' });
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const run = (route: string, delayMs: number) =>
      invoke(`metrics-${route}`, async () => {
        metrics.addDimension('route', route);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        metrics.addMetric('Latency', MetricUnit.Milliseconds, delayMs);
        metrics.publishStoredMetrics();
      });
    await Promise.all([run('a', 30), run('b', 5), run('c', 15)]);
    vi.restoreAllMocks();
    const published = lines.filter((line) => line.includes('"_aws"')).map((line) => JSON.parse(line) as { route?: string; Latency: number });
    expect(published.map(({ route, Latency }) => [route, Latency]).sort()).toEqual([['a', 30], ['b', 5], ['c', 15]]);
  });
});
