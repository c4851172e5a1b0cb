import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, HSTS_MAX_AGE_SECONDS } from '#shared/security-headers';
import { responseHeadersBehaviors } from '../../infra/constructs/security-headers-policy';

describe('a header set as a CloudFront response-headers policy', () => {
  it('puts the headers CloudFront models in its security behaviour, the rest in custom headers, and never content-type', () => {
    const { securityHeadersBehavior, customHeadersBehavior } = responseHeadersBehaviors(API_SECURITY_HEADERS);
    expect(securityHeadersBehavior).toEqual({
      contentSecurityPolicy: { contentSecurityPolicy: API_SECURITY_HEADERS['content-security-policy'], override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: false, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.NO_REFERRER, override: true },
    });
    expect(customHeadersBehavior).toEqual({ customHeaders: [{ header: 'cache-control', value: 'no-store', override: true }] });
  });

  it('reads preload and matches enum values whatever their case', () => {
    const { securityHeadersBehavior } = responseHeadersBehaviors({ 'Strict-Transport-Security': 'max-age=60; preload', 'X-Frame-Options': 'sameorigin' });
    expect(securityHeadersBehavior?.strictTransportSecurity).toMatchObject({ includeSubdomains: false, preload: true });
    expect(securityHeadersBehavior?.frameOptions?.frameOption).toBe(cloudfront.HeadersFrameOption.SAMEORIGIN);
  });

  it.each([
    ['x-content-type-options', 'sniff-away'],
    ['x-frame-options', 'ALLOW-FROM https://example.com'],
    ['referrer-policy', 'sometimes'],
    ['strict-transport-security', 'includeSubDomains'],
    ['strict-transport-security', 'max-age=60; forever'],
    ['x-xss-protection', '1; mode=block'],
  ])('refuses %s: %s, which the policy could not send as written', (header, value) => {
    expect(() => responseHeadersBehaviors({ [header]: value })).toThrow();
  });
});
