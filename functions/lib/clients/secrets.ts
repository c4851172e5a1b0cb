import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { withoutSdkLogger } from './sdk-logger';

let client: SecretsManagerClient | undefined;

/** The Secrets Manager client, created once per cold start on first use (billing functions only). */
export const secrets = () => (client ??= withoutSdkLogger(new SecretsManagerClient({})));
