import { deadLetterQueueUrlEnv, QUEUE_IDS, queueUrlEnv, type QueueId } from './queues';

/**
 * What a function may touch: the same column in the route, queue and job tables. CDK turns it into
 * least-privilege grants, the local stack into the same refusals; nothing else grants a function anything.
 */
export type FunctionAccess = {
  table?: 'read' | 'readWrite';
  /** Queues it may send to. */
  queues?: readonly QueueId[];
  /** Queues whose DLQ it may send to: a consumer that parks a message itself (a delivery out of attempts). */
  deadLetterQueues?: readonly QueueId[];
  bucket?: 'read' | 'readWrite';
  /** Lists the uploads bucket's keys (s3:ListBucket on the bucket): the purge of a deleted workspace's files. */
  bucketList?: boolean;
  /** Sends email through SES (only the email consumer: everyone else queues email). */
  email?: boolean;
  /** Calls Stripe: reads the Stripe keys (Secrets Manager in AWS) and gets STRIPE_SECRET_ARN. Billing routes only. */
  stripe?: boolean;
  /**
   * Seals or opens integration secrets (functions/lib/secrets): KMS Encrypt / Decrypt on the stage's key in AWS,
   * the local key in the embedded stack. 'both' for routes that read a stored secret and write a new one.
   */
  secrets?: 'seal' | 'open' | 'both';
  /**
   * Gets the OAuth apps' client credentials (Google, Atlassian, Slack): to send a person to consent, exchange a code
   * or refresh a token. Implied by `secrets` (a sealed token is refreshed with them); alone for a route that only
   * builds a consent link.
   */
  oauthApps?: boolean;
  /**
   * Calls the AI provider (functions/lib/ai): gets the stage's AI settings (AI_*) and, in AWS, bedrock:InvokeModel
   * on the stage's model only, or the OpenAI-compatible endpoint's key secret. Generation routes and jobs only.
   */
  ai?: boolean;
  /**
   * Reads the stack's health for the developer page (/kitchen-sync): the URL and depth of every queue and DLQ
   * (sqs:GetQueueAttributes only), the uploads bucket's existence (s3:ListBucket), the email account's sending
   * status (ses:GetAccount), and the build and stage names. Read-only; nothing here can send or change anything.
   */
  health?: boolean;
  /**
   * Sends Web Push or hands out its public key: the stage's VAPID keys (PUSH_ENV; in AWS the Secrets Manager secret
   * `<prefix>/vapid`, GetSecretValue on it only; locally the keys themselves).
   */
  push?: boolean;
};

/** DynamoDB actions per access level. No Scan: "no Scan on a request path" is enforced by IAM, not by habit. */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
} as const;

/** Object actions per access level (presigned URLs are signed with these permissions). */
export const BUCKET_ACTIONS = {
  // ListMultipartUploadParts: a recording's upload is resumed from the parts S3 holds (lib/uploads listParts).
  read: ['s3:GetObject', 's3:ListMultipartUploadParts'],
  // PutObjectTagging: presigned uploads carry the upload=pending tag, and using a file retags it (lib/uploads).
  // PutObject also covers a multipart upload's create, parts and complete; AbortMultipartUpload ends one unfinished.
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging', 's3:DeleteObject', 's3:ListMultipartUploadParts', 's3:AbortMultipartUpload'],
} as const;

/** KMS actions per secrets access level, on the stage's secrets key only. */
export const SECRETS_ACTIONS = {
  seal: ['kms:Encrypt'],
  open: ['kms:Decrypt'],
  both: ['kms:Encrypt', 'kms:Decrypt'],
} as const satisfies Record<NonNullable<FunctionAccess['secrets']>, readonly string[]>;

/** Where a function's variables come from, wherever it is deployed. */
export type FunctionEnvSources = {
  /** The variables every function gets (FUNCTION_ENV names → values). */
  common: Readonly<Record<string, string>>;
  /** The URL of a queue the function may send to (throws for a queue that does not exist). */
  queueUrl: (queueId: QueueId) => string;
  /** The URL of a queue's DLQ. */
  deadLetterQueueUrl: (queueId: QueueId) => string;
  /** The Stripe variables, asked for only when the access says `stripe`. */
  stripe: () => Readonly<Record<string, string>>;
  /** The secrets key variables, asked for only when the access says `secrets`. */
  secrets: () => Readonly<Record<string, string>>;
  /** The OAuth apps' client credentials, asked for only when the access says `secrets` or `oauthApps`. */
  oauthApps: () => Readonly<Record<string, string>>;
  /** The AI provider's settings (AI_*), asked for only when the access says `ai`. */
  ai: () => Readonly<Record<string, string>>;
  /** The build and stage names (HEALTH_ENV), asked for only when the access says `health`. */
  health: () => Readonly<Record<string, string>>;
  /** The VAPID variables (PUSH_ENV), asked for only when the access says `push`. */
  push: () => Readonly<Record<string, string>>;
};

/**
 * A function's environment, derived from its access entry: the common variables, the URL of each queue it may
 * send to (QUEUE_URL_<ID>), the Stripe variables when it calls Stripe and the secrets key when it seals or opens
 * secrets. CDK sets exactly this on each Lambda and the local stack hands exactly this to each invocation, so a
 * missing grant is a missing variable in both.
 */
export const accessEnvironment = (access: FunctionAccess, sources: FunctionEnvSources): Record<string, string> => ({
  ...sources.common,
  ...Object.fromEntries((access.queues ?? []).map((queueId) => [queueUrlEnv(queueId), sources.queueUrl(queueId)])),
  ...Object.fromEntries((access.deadLetterQueues ?? []).map((queueId) => [deadLetterQueueUrlEnv(queueId), sources.deadLetterQueueUrl(queueId)])),
  ...(access.stripe ? sources.stripe() : {}),
  ...(access.secrets ? sources.secrets() : {}),
  ...(access.secrets || access.oauthApps ? sources.oauthApps() : {}),
  ...(access.ai ? sources.ai() : {}),
  ...(access.health ? healthEnvironment(sources) : {}),
  ...(access.push ? sources.push() : {}),
});

/** What `health` gives: every queue's and DLQ's URL (to read their depth) and the build and stage names. */
const healthEnvironment = (sources: FunctionEnvSources): Record<string, string> => ({
  ...Object.fromEntries(QUEUE_IDS.flatMap((queueId) => [
    [queueUrlEnv(queueId), sources.queueUrl(queueId)],
    [deadLetterQueueUrlEnv(queueId), sources.deadLetterQueueUrl(queueId)],
  ])),
  ...sources.health(),
});
