import * as lambda from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { tableSpec } from '#data/table-spec';
import { jobs } from '#shared/jobs';
import { queues, queueUrlEnv } from '#shared/queues';
import { streams } from '#shared/streams';
import { ROUTE_DOMAINS, routeDomainOf, routeList, routeKeyOf, routesByDomain } from '#shared/routes';
import { queueName } from '../../infra/names';
import { actionsOfRole, routeFunction, routeStack, statementsOfRole, synthStage } from './synth';

const synth = synthStage('dev');
afterAll(() => synth.cleanup());
const domainStacks = Object.values(synth.stacks.apiDomains);

/** The newest Node.js runtime aws-cdk-lib knows; a CDK upgrade that adds one fails here until we move. */
const newestNode = Object.keys(lambda.Runtime)
  .map((key) => /^NODEJS_(\d+)_X$/.exec(key))
  .filter((match) => match !== null)
  .sort((a, b) => Number(b[1]) - Number(a[1]))
  .map((match) => `nodejs${match[1]}.x`)[0];

describe('one stack per route domain', () => {
  it('makes one api-<domain> stack per domain of the route table, holding exactly that domain’s functions', () => {
    expect(Object.keys(synth.stacks.apiDomains).sort()).toEqual([...ROUTE_DOMAINS].sort());
    for (const domain of ROUTE_DOMAINS) {
      const stack = synth.stacks.apiDomains[domain];
      expect(stack.stackName).toBe(`${synth.config.prefix}-api-${domain}`);
      const names = Object.values(synth.resources(stack, 'AWS::Lambda::Function')).map((fn) => fn.Properties.FunctionName);
      expect(names.sort()).toEqual(Object.values(routesByDomain[domain]).map((route) => `${synth.config.prefix}-http-${route.id}`).sort());
    }
  });

  it('keeps the authorizer in the api stack, with no function of its own', () => {
    synth.template('api').resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
    synth.template('api').resourceCountIs('AWS::Lambda::Function', 0);
    for (const stack of domainStacks) synth.template(stack).resourceCountIs('AWS::ApiGatewayV2::Authorizer', 0);
  });

  it('names the table and queues instead of reading the data and queues stacks’ outputs', () => {
    for (const stack of domainStacks) {
      const template = JSON.stringify(synth.template(stack).toJSON());
      expect(template).not.toContain(synth.stacks.data.stackName);
      expect(template).not.toContain(synth.stacks.queues.stackName);
      expect(stack.dependencies).toEqual(expect.arrayContaining([synth.stacks.data, synth.stacks.queues, synth.stacks.storage, synth.stacks.monitoring]));
    }
  });
});

describe('one Lambda per table entry', () => {
  it('makes one function per route, and one per queue consumer, job and stream consumer', () => {
    const routeFunctions = domainStacks.flatMap((stack) => Object.keys(synth.resources(stack, 'AWS::Lambda::Function')));
    expect(routeFunctions).toHaveLength(routeList.length);
    synth.template('queues').resourceCountIs('AWS::Lambda::Function', queues.length + jobs.length + streams.length);
  });

  it('runs every function on the newest Node runtime, arm64, handler export `handler`, traced by X-Ray', () => {
    for (const stack of [...domainStacks, synth.stacks.queues]) {
      for (const fn of Object.values(synth.resources(stack, 'AWS::Lambda::Function'))) {
        expect(fn.Properties).toMatchObject({ Runtime: newestNode, Architectures: ['arm64'], Handler: 'index.handler', TracingConfig: { Mode: 'Active' } });
      }
    }
  });

  it('gives every function the Powertools environment of its stage', () => {
    for (const stack of [...domainStacks, synth.stacks.queues]) {
      for (const fn of Object.values(synth.resources(stack, 'AWS::Lambda::Function'))) {
        expect(fn.Properties.Environment.Variables).toMatchObject({
          POWERTOOLS_SERVICE_NAME: 'brandslate',
          POWERTOOLS_METRICS_NAMESPACE: `Brandslate/${synth.config.stage}`,
          POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
          POWERTOOLS_LOG_LEVEL: synth.config.logLevel,
        });
      }
    }
  });
});

