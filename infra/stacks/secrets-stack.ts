import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/**
 * The stage's KMS key that seals integration secrets (tokens, refresh tokens, webhook signing secrets) at rest
 * (#lib/secrets). Yearly rotation on: KMS keeps the old material, so what was sealed before still opens. Only
 * functions whose access says `secrets` may use it, and only with the workspace and integration as encryption
 * context (AppFunction). Kept in prod: deleting it would make every stored secret unreadable.
 */
export class SecretsStack extends Stack {
  readonly secretsKey: kms.Key;

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
  }
}
