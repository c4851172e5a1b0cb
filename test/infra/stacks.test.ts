import { Match } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, describe, expect, it } from 'vitest';
import { tableSpec } from '#data/table-spec';
import { APP_CONFIG_PATH } from '#shared/app-config';
import { errorCatalogue } from '#shared/errors';
import { API_PREFIX } from '#shared/routes';
import { API_SECURITY_HEADERS, SPA_SECURITY_HEADERS } from '#shared/security-headers';
import { SPA_REWRITE_CODE } from '../../infra/constructs/spa-rewrite';
import { PASSWORD_POLICY } from '../../infra/stacks/auth-stack';
import { synthStage } from './synth';

const dev = synthStage('dev');
const prod = synthStage('prod');
afterAll(() => {
  dev.cleanup();
  prod.cleanup();
});

describe('data', () => {
  it('builds the table from the spec: keys, on-demand, PITR, TTL, GSIs with ALL projection', () => {
    dev.template('data').hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableSpec.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSpec.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: tableSpec.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: Object.entries(tableSpec.indexes).map(([IndexName, index]) =>
        Match.objectLike({
          IndexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        }),
      ),
    });
  });

  it('keeps the prod table (Retain, deletion protection) and lets dev go', () => {
    prod.template('data').hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    dev.template('data').hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
  });
});

describe('auth', () => {
  it('enforces the stated password policy (the SPA and the error catalogue say the same)', () => {
    dev.template('auth').hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
    });
    expect(errorCatalogue['auth/invalid-password'].message).toContain(`${PASSWORD_POLICY.minLength} characters`);
  });

  it('gives the SPA a public client with USER_PASSWORD_AUTH and refresh only, no OAuth', () => {
    const [client] = Object.values(dev.resources('auth', 'AWS::Cognito::UserPoolClient')).map((r) => r.Properties);
    expect([...client.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    expect(client.GenerateSecret).toBe(false);
    expect(client.AllowedOAuthFlows).toBeUndefined();
  });

  it('enforces threat protection on the Plus tier in prod only', () => {
    prod.template('auth').hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    dev.template('auth').hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'ESSENTIALS' });
  });
});

