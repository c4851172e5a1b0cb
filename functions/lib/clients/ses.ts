import { SESv2Client } from '@aws-sdk/client-sesv2';
import { withoutSdkLogger } from './sdk-logger';

let client: SESv2Client | undefined;

/** The SES v2 client, created once per cold start on first use (AWS_ENDPOINT_URL_SESV2 locally: the mail catcher). */
export const ses = () => (client ??= withoutSdkLogger(new SESv2Client({})));
