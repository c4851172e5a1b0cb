import { Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

export type ApiStackProps = StackProps & {
  config: StageConfig;
  /** The HTTP API (and its $default stage) owned by the web stack. */
  httpApi: apigw.IHttpApi;
  userPool: cognito.UserPool;
  userPoolClient: cognito.IUserPoolClient;
};

/**
 * What every route of the HTTP API shares: the JWT authorizer (Cognito ID tokens: the user pool as issuer, the
 * SPA client as audience). The routes themselves live in one stack per route domain (api-domain-stack.ts),
 * which attach to the API and this authorizer by id, so a domain's stack only grows with its own routes.
 */
export class ApiStack extends Stack {
  readonly authorizer: apigw.HttpAuthorizer;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;
    // Referenced by id so the authorizer is created here, not in the web stack's scope.
    const httpApi = apigw.HttpApi.fromHttpApiAttributes(this, 'HttpApi', { httpApiId: props.httpApi.apiId });
    this.authorizer = new apigw.HttpAuthorizer(this, 'CognitoJwt', {
      httpApi,
      authorizerName: `${config.prefix}-cognito`,
      type: apigw.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: props.userPool.userPoolProviderUrl,
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
  }
}

/** A JWT authorizer of another stack, attached to a route by its id. */
export class JwtAuthorizerById implements apigw.IHttpRouteAuthorizer {
  constructor(private readonly authorizerId: string) {}
  bind(): apigw.HttpRouteAuthorizerConfig {
    return { authorizerId: this.authorizerId, authorizationType: 'JWT' };
  }
}
