import { Stack, type StackProps } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

/** Stripe's API in AWS (the local stack points the same variable at its emulator). */
export const STRIPE_API_URL = 'https://api.stripe.com';

/**
 * Billing: the Secrets Manager secret holding the Stripe keys as JSON `{ "secretKey": "sk_…", "webhookSecret":
 * "whsec_…" }`. CDK creates it with a random placeholder (never a key in the template); the operator puts the real
 * value once (see infra/README.md). Only functions whose access says `stripe` may read it.
 */
export class BillingStack extends Stack {
  readonly stripeSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const { config } = props;
    this.stripeSecret = new secretsmanager.Secret(this, 'StripeKeys', {
      secretName: `${config.prefix}/stripe`,
      description: 'Stripe secret key and webhook signing secret: JSON {"secretKey":"sk_...","webhookSecret":"whsec_..."}',
      removalPolicy: config.removalPolicy,
    });
    acknowledge(this.stripeSecret, {
      id: 'AwsSolutions-SMG4',
      reason:
        'Stripe API keys and webhook signing secrets are issued by Stripe, not by AWS: they are rolled in the Stripe dashboard and put here by the operator, so a Secrets Manager rotation Lambda has nothing to rotate.',
    });
  }
}
