/**
 * Configuration from the environment. A value is read on use, and a missing one throws at once with its name,
 * so a misdeployed Lambda fails on its first request with a clear log line.
 * Nothing here knows whether it runs on AWS or on the local stack: both set the same variables.
 */

/**
 * Not cached: a read is a property lookup, and a process that hosts several functions (the embedded stack) gives
 * each invocation its own environment, which a process-wide cache would leak from one function to the next.
 */
export const requireEnv = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
};

/** The variables every function may read; CDK and the local stack set them by these names. */
export const FUNCTION_ENV = {
  tableName: 'TABLE_NAME',
  appUrl: 'APP_URL',
  emailFrom: 'EMAIL_FROM',
  /** Recordings and attachments: presigned uploads go straight from the browser. */
  uploadsBucket: 'UPLOADS_BUCKET',
  /** Stripe's API base: https://api.stripe.com in AWS, the local Stripe emulator on the local stack. */
  stripeApiUrl: 'STRIPE_API_URL',
} as const;

/**
 * The Stripe keys, only on functions whose access says `stripe`. In AWS the function gets the ARN of the secret
 * (JSON `{ secretKey, webhookSecret }`) and may read it; the local stack sets the two values directly. One path
 * for both: the values when present, else the secret (see #lib/stripe-keys).
 */
export const STRIPE_SECRET_ENV = {
  secretArn: 'STRIPE_SECRET_ARN',
  secretKey: 'STRIPE_SECRET_KEY',
  webhookSecret: 'STRIPE_WEBHOOK_SECRET',
} as const;

/**
 * Sealing integration secrets (#lib/secrets), only on functions whose access says `secrets`. In AWS the function
 * gets the stage's KMS key (SECRETS_KEY_ID); the local stack hands it its own AES-256 key (base64, 32 bytes)
 * instead. One path for both: the KMS key when set, else the local key.
 */
export const SECRETS_ENV = {
  keyId: 'SECRETS_KEY_ID',
  localKey: 'SECRETS_LOCAL_KEY',
} as const;

/**
 * The `host:port` pairs (comma-separated) the guarded outbound fetcher lets through whatever they resolve to.
 * Unset in AWS (only public addresses); the local stack lists its provider fakes there.
 */
export const OUTBOUND_ALLOWLIST_ENV = 'OUTBOUND_ALLOWLIST';

export const config = {
  get tableName() {
    return requireEnv(FUNCTION_ENV.tableName);
  },
  /** The app's public origin, used to build links in emails (invite links). */
  get appUrl() {
    return requireEnv(FUNCTION_ENV.appUrl).replace(/\/$/, '');
  },
  get emailFrom() {
    return requireEnv(FUNCTION_ENV.emailFrom);
  },
  get uploadsBucket() {
    return requireEnv(FUNCTION_ENV.uploadsBucket);
  },
  get stripeApiUrl() {
    return requireEnv(FUNCTION_ENV.stripeApiUrl).replace(/\/$/, '');
  },
  /** Optional: an empty allow-list lets nothing through but public addresses. */
  get outboundAllowlist() {
    return process.env[OUTBOUND_ALLOWLIST_ENV] ?? '';
  },
  /** The KMS key that seals integration secrets, when the function runs in AWS. */
  get secretsKeyId(): string | undefined {
    return process.env[SECRETS_ENV.keyId] || undefined;
  },
  get secretsLocalKey() {
    return requireEnv(SECRETS_ENV.localKey);
  },
};
