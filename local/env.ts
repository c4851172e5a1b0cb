import { fileURLToPath } from 'node:url';
import { AI_ENV, FUNCTION_ENV, HEALTH_ENV, OUTBOUND_ALLOWLIST_ENV, oauthClientEnv, PROVIDER_URL_ENV, PUSH_ENV, SECRETS_ENV, STRIPE_SECRET_ENV, type OAuthApp, type ProviderUrlName } from '#lib/config';
import { accessEnvironment, type FunctionAccess, type FunctionEnvSources } from '#shared/access';

/**
 * Names and credentials of the embedded stack, and the environments it hands to the in-process functions.
 * Functions read only standard variables (AWS_ENDPOINT_URL_*, TABLE_NAME, QUEUE_URL_*), so they never know
 * they run locally.
 */
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export const LOCAL = {
  region: 'us-east-1',
  accountId: '123456789012',
  /** s3rver only accepts its built-in key pair; DynamoDB Local and SQS accept anything. */
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  tableName: 'brandslate-local',
  bucketName: 'brandslate-local-uploads',
  /** AWS-shaped so aws-jwt-verify derives the issuer it checks (cognito-idp.us-east-1.amazonaws.com/<id>). */
  userPoolId: 'us-east-1_LocalDev1',
  /** Fixed so a restart keeps the SPA's config and refresh tokens valid. 26 chars like a real client id. */
  userPoolClientId: 'brandslatelocalwebclient01',
  emailFrom: 'Brandslate <no-reply@brandslate.local>',
  cognitoPath: '/_local/cognito',
  sesPath: '/_local/ses',
  mailPath: '/_local/mail',
  /** The local Stripe's human pages (checkout) and its sent events. */
  stripePath: '/_local/stripe',
  /** The AI emulator's control API (faults, requests seen). */
  aiPath: '/_local/ai',
  /** Moves the functions' clock (trial tests). */
  clockPath: '/_local/clock',
  /** The fake providers' page (what they received, what to enter) and their control API. */
  integrationsPath: '/_local/integrations',
} as const;

export type Endpoints = {
  /** The gateway origin, e.g. http://127.0.0.1:3000 (no trailing slash). */
  gateway: string;
  dynamodb: string;
  s3: string;
  sqs: string;
  queueUrls: Record<string, string>;
  /** DLQ URLs by queue id. */
  deadLetterQueueUrls?: Record<string, string>;
  /** The local Stripe: API base and the keys (random per start; in AWS they come from Secrets Manager). */
  stripe: { apiUrl: string; secretKey: string; webhookSecret: string };
  /** The AES-256 key (base64) that stands in for the stage's KMS key (kept in the data folder: local/secrets-key.ts). */
  secrets: { localKey: string };
  /** The fake providers (local/fakes): their API bases, the OAuth apps they accept, and the outbound allow-list. */
  providers?: ProviderEndpoints;
  /** The AI emulator (local/ai-emulator.ts) and the local stage's AI settings. */
  ai?: AiEndpoint;
  /** The VAPID key pair (kept in the data folder: local/push-keys.ts); in AWS a Secrets Manager secret. */
  push?: { publicKey: string; privateKey: string };
  /** What the developer page reports as the build (the working tree's commit when the stack started). */
  build?: { version: string; commit: string; builtAt: string };
};

export type AiEndpoint = {
  /** OpenAI-compatible base, e.g. http://127.0.0.1:41235/v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  requestsPerMinute: number;
  /** JSON per plan (AI_MONTHLY_TOKENS), when the stack overrides shared/plans.ts. */
  monthlyTokens?: string;
};

/** The AI variables of a function whose access says `ai`: provider `local`, pointed at the emulator. */
export const aiEnvironment = (ai: AiEndpoint | undefined): Record<string, string> =>
  ai
    ? {
        [AI_ENV.provider]: 'local',
        [AI_ENV.model]: ai.model,
        [AI_ENV.baseUrl]: ai.baseUrl,
        [AI_ENV.apiKey]: ai.apiKey,
        [AI_ENV.timeoutMs]: String(ai.timeoutMs),
        [AI_ENV.ratePerMinute]: String(ai.requestsPerMinute),
        ...(ai.monthlyTokens ? { [AI_ENV.monthlyTokens]: ai.monthlyTokens } : {}),
      }
    : {};

export type ProviderEndpoints = {
  urls: Record<ProviderUrlName, string>;
  oauthClients: Record<OAuthApp, { clientId: string; clientSecret: string }>;
  /** OUTBOUND_ALLOWLIST: the fakes' host:port, plus what the developer set. */
  outboundAllowlist: string;
};

/** Every function's provider variables: the API bases at the fakes and the allow-list naming them. */
export const providerEnvironment = (providers: ProviderEndpoints | undefined): Record<string, string> =>
  providers
    ? {
        ...Object.fromEntries(Object.entries(PROVIDER_URL_ENV).map(([name, env]) => [env, providers.urls[name as ProviderUrlName]])),
        [OUTBOUND_ALLOWLIST_ENV]: providers.outboundAllowlist,
      }
    : {};

