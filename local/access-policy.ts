import { BUCKET_ACTIONS, SECRETS_ACTIONS, TABLE_ACTIONS, type FunctionAccess } from '#shared/access';
import type { QueueId } from '#shared/queues';
import { LOCAL } from './env';

/**
 * IAM, as far as the functions need it: the policy CDK gives a function (AppFunction.grantAccess) written as
 * statements over ARNs, the permissions an AWS SDK call needs, and the error AWS answers when one is missing.
 */
export type PolicyStatement = { actions: readonly string[]; resources: readonly string[] };
export type Permission = { action: string; resource: string };

/** The resources of one stack that access entries are granted on. */
export type GrantableResources = {
  tableName: string;
  indexNames: readonly string[];
  /** Queue URLs by queue-table id. */
  queueUrls: Readonly<Record<string, string>>;
  /** Their DLQs' URLs by queue-table id. */
  deadLetterQueueUrls?: Readonly<Record<string, string>>;
  bucketName: string;
  /** The SES identity the functions send from. */
  emailIdentity: string;
};

const arn = (service: string, resource: string, region: string = LOCAL.region, account: string = LOCAL.accountId) =>
  `arn:aws:${service}:${region}:${account}:${resource}`;

export const tableArn = (tableName: string) => arn('dynamodb', `table/${tableName}`);
/** SQS queue URLs end in /<account>/<name>; the ARN is built from the name. */
export const queueArn = (queueUrl: string) => arn('sqs', queueUrl.split('/').filter(Boolean).at(-1) ?? queueUrl);
export const bucketArn = (bucket: string) => `arn:aws:s3:::${bucket}`;
export const objectArn = (bucket: string, key: string) => `${bucketArn(bucket)}/${key}`;
export const identityArn = (identity: string) => arn('ses', `identity/${identity}`);
/** The stage's secrets key, as the local key's uses are authorised (there is one key per stage). */
export const SECRETS_KEY_ARN = arn('kms', 'key/local-secrets');

