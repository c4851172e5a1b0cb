import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aws, Duration, SecretValue, Stack } from 'aws-cdk-lib';
import type * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { lambdaBundling } from './lambda-bundling';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { tableSpec } from '#data/table-spec';
import { accessEnvironment, BUCKET_ACTIONS, SECRETS_ACTIONS, TABLE_ACTIONS } from '#shared/access';
import { SECRETS_ENV, STRIPE_SECRET_ENV } from '#lib/config';
import { OAUTH_APP_FIELDS, oauthAppsSecretName } from '../stacks/secrets-stack';
import { SECRETS_CONTEXT_KEYS } from '#lib/secrets/context';
import type { RouteAccess } from '#shared/routes';
import { throttlesAlarm } from '../monitoring/alarms';
import { physicalName } from '../names';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { StageConfig } from '../stage-config';
import { aiEnvironment, aiStatements } from './ai-access';
import { healthEnvironment, healthQueueUrls, healthStatements } from './health-access';
import { pushEnvironment, pushStatements } from './push-access';
import { QUEUE_IDS } from '#shared/queues';

/** The repository root: entries are resolved from here so synth works from any working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Newest Node.js runtime in this aws-cdk-lib (cdk-nag L1 flags older ones). Pinned rather than computed so a
 * CDK upgrade that adds a newer one fails the infra test and the bump is a conscious change.
 */
export const NODE_RUNTIME = lambda.Runtime.NODEJS_24_X;

export { BUCKET_ACTIONS, TABLE_ACTIONS };

/** What a function's access entry can be granted on, built once per stage and handed to every function. */
export type FunctionResources = {
  table: ITable;
  /** Queues by queue-table id. */
  queues: Readonly<Record<string, IQueue>>;
  /** Their DLQs by queue-table id, for consumers whose access lists `deadLetterQueues` (only where the stack has them). */
  deadLetterQueues?: Readonly<Record<string, IQueue>>;
  /** The uploads bucket by name (deterministic, so no cross-stack reference and no nag finding on a token). */
  uploadsBucketName: string;
  /** The SES identity, for functions whose access says `email` (only where the stack has one). */
  emailIdentity?: IEmailIdentity;
  /** The Stripe keys' secret, for functions whose access says `stripe` (only where the stack has it). */
  stripeSecret?: ISecret;
  /** The integration secrets key, for functions whose access says `secrets` (only where the stack has it). */
  secretsKey?: IKey;
  /** Environment every function gets (FUNCTION_ENV names → values). */
  environment: Readonly<Record<string, string>>;
};

export type AppFunctionProps = {
  config: StageConfig;
  /** Entry module, relative to the repository root, exporting `handler`. */
  entry: string;
  /** Unique within the stage; the physical name is `<prefix>-<name>`. */
  name: string;
  description: string;
  access: RouteAccess;
  resources: FunctionResources;
  timeout?: Duration;
  memorySize?: number;
};

/**
 * One Lambda with the project's defaults fixed: newest Node on arm64, a minified ESM esbuild bundle with the
 * AWS SDK inside (≈2× faster import than the runtime's SDK), source maps, its own log group with the stage's
 * retention, X-Ray active tracing, an alarm when Lambda throttles it, and a role that holds only what its
 * `access` entry lists (no AWS managed policy).
 */
