import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { SESv2Client } from '@aws-sdk/client-sesv2';

/**
 * SDK clients, created once per cold start and only when first used. Endpoints come from the standard
 * AWS_ENDPOINT_URL_* variables, which the local stack points at its emulators.
 */
const once = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

export const dynamo = once(() =>
  DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } }),
);
export const sqs = once(() => new SQSClient({}));
export const ses = once(() => new SESv2Client({}));