describe('HTTP API routes follow the route table', () => {
  const authorizerId = () => Object.keys(synth.resources('api', 'AWS::ApiGatewayV2::Authorizer'))[0];

  it('adds routes to the web stack’s API and creates no API of its own', () => {
    const [webApiId] = Object.keys(synth.resources('web', 'AWS::ApiGatewayV2::Api'));
    for (const stack of [synth.stacks.api, ...domainStacks]) {
      synth.template(stack).resourceCountIs('AWS::ApiGatewayV2::Api', 0);
      for (const resource of Object.values(synth.resources(stack)).filter((r) => r.Type.startsWith('AWS::ApiGatewayV2::'))) {
        expect(JSON.stringify(resource.Properties.ApiId)).toContain(webApiId);
      }
    }
    expect(domainStacks.flatMap((stack) => Object.keys(synth.resources(stack, 'AWS::ApiGatewayV2::Route')))).toHaveLength(routeList.length);
  });

  it.each(routeList.map((route) => [route.id, route] as const))('%s: route key, authorizer and target function', (_id, route) => {
    const stack = routeStack(synth, route);
    const [properties] = Object.values(synth.resources(stack, 'AWS::ApiGatewayV2::Route'))
      .map((r) => r.Properties)
      .filter((p) => p.RouteKey === routeKeyOf(route));
    if (route.auth === 'public') {
      expect(properties.AuthorizationType).toBe('NONE');
      expect(properties.AuthorizerId).toBeUndefined();
    } else {
      expect(properties.AuthorizationType).toBe('JWT');
      // The api stack's authorizer, read by id from its output.
      expect(JSON.stringify(properties.AuthorizerId)).toContain(synth.stacks.api.stackName);
      expect(JSON.stringify(properties.AuthorizerId)).toContain(authorizerId());
    }
    const integrationId = properties.Target['Fn::Join'][1][1].Ref;
    const integration = synth.resources(stack)[integrationId].Properties;
    expect(integration).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [routeFunction(synth, route).id, 'Arn'] });
    expect(routeDomainOf(route)).toBe(routeFunction(synth, route).stack.domain);
  });

  it('uses the route key format the local gateway mounts: METHOD /api/path', () => {
    expect(routeKeyOf({ method: 'GET', path: '/workspaces/{workspaceId}' })).toBe('GET /api/workspaces/{workspaceId}');
  });

  it('checks ID tokens of the SPA client issued by the user pool', () => {
    const authorizer = synth.resources('api', 'AWS::ApiGatewayV2::Authorizer')[authorizerId()].Properties;
    expect(authorizer).toMatchObject({ AuthorizerType: 'JWT', IdentitySource: ['$request.header.Authorization'] });
    const [poolId] = Object.keys(synth.resources('auth', 'AWS::Cognito::UserPool'));
    const [clientId] = Object.keys(synth.resources('auth', 'AWS::Cognito::UserPoolClient'));
    // Cross-stack values: the pool's ProviderURL (https://cognito-idp.<region>.amazonaws.com/<pool id>) and the client's id.
    expect(JSON.stringify(authorizer.JwtConfiguration.Issuer)).toContain(`${poolId}ProviderURL`);
    expect(authorizer.JwtConfiguration.Audience).toHaveLength(1);
    expect(JSON.stringify(authorizer.JwtConfiguration.Audience)).toContain(`Ref${clientId}`);
  });
});

describe('least privilege from each route’s access entry', () => {
  it.each(routeList.map((route) => [route.id, route] as const))('%s', (_id, route) => {
    const fn = routeFunction(synth, route);
    const actions = actionsOfRole(synth, fn.stack, fn.roleId);
    const statements = statementsOfRole(synth, fn.stack, fn.roleId);

    expect(actions.filter((action) => action.includes('*'))).toEqual([]);
    expect(actions).not.toContain('dynamodb:Scan');
    // The only grants on every resource are X-Ray's and, for the developer page (health), ses:GetAccount: neither
    // has resource-level permissions.
    expect(statements.filter((s) => s.Resource === '*').flatMap((s) => [s.Action].flat()).sort()).toEqual(
      [...(route.access.health ? ['ses:GetAccount'] : []), 'xray:PutTelemetryRecords', 'xray:PutTraceSegments'],
    );
    if (!route.access.table) expect(actions.filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
    if (route.access.table === 'read') {
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
      for (const write of ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']) {
        expect(actions).not.toContain(write);
      }
    }
    if (route.access.table === 'readWrite') expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem']));
    if (route.access.table) {
      // Queries on a GSI need the index ARN; each index of the spec is granted by name.
      const tableResources = JSON.stringify(statements.find((s) => [s.Action].flat().includes('dynamodb:Query'))?.Resource);
      expect(tableResources).toContain(`:table/${synth.config.prefix}-main"`);
      for (const index of Object.keys(tableSpec.indexes)) expect(tableResources).toContain(`/index/${index}"`);
    }

    const listed: readonly string[] = route.access.queues ?? [];
    const sendStatements = statements.filter((s) => [s.Action].flat().includes('sqs:SendMessage'));
    // One queue ARN per listed queue (CDK merges the grants of a function that sends to several into one statement).
    expect(sendStatements.flatMap((s) => [s.Resource].flat())).toHaveLength(listed.length);
    for (const queueId of listed) expect(JSON.stringify(sendStatements)).toContain(`:${queueName(synth.config, queueId)}"`);
    const env = fn.properties.Environment.Variables;
    // The developer page (health) reads every queue's depth, so it has every URL but may send to none.
    for (const queue of queues) expect(queueUrlEnv(queue.id) in env).toBe(listed.includes(queue.id) || !!route.access.health);
    for (const queueId of listed) expect(JSON.stringify(env[queueUrlEnv(queueId)])).toContain(`/${queueName(synth.config, queueId)}"`);

    expect(actions.some((a) => a.startsWith('s3:'))).toBe(!!route.access.bucket || !!route.access.health);
    if (route.access.health && !route.access.bucket) expect(actions.filter((a) => a.startsWith('s3:'))).toEqual(['s3:ListBucket']);
    if (route.access.bucket === 'read') expect(actions).not.toContain('s3:PutObject');
    expect(actions.filter((a) => a.startsWith('ses:'))).toEqual(route.access.health ? ['ses:GetAccount'] : []);
  });
});
