import { Tags, type App, type Environment } from 'aws-cdk-lib';
import { FUNCTION_ENV } from '#lib/config';
import { ROUTE_DOMAINS, routesByDomain, type RouteDomain, type RouteSpec } from '#shared/routes';
import { powertoolsEnvironment } from './monitoring/powertools';
import { tableName } from './names';
import { ApiDomainStack } from './stacks/api-domain-stack';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { BillingStack, STRIPE_API_URL } from './stacks/billing-stack';
import { DataStack } from './stacks/data-stack';
import { EmailStack } from './stacks/email-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { QueuesStack } from './stacks/queues-stack';
import { SecretsStack } from './stacks/secrets-stack';
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
 * All stacks of one stage. Dependency order: data, auth, email, billing, secrets → web (app origin + HTTP API)
 * → storage (CORS for the app origin), monitoring (alarm topic, dashboard) → queues (consumers, jobs) → api
 * (authorizer) → one api-<domain> stack per domain of the route table. See web-stack.ts for why the HTTP API
 * lives with the distribution. Cross-stack references carry only ids AWS generates (HTTP API, authorizer,
 * distribution domain, user pool, Stripe secret ARN, secrets key ARN); the table, queues, uploads bucket and
 * alarm topic are named from the stage (infra/names.ts) and their stacks are ordered explicitly.
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
  const secrets = new SecretsStack(app, id('secrets'), stackProps('secrets', 'KMS key sealing integration secrets'));
  const web = new WebStack(app, id('web'), {
    ...stackProps('web', 'CloudFront, SPA bucket and HTTP API'),
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    spaDist: options.spaDist,
  });
  const storage = new StorageStack(app, id('storage'), { ...stackProps('storage', 'uploads bucket'), appUrl: web.appUrl });
  const routeGroups = Object.fromEntries(ROUTE_DOMAINS.map((domain) => [domain, Object.values<RouteSpec>(routesByDomain[domain])])) as Record<
    RouteDomain,
    RouteSpec[]
  >;
  const monitoring = new MonitoringStack(app, id('monitoring'), {
    ...stackProps('monitoring', 'alarm topic, table alarms and dashboard'),
    apiId: web.httpApi.apiId,
    routeGroups,
  });

  const environment = {
    ...functionEnvironment({
      tableName: tableName(config),
      appUrl: web.appUrl,
      emailFrom: config.emailFrom,
      uploadsBucket: uploadsBucketName(config),
      stripeApiUrl: STRIPE_API_URL,
    }),
    ...powertoolsEnvironment(config),
  };
  const queues = new QueuesStack(app, id('queues'), {
    ...stackProps('queues', 'queues, DLQs, consumers and scheduled jobs'),
    emailIdentity: email.identity,
    secretsKey: secrets.secretsKey,
    environment,
    tableStreamArn: data.table.tableStreamArn!,
  });
  const api = new ApiStack(app, id('api'), {
    ...stackProps('api', 'HTTP API authorizer shared by the route stacks'),
    httpApi: web.httpApi,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  const apiDomains = Object.fromEntries(
    ROUTE_DOMAINS.map((domain) => {
      const stack = new ApiDomainStack(app, id(`api-${domain}`), {
        ...stackProps(`api-${domain}`, `HTTP API routes of the ${domain} domain, their Lambdas and alarms`),
        domain,
        routes: routeGroups[domain],
        apiId: web.httpApi.apiId,
        authorizerId: api.authorizer.authorizerId,
        resources: { environment, stripeSecret: billing.stripeSecret, secretsKey: secrets.secretsKey },
      });
      return [domain, stack] as const;
    }),
  ) as Record<RouteDomain, ApiDomainStack>;

  // Named, not referenced (see above): order the stacks that use a name after the stack that makes it.
  for (const functions of [queues, ...Object.values(apiDomains)]) {
    functions.addStackDependency(data, 'functions use the table by name');
    functions.addStackDependency(storage, 'functions use the uploads bucket by name');
    functions.addStackDependency(monitoring, 'alarms notify the alarm topic by name');
  }
  for (const routes of Object.values(apiDomains)) routes.addStackDependency(queues, 'routes send to queues by name');

  Tags.of(app).add('app', 'brandslate');
  Tags.of(app).add('stage', config.stage);
  return { data, auth, email, billing, secrets, web, storage, monitoring, queues, api, apiDomains };
};

export type BrandslateStacks = ReturnType<typeof buildApp>;
