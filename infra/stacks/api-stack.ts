import { Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { API_PREFIX, routeList, type RouteSpec } from '#shared/routes';
import type { FunctionResources } from '../constructs/app-function';
import { RouteFunction } from '../constructs/route-function';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

export type ApiStackProps = StackProps & {
  config: StageConfig;
  /** The HTTP API (and its $default stage) owned by the web stack. */
  httpApi: apigw.IHttpApi;
  userPool: cognito.UserPool;
  userPoolClient: cognito.IUserPoolClient;
  resources: FunctionResources;
};


/**
 * One Lambda and one HTTP API route per route-table entry. Every route but public ones requires a Cognito ID
 * token (JWT authorizer: user pool issuer, SPA client as audience); membership and role checks per the route's
 * auth level happen in the handler wrapper, which has the path's workspace id.
 */
export class ApiStack extends Stack {
  readonly functions: Readonly<Record<string, RouteFunction>>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, resources } = props;
    // Referenced by id so the authorizer and integrations are created here, not in the web stack's scope.
    const httpApi = apigw.HttpApi.fromHttpApiAttributes(this, 'HttpApi', {
      httpApiId: props.httpApi.apiId,
      apiEndpoint: props.httpApi.apiEndpoint,
    });
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.userPool.userPoolProviderUrl, {
      authorizerName: `${config.prefix}-cognito`,
      jwtAudience: [props.userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    const functions: Record<string, RouteFunction> = {};
    for (const route of routeList) {
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
    }
    this.functions = functions;
  }
}
