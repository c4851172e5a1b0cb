import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

/**
 * The password policy, stated once for CDK: at least 8 characters with upper case, lower case, a digit and a
 * symbol. The SPA's sign-up form and the error catalogue's `auth/invalid-password` text say the same.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: true,
  tempPasswordValidity: Duration.days(3),
} as const satisfies cognito.PasswordPolicy;

/** Identity: one user pool (email sign-in, self sign-up, verified email) and the SPA's public client. */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const { config } = props;
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `${config.prefix}-users`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: PASSWORD_POLICY,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: config.cognitoThreatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(config.cognitoThreatProtection && {
        standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      }),
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
    });
    acknowledge(this.userPool, {
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is not part of the product: the SPA signs in with USER_PASSWORD_AUTH (cognito-local has no SRP or MFA) and the spec has no MFA screens; strong passwords and, in prod, threat protection stand in.',
    });
    if (!config.cognitoThreatProtection) {
      acknowledge(this.userPool, {
        id: 'AwsSolutions-COG8',
        reason: `Stage ${config.stage} stays on the Essentials tier to avoid the per-MAU Plus price for test users; prod runs Plus with threat protection enforced.`,
      });
    }

    this.userPoolClient = this.userPool.addClient('SpaClient', {
      userPoolClientName: `${config.prefix}-spa`,
      generateSecret: false,
      authFlows: { userPassword: true },
      // No hosted UI: the SPA signs in through the API (Amplify), so no OAuth flows or callback URLs.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}