export class AppFunction extends Construct implements iam.IGrantable {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly grantPrincipal: iam.IPrincipal;
  readonly functionName: string;
  readonly throttlesAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { config, resources, access } = props;
    this.functionName = physicalName(config, props.name);
    if (this.functionName.length > 64) throw new Error(`Function name ${this.functionName} is longer than 64 characters`);
    const entry = join(REPO_ROOT, props.entry);
    if (!existsSync(entry)) throw new Error(`Handler file ${props.entry} does not exist (function ${this.functionName})`);

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName: `/aws/lambda/${this.functionName}`,
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${this.functionName}`,
    });
    this.grantPrincipal = this.role;
    this.logGroup.grantWrite(this.role);

    const environment = {
      ...accessEnvironment(access, {
        common: resources.environment,
        queueUrl: (queueId) => {
          const queue = resources.queues[queueId];
          if (!queue) throw new Error(`${this.functionName} lists unknown queue ${queueId}`);
          return queue.queueUrl;
        },
        deadLetterQueueUrl: (queueId) => {
          // `health` reads every DLQ's depth: by name, as no function stack but the queues stack holds them.
          if (access.health && !access.deadLetterQueues?.includes(queueId)) return healthQueueUrls(config, queueId).deadLetters;
          const queue = resources.deadLetterQueues?.[queueId];
          if (!queue) throw new Error(`${this.functionName}: access.deadLetterQueues needs the DLQ of ${queueId} in its stack's resources`);
          return queue.queueUrl;
        },
        stripe: () => {
          if (!resources.stripeSecret) throw new Error(`${this.functionName}: access.stripe needs the Stripe secret in its stack's resources`);
          return { [STRIPE_SECRET_ENV.secretArn]: resources.stripeSecret.secretArn };
        },
        secrets: () => {
          if (!resources.secretsKey) throw new Error(`${this.functionName}: access.secrets needs the secrets key in its stack's resources`);
          return { [SECRETS_ENV.keyId]: resources.secretsKey.keyArn };
        },
        ai: () => aiEnvironment(config),
        health: () => healthEnvironment(config, REPO_ROOT),
        push: () => pushEnvironment(config, resources.environment),
        // CloudFormation resolves each field from the stage's OAuth apps secret at deploy: none is in the template.
        oauthApps: () =>
          Object.fromEntries(
            OAUTH_APP_FIELDS.map((field) => [field, SecretValue.secretsManager(oauthAppsSecretName(config), { jsonField: field }).unsafeUnwrap()]),
          ),
      }),
    };

    this.function = new NodejsFunction(this, 'Function', {
      functionName: this.functionName,
      description: props.description.slice(0, 256),
      entry,
      handler: 'handler',
      runtime: NODE_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      environment,
      // X-Ray: the Powertools tracer adds the handler's and the AWS SDK clients' subsegments to this trace.
      tracing: lambda.Tracing.ACTIVE,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      projectRoot: REPO_ROOT,
      bundling: lambdaBundling.cdk,
    });

    this.grantAccess(access, resources, config);
    this.throttlesAlarm = throttlesAlarm(this, config, props.name);
    acknowledge(this.role, {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords have no resource-level permissions, so CDK grants them on *.',
    });
  }

  /** Turns an access entry into statements: table actions on the table and the spec's indexes by name, queue sends, SES sends, Stripe secret reads, secrets key uses, object actions. */
  private grantAccess(access: RouteAccess, resources: FunctionResources, config: StageConfig) {
    if (access.table) {
      const { tableArn } = resources.table;
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: [...TABLE_ACTIONS[access.table]],
          resources: [tableArn, ...Object.keys(tableSpec.indexes).map((index) => `${tableArn}/index/${index}`)],
        }),
      );
    }
    for (const queueId of access.queues ?? []) resources.queues[queueId].grantSendMessages(this.role);
    for (const queueId of access.deadLetterQueues ?? []) resources.deadLetterQueues![queueId].grantSendMessages(this.role);
    if (access.email) {
      if (!resources.emailIdentity) throw new Error(`${this.node.path}: access.email needs the SES identity in its stack's resources`);
      resources.emailIdentity.grantSendEmail(this.role);
    }
    if (access.stripe) resources.stripeSecret!.grantRead(this.role);
    if (access.ai) for (const statement of aiStatements(config)) this.role.addToPrincipalPolicy(statement);
    if (access.push) for (const statement of pushStatements(config)) this.role.addToPrincipalPolicy(statement);
    if (access.health) {
      for (const statement of healthStatements(config, QUEUE_IDS)) this.role.addToPrincipalPolicy(statement);
      acknowledge(this.role, {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'ses:GetAccount (the developer page reads whether the account may send) has no resource-level permissions.',
      });
    }
    if (access.secrets) {
      // Only with both context keys and no other: a blob cannot be sealed or opened outside its workspace and integration.
      this.role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: [...SECRETS_ACTIONS[access.secrets]],
          resources: [resources.secretsKey!.keyArn],
          conditions: {
            'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': [...SECRETS_CONTEXT_KEYS] },
            Null: Object.fromEntries(SECRETS_CONTEXT_KEYS.map((key) => [`kms:EncryptionContext:${key}`, 'false'])),
          },
        }),
      );
    }
    const bucket = `arn:${Aws.PARTITION}:s3:::${resources.uploadsBucketName}`;
    if (access.bucket) {
      const objects = `${bucket}/*`;
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...BUCKET_ACTIONS[access.bucket]], resources: [objects] }));
      acknowledge(this.role, {
        id: `AwsSolutions-IAM5[${wildcardResourceFinding(Stack.of(this), objects)}]`,
        reason: 'Object keys are created at run time (one per upload), so object actions need bucket/*; the bucket is the uploads bucket only and the actions are the ones its access level lists.',
      });
    }
    if (access.bucketList) {
      this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket] }));
    }
  }
}
