import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { FUNCTION_ENV, PUSH_ENV } from '#lib/config';
import type { StageConfig } from '../stage-config';

/**
 * The stage's VAPID key pair for Web Push: a Secrets Manager secret (JSON `{ "publicKey", "privateKey" }`, from
 * `npx web-push generate-vapid-keys --json`), found by name as the OAuth apps' is; SecretsStack creates it.
 */
export const vapidSecretName = (config: Pick<StageConfig, 'prefix'>) => `${config.prefix}/vapid`;

/**
 * The push variables of a function whose access says `push`: the secret's name (read at run time, never in the
 * template) and the contact the push services see, the app's own https address.
 */
export const pushEnvironment = (config: StageConfig, common: Readonly<Record<string, string>>): Record<string, string> => {
  const appUrl = common[FUNCTION_ENV.appUrl];
  if (!appUrl) throw new Error(`access.push needs ${FUNCTION_ENV.appUrl} among the common variables (the VAPID subject)`);
  return { [PUSH_ENV.secretId]: vapidSecretName(config), [PUSH_ENV.subject]: appUrl };
};

/** GetSecretValue on the VAPID secret only (Secrets Manager appends six random characters to the name in the ARN). */
export const pushStatements = (config: StageConfig): iam.PolicyStatement[] => [
  new iam.PolicyStatement({
    actions: ['secretsmanager:GetSecretValue'],
    resources: [`arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${vapidSecretName(config)}-??????`],
  }),
];
