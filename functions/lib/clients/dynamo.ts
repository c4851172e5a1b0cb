import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let client: DynamoDBDocumentClient | undefined;

/**
 * The DynamoDB document client, created once per cold start on first use. Its endpoint comes from the standard
 * AWS_ENDPOINT_URL_DYNAMODB variable, which the local stack points at DynamoDB Local. One module per service
 * so a bundle carries only the SDK clients its handler uses.
 */
export const dynamo = () =>
  (client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } }));
