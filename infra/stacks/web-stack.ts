import { Aws, CfnOutput, DefaultStackSynthesizer, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';
import { API_PREFIX } from '#shared/routes';
import { API_SECURITY_HEADERS, SPA_SECURITY_HEADERS, spaContentSecurityPolicy } from '#shared/security-headers';
import { LogBucket } from '../constructs/log-bucket';
import { responseHeadersBehaviors } from '../constructs/security-headers-policy';
import { SPA_REWRITE_CODE } from '../constructs/spa-rewrite';
import { API_STAGE_NAME } from '../names';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { StageConfig } from '../stage-config';
import { uploadsBucketName } from './storage-stack';

export type WebStackProps = StackProps & {
  config: StageConfig;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** Built SPA (web/dist); absent in tests and before the first front-end build, then only app-config.json is deployed. */
  spaDist?: string;
};

/**
 * The app's origin: CloudFront in front of the private SPA bucket and, under /api/*, the HTTP API.
 * The HTTP API itself (API + $default stage) lives here too: everything else needs the app's URL (invite links,
 * upload CORS), and the distribution needs the API's domain, so owning both here keeps the stacks acyclic.
 * The JWT authorizer is added by the api stack; routes and their Lambdas by one api-<domain> stack per route domain.
 */
export class WebStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly distribution: cloudfront.Distribution;
  /** https origin of the app, no trailing slash (FUNCTION_ENV.appUrl, upload CORS). */
  readonly appUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const logBucket = new LogBucket(this, 'Logs', { config, acceptsCloudFrontLogs: true }).bucket;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${config.prefix}-api`,
      description: `Brandslate ${config.stage} API; routes come from the route table`,
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', {
      logGroupName: `/aws/apigateway/${config.prefix}-api`,
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    new apigw.HttpStage(this, 'ApiStage', {
      httpApi: this.httpApi,
      stageName: API_STAGE_NAME,
      autoDeploy: true,
      throttle: config.throttle,
      // Route-level metrics (5xx, latency per route) for the generated alarms and dashboard (infra/monitoring).
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const site = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.removalPolicy === RemovalPolicy.DESTROY,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      functionName: `${config.prefix}-spa-rewrite`,
      comment: 'App routes without a file extension get the SPA shell',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${config.prefix}-security-headers`,
      comment: 'SPA: strict CSP, HSTS, no framing, no sniffing',
      ...responseHeadersBehaviors({ 'content-security-policy': contentSecurityPolicy(config), ...SPA_SECURITY_HEADERS }),
    });
    const apiSecurityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiSecurityHeaders', {
      responseHeadersPolicyName: `${config.prefix}-api-security-headers`,
      comment: 'API: the headers every handler answer carries, also on answers API Gateway makes itself',
      ...responseHeadersBehaviors(API_SECURITY_HEADERS),
    });

    const customDomain = config.domain && config.certificateArn
      ? {
          domainNames: [config.domain],
          certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
          // Only settable with a custom certificate; *.cloudfront.net is fixed at TLSv1 (see CFR4 below).
          minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {};
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Brandslate ${config.stage}`,
      ...customDomain,
      defaultRootObject: 'index.html',
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: {
        [`${API_PREFIX}/*`]: {
          origin: new origins.HttpOrigin(`${this.httpApi.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          // An API call must never be redirected (a POST would come back as a GET), so plain HTTP is refused.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Forwards Authorization (allowed because caching is disabled); Host must stay the API's own.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiSecurityHeaders,
          compress: true,
        },
      },
    });
    this.appUrl = config.domain ? `https://${config.domain}` : `https://${this.distribution.distributionDomainName}`;

    acknowledge(
      this.distribution,
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Brandslate is sold worldwide and the product spec has no country restrictions.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF yet: a CloudFront-scope web ACL must live in us-east-1 (a cross-region stack) and is priced per rule; the API behind /api/* is JWT-protected and throttled at its stage.',
      },
    );
    if (!config.certificateArn) {
      acknowledge(this.distribution, {
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose security policy CloudFront fixes at TLSv1; with -c domain/certificateArn TLSv1.2_2021 applies.',
      });
    }

    this.deploySite(config, site, props);

    new CfnOutput(this, 'AppUrl', { value: this.appUrl });
    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }

  /**
   * Hashed assets (Vite's assets/) are immutable for a year; everything else (index.html, app-config.json,
   * service worker, icons) revalidates on every load, so a deploy is visible at once. Old assets are kept
   * (no prune) for tabs still running the previous index.html.
   */
  private deploySite(config: StageConfig, site: s3.Bucket, props: WebStackProps) {
    const appConfig = {
      stage: config.stage,
      region: Aws.REGION,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
    } satisfies AppConfig;
    const role = new iam.Role(this, 'SiteDeploymentRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built SPA and app-config.json into the site bucket',
    });
    const logGroup = new logs.LogGroup(this, 'SiteDeploymentLogs', {
      retention: config.logRetention,
      removalPolicy: config.removalPolicy,
    });
    logGroup.grantWrite(role);
    const common = { destinationBucket: site, prune: false, role, logGroup, memoryLimit: 512 };

    const assets = props.spaDist
      ? new s3deploy.BucketDeployment(this, 'SiteAssets', {
          ...common,
          // Source maps stay out of the public site (they are kept in the build for local debugging only).
          sources: [s3deploy.Source.asset(props.spaDist, { exclude: ['**/*.map'] })],
          include: ['assets/*'],
          exclude: ['*'],
          cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        })
      : undefined;
    const shell = new s3deploy.BucketDeployment(this, 'SiteShell', {
      ...common,
      sources: [
        ...(props.spaDist ? [s3deploy.Source.asset(props.spaDist, { exclude: ['assets/*'] })] : []),
        s3deploy.Source.jsonData(APP_CONFIG_PATH.replace(/^\//, ''), appConfig),
      ],
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    if (assets) shell.node.addDependency(assets);

    this.acknowledgeSiteDeployment(role, site);
  }

  /** The BucketDeployment handler is aws-cdk-lib's own Lambda; its runtime and grants are not ours to shape. */
  private acknowledgeSiteDeployment(role: iam.Role, site: s3.Bucket) {
    const handler = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (handler) {
      acknowledge(handler, {
        id: 'AwsSolutions-L1',
        reason: "aws-cdk-lib's BucketDeployment handler (Python, runs `aws s3 sync` at deploy time only); its runtime is chosen by aws-cdk-lib.",
      });
    }
    // The bootstrap asset bucket, named as the default synthesizer names it for this stack's environment.
    const qualifier = this.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const assetBucket = `arn:${this.partition}:s3:::cdk-${qualifier}-assets-${this.account}-${this.region}/*`;
    const why = 'BucketDeployment copies whole trees: it reads any staged asset object and writes, lists and replaces any object of the site bucket';
    acknowledge(
      role,
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: `${why} (grant made by aws-cdk-lib for ${action}).`,
      })),
      { id: `AwsSolutions-IAM5[${wildcardResourceFinding(this, `${site.bucketArn}/*`)}]`, reason: `${why}: every object of the site bucket.` },
      { id: `AwsSolutions-IAM5[${wildcardResourceFinding(this, assetBucket)}]`, reason: `${why}: the CDK asset bucket's staged zips.` },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: 'CloudFront invalidations cannot be scoped to a distribution ARN by the BucketDeployment handler (cloudfront:CreateInvalidation/GetInvalidation on *).',
      },
    );
  }
}

/** The uploads bucket's origin as presigned URLs name it (covers and attachments shown, audio played, files PUT). */
const uploadsOrigin = (config: StageConfig) => `https://${uploadsBucketName(config)}.s3.${Aws.REGION}.amazonaws.com`;

/** Content Security Policy of the SPA in AWS: Cognito's regional endpoint and the uploads bucket as other hosts. */
export const contentSecurityPolicy = (config: StageConfig) =>
  spaContentSecurityPolicy({ cognito: `https://cognito-idp.${Aws.REGION}.amazonaws.com`, uploads: uploadsOrigin(config) });