/** The fakes' OAuth apps, for functions whose access says `secrets` or `oauthApps`, as in AWS. */
export const oauthAppsEnvironment = (providers: ProviderEndpoints | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(providers?.oauthClients ?? {}).flatMap(([app, client]) => {
      const env = oauthClientEnv(app as OAuthApp);
      return [
        [env.id, client.clientId],
        [env.secret, client.clientSecret],
      ];
    }),
  );

/**
 * What every function's process has besides its own variables: region, credentials and the standard endpoint
 * variables that point unmodified SDK clients at the emulators.
 */
export const runtimeEnvironment = (endpoints: Endpoints): Record<string, string> => ({
  AWS_REGION: LOCAL.region,
  AWS_DEFAULT_REGION: LOCAL.region,
  AWS_ACCESS_KEY_ID: LOCAL.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
  AWS_ENDPOINT_URL_S3: endpoints.s3,
  AWS_ENDPOINT_URL_SQS: endpoints.sqs,
  AWS_ENDPOINT_URL_SESV2: `${endpoints.gateway}${LOCAL.sesPath}`,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `${endpoints.gateway}${LOCAL.cognitoPath}`,
  // s3rver stores chunk framing when the SDK streams with checksums (toolchain notes).
  AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
  AWS_RESPONSE_CHECKSUM_VALIDATION: 'WHEN_REQUIRED',
});

/** Where the local functions' variables come from (the same derivation CDK uses, shared/access.ts). */
export const functionEnvSources = (endpoints: Endpoints): FunctionEnvSources => ({
  common: {
    [FUNCTION_ENV.tableName]: LOCAL.tableName,
    [FUNCTION_ENV.appUrl]: endpoints.gateway,
    [FUNCTION_ENV.emailFrom]: LOCAL.emailFrom,
    [FUNCTION_ENV.uploadsBucket]: LOCAL.bucketName,
    [FUNCTION_ENV.stripeApiUrl]: endpoints.stripe.apiUrl,
    ...providerEnvironment(endpoints.providers),
  },
  queueUrl: (queueId) => {
    const url = endpoints.queueUrls[queueId];
    if (!url) throw new Error(`Access lists queue ${queueId}, which the local stack did not create`);
    return url;
  },
  deadLetterQueueUrl: (queueId) => {
    const url = endpoints.deadLetterQueueUrls?.[queueId];
    if (!url) throw new Error(`Access lists the DLQ of ${queueId}, which the local stack did not create`);
    return url;
  },
  // In AWS the function reads the keys from the secret whose ARN it gets; locally it gets them directly.
  stripe: () => ({
    [STRIPE_SECRET_ENV.secretKey]: endpoints.stripe.secretKey,
    [STRIPE_SECRET_ENV.webhookSecret]: endpoints.stripe.webhookSecret,
  }),
  // In AWS the function gets the KMS key's id and KMS does the work; locally it gets the key itself.
  secrets: () => ({ [SECRETS_ENV.localKey]: endpoints.secrets.localKey }),
  oauthApps: () => oauthAppsEnvironment(endpoints.providers),
  ai: () => aiEnvironment(endpoints.ai),
  // In AWS the function gets the secret's name and reads it; locally it gets the keys.
  push: () => ({
    [PUSH_ENV.subject]: 'mailto:push@brandslate.local',
    ...(endpoints.push ? { [PUSH_ENV.publicKey]: endpoints.push.publicKey, [PUSH_ENV.privateKey]: endpoints.push.privateKey } : {}),
  }),
  health: () => ({
    [HEALTH_ENV.stage]: 'local',
    [HEALTH_ENV.version]: endpoints.build?.version ?? 'unknown',
    [HEALTH_ENV.commit]: endpoints.build?.commit ?? 'unknown',
    ...(endpoints.build ? { [HEALTH_ENV.builtAt]: endpoints.build.builtAt } : {}),
    [HEALTH_ENV.identityUrl]: `${endpoints.gateway}${LOCAL.cognitoPath}`,
  }),
});

/** Access that grants everything: its environment holds every variable any function may get. */
export const everyGrant = (endpoints: Pick<Endpoints, 'queueUrls' | 'deadLetterQueueUrls'>): FunctionAccess => ({
  table: 'readWrite',
  queues: Object.keys(endpoints.queueUrls) as FunctionAccess['queues'],
  deadLetterQueues: Object.keys(endpoints.deadLetterQueueUrls ?? {}) as FunctionAccess['queues'],
  bucket: 'readWrite',
  email: true,
  stripe: true,
  secrets: 'both',
  oauthApps: true,
  ai: true,
  health: true,
  push: true,
});

/**
 * The environment of the stack's process and of tools beside it (scripts, tests that race writes through the
 * data layer): the runtime variables and every function variable. A function never sees this whole: it runs with
 * `runtimeEnvironment` plus what its own access gives it (functions.ts).
 */
export const operatorEnvironment = (endpoints: Endpoints): Record<string, string> => ({
  ...runtimeEnvironment(endpoints),
  ...accessEnvironment(everyGrant(endpoints), functionEnvSources(endpoints)),
});

/** Credentials and region for the stack's own SDK clients (provisioning, pollers). */
export const localClientConfig = (endpoint: string) => ({
  region: LOCAL.region,
  endpoint,
  credentials: { accessKeyId: LOCAL.accessKeyId, secretAccessKey: LOCAL.secretAccessKey },
});
