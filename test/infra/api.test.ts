import * as lambda from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { tableSpec } from '#data/table-spec';
import { jobs } from '#shared/jobs';
import { queues, queueUrlEnv } from '#shared/queues';
import { routeList, routeKeyOf } from '#shared/routes';
import { actionsOfRole, functionNamed, logicalIdOf, statementsOfRole, synthStage } from './synth';

const synth = synthStage('dev');
afterAll(() => synth.cleanup());
const { prefix } = synth.config;
const routeFn = (id: string) => functionNamed(synth, 'api', `${prefix}-http-${id}`);

/** The newest Node.js runtime aws-cdk-lib knows; a CDK upgrade that adds one fails here until we move. */
const newestNode = Object.keys(lambda.Runtime)
  .map((key) => /^NODEJS_(\d+)_X$/.exec(key))
  .filter((match) => match !== null)
  .sort((a, b) => Number(b[1]) - Number(a[1]))
  .map((match) => `nodejs${match[1]}.x`)[0];

describe('one Lambda per table entry', () => {
  it('makes one function per route, and one per queue consumer and job', () => {
    synth.template('api').resourceCountIs('AWS::Lambda::Function', routeList.length);
    synth.template('queues').resourceCountIs('AWS::Lambda::Function', queues.length + jobs.length);
  });

  it('runs every function on the newest Node runtime, arm64, handler export `handler`', () => {
    for (const key of ['api', 'queues'] as const) {
      for (const fn of Object.values(synth.resources(key, 'AWS::Lambda::Function'))) {
        expect(fn.Properties).toMatchObject({ Runtime: newestNode, Architectures: ['arm64'], Handler: 'index.handler' });
      }
    }
  });
});

describe('HTTP API routes follow the route table', () => {
  const routes = synth.resources('api', 'AWS::ApiGatewayV2::Route');
  const [authorizerId] = Object.keys(synth.resources('api', 'AWS::ApiGatewayV2::Authorizer'));

  it('adds routes to the web stack’s API and creates no API of its own', () => {
    synth.template('api').resourceCountIs('AWS::ApiGatewayV2::Api', 0);
    expect(Object.keys(routes)).toHaveLength(routeList.length);
  });

  it.each(routeList.map((route) => [route.id, route] as const))('%s: route key, authorizer and target function', (_id, route) => {
    const routeId = logicalIdOf(synth, 'api', 'AWS::ApiGatewayV2::Route', (p) => p.RouteKey === routeKeyOf(route));
    const properties = routes[routeId].Properties;
    if (route.auth === 'public') {
      expect(properties.AuthorizationType).toBe('NONE');
      expect(properties.AuthorizerId).toBeUndefined();
    } else {
      expect(properties.AuthorizationType).toBe('JWT');
      expect(properties.AuthorizerId).toEqual({ Ref: authorizerId });
    }
    const integrationId = properties.Target['Fn::Join'][1][1].Ref;
    const integration = synth.resources('api')[integrationId].Properties;
    expect(integration).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    expect(integration.IntegrationUri).toEqual({ 'Fn::GetAtt': [routeFn(route.id).id, 'Arn'] });
  });

  it('uses the route key format the local gateway mounts: METHOD /api/path', () => {
    expect(routeKeyOf({ method: 'GET', path: '/workspaces/{workspaceId}' })).toBe('GET /api/workspaces/{workspaceId}');
  });

  it('checks ID tokens of the SPA client issued by the user pool', () => {
    const authorizer = synth.resources('api', 'AWS::ApiGatewayV2::Authorizer')[authorizerId].Properties;
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
  const queueArnOutput = (queueId: string) =>
    logicalIdOf(synth, 'queues', 'AWS::SQS::Queue', (p) => p.QueueName === `${prefix}-${queueId}`);

  it.each(routeList.map((route) => [route.id, route] as const))('%s', (_id, route) => {
    const fn = routeFn(route.id);
    const actions = actionsOfRole(synth, 'api', fn.roleId);
    const statements = statementsOfRole(synth, 'api', fn.roleId);

    expect(actions.filter((action) => action.includes('*'))).toEqual([]);
    expect(actions).not.toContain('dynamodb:Scan');
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
      for (const index of Object.keys(tableSpec.indexes)) expect(tableResources).toContain(`/index/${index}"`);
    }

    const listed = route.access.queues ?? [];
    const sendStatements = statements.filter((s) => [s.Action].flat().includes('sqs:SendMessage'));
    expect(sendStatements).toHaveLength(listed.length);
    for (const queueId of listed) expect(JSON.stringify(sendStatements)).toContain(queueArnOutput(queueId));
    const env = fn.properties.Environment.Variables;
    for (const queue of queues) expect(queueUrlEnv(queue.id) in env).toBe(listed.includes(queue.id as never));

    expect(actions.some((a) => a.startsWith('s3:'))).toBe(!!route.access.bucket);
    if (route.access.bucket === 'read') expect(actions).not.toContain('s3:PutObject');
    expect(actions.some((a) => a.startsWith('ses:'))).toBe(false);
  });
});
