import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * CloudWatch metrics in EMF (a structured log line per invocation, no API call). The namespace comes from
 * POWERTOOLS_METRICS_NAMESPACE (one per stage) and the service from POWERTOOLS_SERVICE_NAME; the middlewares add
 * the route or queue dimension and publish once per invocation.
 */
export const metrics = new Metrics({ serviceName: 'brandslate' });

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