describe('buckets', () => {
  it.each(['web', 'storage'] as const)('%s: every bucket blocks public access, encrypts and refuses plain HTTP', (key) => {
    const buckets = dev.resources(key, 'AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBeGreaterThan(0);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
      const policy = Object.values(dev.resources(key, 'AWS::S3::BucketPolicy')).find(
        (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: id }),
      );
      expect(policy?.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('lets only the app origin use the uploads bucket from a browser, and logs access', () => {
    const uploads = Object.values(dev.resources('storage', 'AWS::S3::Bucket')).find((b) => b.Properties.CorsConfiguration);
    const [rule] = uploads!.Properties.CorsConfiguration.CorsRules;
    expect(JSON.stringify(rule.AllowedOrigins)).toContain(dev.stacks.web.stackName);
    expect(rule.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'GET']));
    expect(uploads!.Properties.LoggingConfiguration?.DestinationBucketName).toBeDefined();
  });

  it('expires only uploads nobody used (tagged upload=pending), never a file in use', () => {
    const uploads = Object.values(dev.resources('storage', 'AWS::S3::Bucket')).find((b) => b.Properties.CorsConfiguration);
    const expiring = uploads!.Properties.LifecycleConfiguration.Rules.filter((rule: { ExpirationInDays?: number }) => rule.ExpirationInDays !== undefined);
    expect(expiring).toEqual([expect.objectContaining({ Status: 'Enabled', ExpirationInDays: 1, TagFilters: [{ Key: 'upload', Value: 'pending' }] })]);
    expect(uploads!.Properties.CorsConfiguration.CorsRules[0].AllowedHeaders).toEqual(['*']);
  });
});

describe('web', () => {
  const [distribution] = Object.values(dev.resources('web', 'AWS::CloudFront::Distribution')).map((r) => r.Properties.DistributionConfig);
  const [apiId] = Object.keys(dev.resources('web', 'AWS::ApiGatewayV2::Api'));
  const api = distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === `${API_PREFIX}/*`);

  it('serves index.html at the root from a private bucket through origin access control', () => {
    expect(distribution.DefaultRootObject).toBe('index.html');
    const s3Origin = distribution.Origins.find((o: { Id: string }) => o.Id === distribution.DefaultCacheBehavior.TargetOriginId);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(distribution.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(distribution.Logging?.Bucket).toBeDefined();
  });

  it('sends /api/* uncached, with every method and the Authorization header, to the HTTP API', () => {
    expect(api).toMatchObject({
      CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
    });
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    const origin = distribution.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain(`{"Ref":"${apiId}"}`);
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('rewrites app routes to the SPA shell on the default behavior only (an API 404 stays JSON)', () => {
    expect(api.FunctionAssociations).toBeUndefined();
    expect(distribution.CustomErrorResponses).toBeUndefined();
    const [fn] = Object.values(dev.resources('web', 'AWS::CloudFront::Function'));
    expect(distribution.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [Object.keys(dev.resources('web', 'AWS::CloudFront::Function'))[0], 'FunctionARN'] } },
    ]);
    expect(fn.Properties.FunctionCode).toBe(SPA_REWRITE_CODE);
  });

  it.each([
    ['/', '/index.html'],
    ['/dashboard', '/index.html'],
    ['/workspaces/abc/settings', '/index.html'],
    ['/invite/person@example.com', '/index.html'],
    ['/assets/index-3f9a.js', '/assets/index-3f9a.js'],
    [APP_CONFIG_PATH, APP_CONFIG_PATH],
    ['/favicon.ico', '/favicon.ico'],
  ])('SPA rewrite: %s → %s', (uri, expected) => {
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (event: unknown) => { uri: string };
    expect(handler({ request: { uri, method: 'GET', headers: {} } }).uri).toBe(expected);
  });

  /** What a response-headers policy makes CloudFront send: header name (lower case) → value, every one overriding the origin. */
  const headersSentBy = (policyId: unknown) => {
    const [policy] = Object.entries(dev.resources('web', 'AWS::CloudFront::ResponseHeadersPolicy'))
      .filter(([id]) => JSON.stringify({ Ref: id }) === JSON.stringify(policyId))
      .map(([, resource]) => resource.Properties.ResponseHeadersPolicyConfig);
    expect(policy, `no response headers policy ${JSON.stringify(policyId)}`).toBeDefined();
    const security = policy.SecurityHeadersConfig ?? {};
    const custom: { Header: string; Value: string; Override: boolean }[] = policy.CustomHeadersConfig?.Items ?? [];
    for (const header of [...Object.values(security), ...custom]) expect(header).toMatchObject({ Override: true });
    const hsts = security.StrictTransportSecurity;
    return {
      ...(security.ContentSecurityPolicy && { 'content-security-policy': security.ContentSecurityPolicy.ContentSecurityPolicy }),
      ...(hsts && {
        'strict-transport-security': [`max-age=${hsts.AccessControlMaxAgeSec}`, hsts.IncludeSubdomains && 'includeSubDomains', hsts.Preload && 'preload']
          .filter(Boolean)
          .join('; '),
      }),
      ...(security.ContentTypeOptions && { 'x-content-type-options': 'nosniff' }),
      ...(security.FrameOptions && { 'x-frame-options': security.FrameOptions.FrameOption }),
      ...(security.ReferrerPolicy && { 'referrer-policy': security.ReferrerPolicy.ReferrerPolicy }),
      ...Object.fromEntries(custom.map((header) => [header.Header.toLowerCase(), header.Value])),
    } as Record<string, unknown>;
  };

  it('adds the SPA security headers of shared/security-headers.ts and its CSP to the SPA', () => {
    const { 'content-security-policy': csp, ...rest } = headersSentBy(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId);
    expect(rest).toEqual(SPA_SECURITY_HEADERS);
    expect(JSON.stringify(csp)).toContain("frame-ancestors 'none'");
  });

  it('adds the API security headers to every /api/* answer, also those API Gateway makes itself, without touching content-type', () => {
    const { 'content-type': _contentType, ...expected } = API_SECURITY_HEADERS;
    expect(headersSentBy(api.ResponseHeadersPolicyId)).toEqual(expected);
  });

  it('logs and throttles the API stage, which deploys on every route change', () => {
    dev.template('web').hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
      DefaultRouteSettings: { ThrottlingRateLimit: dev.config.throttle.rateLimit, ThrottlingBurstLimit: dev.config.throttle.burstLimit },
    });
  });

  it('deploys app-config.json with the user pool and client ids (no SPA build in tests)', () => {
    const deployments = Object.values(dev.resources('web', 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(1);
    expect(deployments[0].Properties.SourceMarkersConfig ?? deployments[0].Properties.SourceMarkers).toBeDefined();
    expect(JSON.stringify(deployments[0].Properties.SourceMarkers)).toContain(dev.stacks.auth.stackName);
  });
});
