import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRIC, metrics } from '../metrics';
import { withoutSdkLogger } from './sdk-logger';

let client: DynamoDBDocumentClient | undefined;

/**
 * The DynamoDB document client, created once per cold start on first use. Its endpoint comes from the standard
 * AWS_ENDPOINT_URL_DYNAMODB variable, which the local stack points at DynamoDB Local. One module per service
 * so a bundle carries only the SDK clients its handler uses. Each request it sends counts in the invocation's
 * DynamoDBRequests metric (with the route or queue dimension the middleware set).
 */
export const dynamo = () => {
  if (client) return client;
  const base = withoutSdkLogger(new DynamoDBClient({}));
  base.middlewareStack.add(
    (next) => (args) => {
      metrics.addMetric(METRIC.dynamoDbRequests, MetricUnit.Count, 1);
      return next(args);
    },
    { step: 'initialize', name: 'countDynamoDbRequests' },
  );
  client = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  return client;
};
