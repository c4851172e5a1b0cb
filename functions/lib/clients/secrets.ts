import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let client: SecretsManagerClient | undefined;

/** The Secrets Manager client, created once per cold start on first use (billing functions only). */
export const secrets = () => (client ??= new SecretsManagerClient({}));
