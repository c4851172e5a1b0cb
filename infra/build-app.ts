import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { FUNCTION_ENV } from '#lib/config';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { BillingStack, STRIPE_API_URL } from './stacks/billing-stack';
import { DataStack } from './stacks/data-stack';
import { EmailStack } from './stacks/email-stack';
import { QueuesStack } from './stacks/queues-stack';
import { StorageStack, uploadsBucketName } from './stacks/storage-stack';
import { WebStack } from './stacks/web-stack';
import type { StageConfig } from './stage-config';

export type BuildOptions = {
  env?: Environment;
  /** Path of the built SPA to deploy; omitted in tests and before the first front-end build. */
  spaDist?: string;
};

/**
 * The value of every FUNCTION_ENV variable, by its key. A key added to FUNCTION_ENV that CDK cannot fill
 * stops synth, so a function never deploys without a variable its config module will demand.
 */
export const functionEnvironment = (values: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(FUNCTION_ENV).map(([key, envName]) => {
      const value = values[key];
      if (value === undefined) throw new Error(`FUNCTION_ENV.${key} (${envName}) has no value in infra/build-app.ts`);
      return [envName, value];
    }),
  );

/**
 * All stacks of one stage. Dependency order: data, auth, email, billing → web (app origin + HTTP API) → storage
 * (CORS for the app origin) → queues (consumers, jobs) → api (routes). See web-stack.ts for why the HTTP API
 * lives with the distribution.
 */
export const buildApp = (app: App, config: StageConfig, options: BuildOptions = {}) => {
  const stackProps = (concern: string, description: string) => ({
    env: options.env,
    config,
    stackName: `${config.prefix}-${concern}`,
    description: `Brandslate ${config.stage}: ${description}`,
  });
  const id = (concern: string) => `${config.prefix}-${concern}`;

  const data = new DataStack(app, id('data'), stackProps('data', 'the DynamoDB table'));
  const auth = new AuthStack(app, id('auth'), stackProps('auth', 'Cognito user pool and SPA client'));
  const email = new EmailStack(app, id('email'), stackProps('email', 'SES sending identity'));
  const billing = new BillingStack(app, id('billing'), stackProps('billing', 'Stripe keys secret'));
  const web = new WebStack(app, id('web'), {
    ...stackProps('web', 'CloudFront, SPA bucket and HTTP API'),
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    spaDist: options.spaDist,
  });
  const storage = new StorageStack(app, id('storage'), { ...stackProps('storage', 'uploads bucket'), appUrl: web.appUrl });

  const bucketName = uploadsBucketName(config);
  const environment = functionEnvironment({
    tableName: data.table.tableName,
    appUrl: web.appUrl,
    emailFrom: config.emailFrom,
    uploadsBucket: bucketName,
    stripeApiUrl: STRIPE_API_URL,
  });
  const queues = new QueuesStack(app, id('queues'), {
    ...stackProps('queues', 'queues, DLQs, consumers and scheduled jobs'),
    table: data.table,
    emailIdentity: email.identity,
    uploadsBucketName: bucketName,
    environment,
  });
  const api = new ApiStack(app, id('api'), {
    ...stackProps('api', 'HTTP API routes and their Lambdas'),
    httpApi: web.httpApi,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    resources: { table: data.table, queues: queues.queues, uploadsBucketName: bucketName, stripeSecret: billing.stripeSecret, environment },
  });
  // The uploads bucket is named, not referenced (see storage-stack.ts), so order it explicitly.
  queues.addStackDependency(storage, 'functions use the uploads bucket by name');
  api.addStackDependency(storage, 'functions use the uploads bucket by name');

  Tags.of(app).add('app', 'brandslate');
  Tags.of(app).add('stage', config.stage);
  return { data, auth, email, billing, web, storage, queues, api };
};

export type BrandslateStacks = ReturnType<typeof buildApp>;
