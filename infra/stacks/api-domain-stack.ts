import { Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { API_PREFIX, type RouteDomain, type RouteSpec } from '#shared/routes';
import type { FunctionResources } from '../constructs/app-function';
import { RouteFunction } from '../constructs/route-function';
import { stageResources } from '../constructs/stage-resources';
import { RouteAlarms } from '../monitoring/alarms';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';
import { JwtAuthorizerById } from './api-stack';

export type ApiDomainStackProps = StackProps & {
  config: StageConfig;
  domain: RouteDomain;
  routes: readonly RouteSpec[];
  /** The web stack's HTTP API and the api stack's authorizer, by id. */
  apiId: string;
  authorizerId: string;
  /** What the functions get besides the stage's table, queues and bucket (imported by name here). */
  resources: Pick<FunctionResources, 'environment' | 'stripeSecret' | 'secretsKey'>;
};

/**
 * The routes of one domain of the route table: per entry a Lambda (grants from its `access`), the HTTP API route
 * and integration on the shared API, and its alarms (5xx rate, p99 latency). Every route but public ones requires
 * a Cognito ID token at the gateway; membership and role checks per the route's auth level happen in the handler,
 * which has the path's workspace id.
 */
export class ApiDomainStack extends Stack {
  readonly domain: RouteDomain;
  readonly functions: Readonly<Record<string, RouteFunction>>;

  constructor(scope: Construct, id: string, props: ApiDomainStackProps) {
    super(scope, id, props);
    const { config, apiId } = props;
    const resources = stageResources(this, config, props.resources);
    this.domain = props.domain;
    const httpApi = apigw.HttpApi.fromHttpApiAttributes(this, 'HttpApi', { httpApiId: apiId });
    const authorizer = new JwtAuthorizerById(props.authorizerId);

    const functions: Record<string, RouteFunction> = {};
    for (const route of props.routes) {
      const fn = new RouteFunction(this, `Route-${route.id}`, { config, route, resources });
      functions[route.id] = fn;
      const httpRoute = new apigw.HttpRoute(this, `HttpRoute-${route.id}`, {
        httpApi,
        routeKey: apigw.HttpRouteKey.with(`${API_PREFIX}${route.path}`, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`Integration-${route.id}`, fn.function),
        authorizer: route.auth === 'public' ? new apigw.HttpNoneAuthorizer() : authorizer,
      });
      if (route.auth === 'public') {
        acknowledge(httpRoute, {
          id: 'AwsSolutions-APIG4',
          reason: `Route ${route.id} is public in the route table (${route.summary}); its handler treats any caller as anonymous.`,
        });
      }
      new RouteAlarms(this, `Alarms-${route.id}`, { config, apiId, route });
    }
    this.functions = functions;
  }
}
