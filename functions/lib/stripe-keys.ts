import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secrets } from './clients/secrets';
import { STRIPE_SECRET_ENV } from './config';

export type StripeKeys = { secretKey: string; webhookSecret: string };

/** Where the keys come from; injectable so the rule is tested without AWS. */
export type StripeKeySources = {
  env: Readonly<Record<string, string | undefined>>;
  readSecret: (arn: string) => Promise<string | undefined>;
};

/**
 * The Stripe secret key and webhook signing secret. One path wherever the function runs: both values from the
 * environment when present (the local stack sets them), else the Secrets Manager secret whose ARN CDK passes
 * (JSON `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`). Never logged.
 */
export const resolveStripeKeys = async ({ env, readSecret }: StripeKeySources): Promise<StripeKeys> => {
  const secretKey = env[STRIPE_SECRET_ENV.secretKey];
  const webhookSecret = env[STRIPE_SECRET_ENV.webhookSecret];
  if (secretKey && webhookSecret) return { secretKey, webhookSecret };
  const arn = env[STRIPE_SECRET_ENV.secretArn];
  if (!arn) {
    throw new Error(
      `Missing Stripe keys: set ${STRIPE_SECRET_ENV.secretArn} (AWS) or ${STRIPE_SECRET_ENV.secretKey} and ${STRIPE_SECRET_ENV.webhookSecret}`,
    );
  }
  const text = await readSecret(arn);
  let parsed: Partial<StripeKeys> = {};
  try {
    parsed = JSON.parse(text ?? '') as Partial<StripeKeys>;
  } catch {
    // Reported below without echoing the value.
  }
  if (typeof parsed.secretKey !== 'string' || !parsed.secretKey || typeof parsed.webhookSecret !== 'string' || !parsed.webhookSecret) {
    throw new Error(`The Stripe secret ${arn} must be JSON with non-empty "secretKey" and "webhookSecret"`);
  }
  return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
};

let keys: Promise<StripeKeys> | undefined;

/** The keys, fetched once per cold start (a failed fetch is retried on the next call). */
export const stripeKeys = (): Promise<StripeKeys> => {
  keys ??= resolveStripeKeys({
    env: process.env,
    readSecret: async (arn) => (await secrets().send(new GetSecretValueCommand({ SecretId: arn }))).SecretString,
  });
  keys.catch(() => (keys = undefined));
  return keys;
};
