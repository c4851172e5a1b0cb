import type { MiddlewareObj } from '@middy/core';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC, metrics } from '../metrics';

type Timed = { response?: unknown; error?: unknown };

/**
 * Per-route metrics: latency and server errors (5xx) with a `route` dimension; the DynamoDB client adds its request
 * count to the same invocation (#lib/clients/dynamo). Registered before the error map, so an error has become its
 * answer (and status) when this runs; publishes once per invocation.
 */
export const routeMetrics = (routeId: string): MiddlewareObj<unknown, { statusCode?: number } | null> => {
  const startedAt = new WeakMap<object, number>();
  const publish = (request: Timed & { response: { statusCode?: number } | null }) => {
    const started = startedAt.get(request);
    if (started !== undefined) metrics.addMetric(METRIC.latency, MetricUnit.Milliseconds, performance.now() - started);
    metrics.addMetric(METRIC.errors, MetricUnit.Count, (request.response?.statusCode ?? 500) >= 500 ? 1 : 0);
    metrics.publishStoredMetrics();
  };
  return {
    name: 'routeMetrics',
    before: (request) => {
      metrics.addDimension('route', routeId);
      startedAt.set(request, performance.now());
    },
    after: publish,
    onError: publish,
  };
};
