import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * CloudWatch metrics in EMF (a structured log line per invocation, no API call). The namespace comes from
 * POWERTOOLS_METRICS_NAMESPACE (one per stage) and the service from POWERTOOLS_SERVICE_NAME; the middlewares add
 * the route or queue dimension and publish once per invocation.
 */
let instance: Metrics | undefined;
/**
 * Built on first use, not at import: Metrics reads its namespace from the environment when constructed, and the
 * local stack imports these modules before any function's environment is in place.
 */
export const metrics: Metrics = new Proxy({} as Metrics, {
  get: (_target, property) => {
    instance ??= new Metrics({ serviceName: 'brandslate' });
    const value: unknown = Reflect.get(instance, property, instance);
    return typeof value === 'function' ? value.bind(instance) : value;
  },
});

/** Metric names, written once: the middlewares emit them and the alarms and dashboard read them. */
export const METRIC = {
  latency: 'Latency',
  errors: 'Errors',
  dynamoDbRequests: 'DynamoDBRequests',
  messages: 'Messages',
  failures: 'Failures',
  messageAge: 'MessageAge',
  jobRuns: 'JobRuns',
  jobFailures: 'JobFailures',
} as const;
