import { SQSClient } from '@aws-sdk/client-sqs';
import { withoutSdkLogger } from './sdk-logger';

let client: SQSClient | undefined;

/** The SQS client, created once per cold start on first use (AWS_ENDPOINT_URL_SQS locally). */
export const sqs = () => (client ??= withoutSdkLogger(new SQSClient({})));
