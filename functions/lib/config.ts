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
 * The AI provider, only on functions whose access says `ai` (shared/access.ts). Per stage (infra/stage-config.ts;
 * the local stack points it at its emulator): provider `bedrock` | `openai` | `local`, the model id, the base URL
 * of an OpenAI-compatible endpoint, the call timeout, the per-workspace rate limit and optional monthly token
 * budgets per plan (JSON `{ "FREE": 200000, … }`, else shared/plans.ts). The OpenAI key: AI_API_KEY where the
 * value is handed over directly (local stack), else the Secrets Manager secret AI_SECRET_ID (name or ARN; JSON `{ "apiKey" }`).
 */
export const AI_ENV = {
  provider: 'AI_PROVIDER',
  model: 'AI_MODEL',
  baseUrl: 'AI_BASE_URL',
  timeoutMs: 'AI_TIMEOUT_MS',
  ratePerMinute: 'AI_RATE_LIMIT_PER_MINUTE',
  monthlyTokens: 'AI_MONTHLY_TOKENS',
  apiKey: 'AI_API_KEY',
  secretId: 'AI_SECRET_ID',
} as const;

/**
 * The build and stage, only on functions whose access says `health` (the developer page): CDK writes them at
 * synth (package version, git commit, time), the local stack at start.
 */
export const HEALTH_ENV = {
  stage: 'APP_STAGE',
  version: 'APP_VERSION',
  commit: 'APP_COMMIT',
  builtAt: 'APP_BUILT_AT',
  /** The identity provider's endpoint the developer page probes (the regional Cognito endpoint in AWS). */
  identityUrl: 'IDENTITY_URL',
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
 * Web Push, only on functions whose access says `push`: the stage's VAPID key pair (base64url, as web-push writes
 * it) and the contact the push services see (a mailto: or https: URL). In AWS the function gets the Secrets
 * Manager secret's name (JSON `{ "publicKey", "privateKey" }`, put there once by the operator); the local stack
 * hands the keys over directly (kept in its data folder). One path for both: the keys when set, else the secret.
 */
export const PUSH_ENV = {
  secretId: 'VAPID_SECRET_ID',
  publicKey: 'VAPID_PUBLIC_KEY',
  privateKey: 'VAPID_PRIVATE_KEY',
  subject: 'VAPID_SUBJECT',
} as const;

/**
 * The `host:port` pairs (comma-separated) the guarded outbound fetcher lets through whatever they resolve to.
 * Unset in AWS (only public addresses); the local stack lists its provider fakes there.
 */
export const OUTBOUND_ALLOWLIST_ENV = 'OUTBOUND_ALLOWLIST';

/**
 * Multiplies every wait of the delivery retry schedule (optional, default 1). The local stack's tests run the
 * day-long schedule in seconds with it; never set in AWS.
 */
export const DELIVERY_RETRY_SCALE_ENV = 'DELIVERY_RETRY_SCALE';

/**
 * The length of a person's notification email window in seconds (optional, default 60): events that arrive in
 * one window leave in one email. Tests shorten it; never set in AWS.
 */
export const NOTIFICATION_DIGEST_SECONDS_ENV = 'NOTIFICATION_DIGEST_SECONDS';

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
  get deliveryRetryScale() {
    const raw = process.env[DELIVERY_RETRY_SCALE_ENV];
    if (!raw) return 1;
    const scale = Number(raw);
    if (!Number.isFinite(scale) || scale <= 0) throw new Error(`${DELIVERY_RETRY_SCALE_ENV} must be a positive number, not ${raw}`);
    return scale;
  },
  get notificationDigestSeconds() {
    const raw = process.env[NOTIFICATION_DIGEST_SECONDS_ENV];
    if (!raw) return 60;
    const seconds = Number(raw);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 600) throw new Error(`${NOTIFICATION_DIGEST_SECONDS_ENV} must be a whole number of seconds from 1 to 600, not ${raw}`);
    return seconds;
  },
  get secretsLocalKey() {
    return requireEnv(SECRETS_ENV.localKey);
  },
};

/**
 * Bases of the providers' own APIs (the user-given ones, a Jira site or a webhook URL, live in the integration's
 * settings). Like AWS_ENDPOINT_URL_*, an unset variable means the real service; the local stack points each at
 * its fake providers.
 */
export const PROVIDER_URL_ENV = {
  slackApi: 'SLACK_API_URL',
  mondayApi: 'MONDAY_API_URL',
  googleApi: 'GOOGLE_API_URL',
  /** Google's consent page origin (accounts.google.com). */
  googleOAuth: 'GOOGLE_OAUTH_URL',
  /** Google's token endpoint, a different host from the consent page. */
  googleToken: 'GOOGLE_TOKEN_URL',
  /** auth.atlassian.com: consent page and token endpoint. */
  atlassianAuth: 'ATLASSIAN_AUTH_URL',
  /** api.atlassian.com: accessible resources and the Jira API of OAuth apps (/ex/jira/<cloudId>). */
  atlassianApi: 'ATLASSIAN_API_URL',
  /** Instagram's consent page origin (www.instagram.com, consent at /oauth/authorize). */
  instagramOAuth: 'INSTAGRAM_OAUTH_URL',
  /** Instagram's code exchange (short-lived token), on api.instagram.com. */
  instagramToken: 'INSTAGRAM_TOKEN_URL',
  /** graph.instagram.com: long-lived token exchange and refresh, and the Graph API (/v23.0/...). */
  instagramGraph: 'INSTAGRAM_GRAPH_URL',
} as const;
export type ProviderUrlName = keyof typeof PROVIDER_URL_ENV;

export const REAL_PROVIDER_URLS: Record<ProviderUrlName, string> = {
  slackApi: 'https://slack.com/api/',
  mondayApi: 'https://api.monday.com/v2',
  googleApi: 'https://www.googleapis.com',
  googleOAuth: 'https://accounts.google.com',
  googleToken: 'https://oauth2.googleapis.com/token',
  atlassianAuth: 'https://auth.atlassian.com',
  atlassianApi: 'https://api.atlassian.com',
  instagramOAuth: 'https://www.instagram.com',
  instagramToken: 'https://api.instagram.com/oauth/access_token',
  instagramGraph: 'https://graph.instagram.com',
};

/** The OAuth apps Brandslate registers with Google, Atlassian, Slack and Instagram: `<PROVIDER>_CLIENT_ID` / `_CLIENT_SECRET`. */
export const OAUTH_APPS = ['google', 'atlassian', 'slack', 'instagram'] as const;
export type OAuthApp = (typeof OAUTH_APPS)[number];
export const oauthClientEnv = (app: OAuthApp) => ({ id: `${app.toUpperCase()}_CLIENT_ID`, secret: `${app.toUpperCase()}_CLIENT_SECRET` });

export const providerConfig = {
  /** A provider API base, without a trailing slash except Slack's (its client appends the method name). */
  url(name: ProviderUrlName): string {
    const value = process.env[PROVIDER_URL_ENV[name]] || REAL_PROVIDER_URLS[name];
    return name === 'slackApi' ? value.replace(/\/?$/, '/') : value.replace(/\/$/, '');
  },
  oauthClient(app: OAuthApp): { clientId: string; clientSecret: string } {
    const env = oauthClientEnv(app);
    return { clientId: requireEnv(env.id), clientSecret: requireEnv(env.secret) };
  },
};