/** The statements CDK's grants amount to for `access` (grantSendMessages, grantSendEmail, grantRead included). */
export const policyFor = (access: FunctionAccess, resources: GrantableResources): PolicyStatement[] => {
  const statements: PolicyStatement[] = [];
  if (access.table) {
    const table = tableArn(resources.tableName);
    statements.push({ actions: TABLE_ACTIONS[access.table], resources: [table, ...resources.indexNames.map((index) => `${table}/index/${index}`)] });
  }
  for (const queueId of access.queues ?? []) {
    const url = resources.queueUrls[queueId as QueueId];
    if (!url) throw new Error(`Access lists unknown queue ${queueId}`);
    statements.push({ actions: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], resources: [queueArn(url)] });
  }
  for (const queueId of access.deadLetterQueues ?? []) {
    const url = resources.deadLetterQueueUrls?.[queueId];
    if (!url) throw new Error(`Access lists the DLQ of unknown queue ${queueId}`);
    statements.push({ actions: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'], resources: [queueArn(url)] });
  }
  if (access.bucket) statements.push({ actions: BUCKET_ACTIONS[access.bucket], resources: [objectArn(resources.bucketName, '*')] });
  if (access.bucketList) statements.push({ actions: ['s3:ListBucket'], resources: [bucketArn(resources.bucketName)] });
  if (access.email) statements.push({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [identityArn('*')] });
  if (access.stripe) statements.push({ actions: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'], resources: ['*'] });
  if (access.secrets) statements.push({ actions: SECRETS_ACTIONS[access.secrets], resources: [SECRETS_KEY_ARN] });
  if (access.health) {
    const queueUrls = [...Object.values(resources.queueUrls), ...Object.values(resources.deadLetterQueueUrls ?? {})];
    statements.push(
      { actions: ['sqs:GetQueueAttributes'], resources: queueUrls.map(queueArn) },
      { actions: ['s3:ListBucket'], resources: [bucketArn(resources.bucketName)] },
      { actions: ['ses:GetAccount'], resources: ['*'] },
    );
  }
  return statements;
};

/** IAM's resource match: `*` stands for any run of characters. */
const matches = (pattern: string, value: string) =>
  new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`).test(value);

export const isAllowed = (policy: readonly PolicyStatement[], { action, resource }: Permission) =>
  policy.some((statement) => statement.actions.includes(action) && statement.resources.some((pattern) => matches(pattern, resource)));

/** An SDK call as the guard sees it: the client class name, the operation and its input. */
export type SdkCall = { clientName: string; operation: string; input: Record<string, unknown> };

const SERVICE_PREFIX: Record<string, string> = {
  DynamoDBClient: 'dynamodb',
  SQSClient: 'sqs',
  S3Client: 's3',
  SESv2Client: 'ses',
  SecretsManagerClient: 'secretsmanager',
  CognitoIdentityProviderClient: 'cognito-idp',
};

export const servicePrefix = (clientName: string) => SERVICE_PREFIX[clientName] ?? clientName.replace(/Client$/, '').toLowerCase();

type Input = Record<string, any>;

const TRANSACT_WRITE_ACTIONS: Record<string, string> = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' };

/** DynamoDB authorises each item of a transaction by its own action, and a batch per table. */
const dynamoPermissions = (operation: string, input: Input): Permission[] => {
  if (operation === 'TransactWriteItems') {
    return (input.TransactItems ?? []).flatMap((item: Input) =>
      Object.entries(item).map(([kind, request]) => ({
        action: `dynamodb:${TRANSACT_WRITE_ACTIONS[kind] ?? kind}`,
        resource: tableArn((request as Input).TableName),
      })),
    );
  }
  if (operation === 'TransactGetItems') {
    return (input.TransactItems ?? []).map((item: Input) => ({ action: 'dynamodb:GetItem', resource: tableArn(item.Get?.TableName) }));
  }
  if (operation === 'BatchWriteItem' || operation === 'BatchGetItem') {
    return Object.keys(input.RequestItems ?? {}).map((table) => ({ action: `dynamodb:${operation}`, resource: tableArn(table) }));
  }
  const table = typeof input.TableName === 'string' ? tableArn(input.TableName) : '*';
  return [{ action: `dynamodb:${operation}`, resource: input.IndexName ? `${table}/index/${input.IndexName}` : table }];
};

/** S3 operations authorised by another action's name (HeadObject needs s3:GetObject, etc.). */
const S3_ACTIONS: Record<string, string> = {
  HeadObject: 'GetObject',
  HeadBucket: 'ListBucket',
  DeleteObjects: 'DeleteObject',
  ListObjectsV2: 'ListBucket',
  // A multipart upload is authorised as PutObject, step by step; its parts are listed on the object, not the bucket.
  CreateMultipartUpload: 'PutObject',
  UploadPart: 'PutObject',
  CompleteMultipartUpload: 'PutObject',
  ListParts: 'ListMultipartUploadParts',
};
/** Operations named List… that act on one object (its key in the resource), not on the bucket. */
const OBJECT_LISTS = new Set(['ListParts']);

const s3Permissions = (operation: string, input: Input): Permission[] => {
  const bucket = String(input.Bucket);
  if (operation === 'DeleteObjects') {
    return (input.Delete?.Objects ?? []).map((object: Input) => ({ action: 's3:DeleteObject', resource: objectArn(bucket, object.Key) }));
  }
  if (operation === 'CopyObject') {
    const source = decodeURIComponent(String(input.CopySource ?? '').replace(/^\//, '').split('?')[0]);
    return [
      { action: 's3:GetObject', resource: `arn:aws:s3:::${source}` },
      { action: 's3:PutObject', resource: objectArn(bucket, input.Key) },
    ];
  }
  if (operation.startsWith('List') && !OBJECT_LISTS.has(operation)) return [{ action: `s3:${S3_ACTIONS[operation] ?? operation}`, resource: bucketArn(bucket) }];
  return [{ action: `s3:${S3_ACTIONS[operation] ?? operation}`, resource: input.Key === undefined ? bucketArn(bucket) : objectArn(bucket, input.Key) }];
};

/** The sender's domain, as SES names an identity ("Name <a@b.c>" → b.c). */
const senderIdentity = (from: unknown) => /@([^>\s]+)/.exec(String(from ?? ''))?.[1] ?? '*';

/** What one SDK call needs IAM to allow. */
export const requiredPermissions = ({ clientName, operation, input }: SdkCall): Permission[] => {
  const service = servicePrefix(clientName);
  switch (service) {
    case 'dynamodb':
      return dynamoPermissions(operation, input);
    case 's3':
      return s3Permissions(operation, input);
    case 'sqs': {
      const action = operation === 'SendMessageBatch' ? 'SendMessage' : operation;
      return [{ action: `sqs:${action}`, resource: typeof input.QueueUrl === 'string' ? queueArn(input.QueueUrl) : '*' }];
    }
    case 'ses':
      return [{ action: `ses:${operation}`, resource: identityArn(senderIdentity(input.FromEmailAddress)) }];
    case 'secretsmanager':
      return [{ action: `secretsmanager:${operation}`, resource: String(input.SecretId ?? '*') }];
    case 'kms':
      return [{ action: `kms:${operation}`, resource: String(input.KeyId ?? SECRETS_KEY_ARN) }];
    default:
      return [{ action: `${service}:${operation}`, resource: '*' }];
  }
};

/**
 * The error each service answers for a missing permission: its name and HTTP status (DynamoDB, Secrets Manager
 * and KMS say 400, S3 its own `AccessDenied`), with IAM's message naming the role session, action and resource.
 */
const DENIAL: Record<string, { name: string; status: number }> = {
  dynamodb: { name: 'AccessDeniedException', status: 400 },
  secretsmanager: { name: 'AccessDeniedException', status: 400 },
  kms: { name: 'AccessDeniedException', status: 400 },
  s3: { name: 'AccessDenied', status: 403 },
};

export type AccessDenial = { name: string; status: number; message: string };

export const accessDenial = (functionName: string, clientName: string, { action, resource }: Permission): AccessDenial => {
  const { name, status } = DENIAL[servicePrefix(clientName)] ?? { name: 'AccessDeniedException', status: 403 };
  const principal = `arn:aws:sts::${LOCAL.accountId}:assumed-role/${functionName}/${functionName}`;
  return {
    name,
    status,
    message: `User: ${principal} is not authorized to perform: ${action} on resource: ${resource} because no identity-based policy allows the ${action} action`,
  };
};

/** The first permission `call` needs that `policy` does not give, as AWS's refusal; undefined when allowed. */
export const deniedCall = (functionName: string, policy: readonly PolicyStatement[], call: SdkCall): AccessDenial | undefined => {
  const missing = requiredPermissions(call).find((permission) => !isAllowed(policy, permission));
  return missing && accessDenial(functionName, call.clientName, missing);
};
