import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { OAUTH_APPS, oauthClientEnv } from '#lib/config';
import { acknowledge } from '../nag';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';
import { vapidSecretName } from '../constructs/push-access';

/**
 * The stage's KMS key that seals integration secrets (tokens, refresh tokens, webhook signing secrets) at rest
 * (#lib/secrets). Yearly rotation on: KMS keeps the old material, so what was sealed before still opens. Only
 * functions whose access says `secrets` may use it, and only with the workspace and integration as encryption
 * context (AppFunction). Kept in prod: deleting it would make every stored secret unreadable.
 */
/**
 * The secret holding the OAuth apps Brandslate registers with Google, Atlassian and Slack: JSON with each
 * `<APP>_CLIENT_ID` / `<APP>_CLIENT_SECRET`. Found by name, so the stacks that read it need no cross-stack reference.
 */
export const oauthAppsSecretName = (config: Pick<StageConfig, 'prefix'>) => `${config.prefix}/oauth-apps`;
export const OAUTH_APP_FIELDS = OAUTH_APPS.flatMap((app) => Object.values(oauthClientEnv(app)));

export class SecretsStack extends Stack {
  readonly secretsKey: kms.Key;
  readonly oauthApps: secretsmanager.Secret;
  readonly vapid: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const { config } = props;
    this.secretsKey = new kms.Key(this, 'IntegrationSecretsKey', {
      alias: `alias/${config.prefix}/integration-secrets`,
      description: `Brandslate ${config.stage}: seals integration secrets; each is bound to its workspace and integration by the encryption context`,
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
      pendingWindow: Duration.days(30),
    });
    // Created with every field set to 'unset' (a deploy resolves each field, so each must exist); the operator puts
    // the apps' real values in, then deploys again (see the README runbook).
    this.oauthApps = new secretsmanager.Secret(this, 'OAuthApps', {
      secretName: oauthAppsSecretName(config),
      description: `Brandslate ${config.stage}: OAuth apps (Google, Atlassian, Slack) as JSON: ${OAUTH_APP_FIELDS.join(', ')}`,
      removalPolicy: config.removalPolicy,
      generateSecretString: {
        secretStringTemplate: JSON.stringify(Object.fromEntries(OAUTH_APP_FIELDS.map((field) => [field, 'unset']))),
        generateStringKey: 'generatedAtCreation',
      },
    });
    acknowledge(this.oauthApps, {
      id: 'AwsSolutions-SMG4',
      reason:
        'OAuth client secrets are issued by Google, Atlassian and Slack, not by AWS: they are rolled in those consoles and put here by the operator, so a Secrets Manager rotation Lambda has nothing to rotate.',
    });
    // Web Push's VAPID pair: a P-256 key pair Secrets Manager cannot generate. Created with a placeholder; the operator
    // puts `npx web-push generate-vapid-keys --json` in once (until then the key route answers 503 push_not_configured
    // and the push queue parks its messages, saying why in the log).
    this.vapid = new secretsmanager.Secret(this, 'VapidKeys', {
      secretName: vapidSecretName(config),
      description: `Brandslate ${config.stage}: Web Push VAPID keys as JSON {"publicKey","privateKey"} (npx web-push generate-vapid-keys --json)`,
      removalPolicy: config.removalPolicy,
    });
    acknowledge(this.vapid, {
      id: 'AwsSolutions-SMG4',
      reason:
        'VAPID keys identify the app to the browsers\' push services: every device subscribed with the public key, so rotating it means every device subscribing again. It is rolled deliberately by the operator, not by a rotation Lambda.',
    });
  }
}
