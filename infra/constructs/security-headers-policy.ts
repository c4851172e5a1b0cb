import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';

/** Header name → value, as shared/security-headers.ts writes them. */
export type HeaderSet = Readonly<Record<string, string>>;

type Behaviors = Pick<cloudfront.ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'customHeadersBehavior'>;
type SecurityHeaders = { -readonly [K in keyof cloudfront.ResponseSecurityHeadersBehavior]: cloudfront.ResponseSecurityHeadersBehavior[K] };

const enumMember = <E extends Record<string, string>>(values: E, value: string, header: string): E[keyof E] => {
  const found = Object.values(values).find((member) => member.toLowerCase() === value.toLowerCase());
  if (!found) throw new Error(`${header}: CloudFront cannot send "${value}"`);
  return found as E[keyof E];
};

const strictTransportSecurity = (value: string): cloudfront.ResponseHeadersStrictTransportSecurity => {
  const directives = value.split(';').map((part) => part.trim().toLowerCase());
  const maxAge = directives.map((directive) => /^max-age=(\d+)$/.exec(directive)).find((match) => match !== null);
  const known = directives.filter((directive) => directive.startsWith('max-age=') || directive === 'includesubdomains' || directive === 'preload');
  if (!maxAge || known.length !== directives.length) throw new Error(`strict-transport-security: cannot express "${value}" in CloudFront`);
  return {
    accessControlMaxAge: Duration.seconds(Number(maxAge[1])),
    includeSubdomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
    override: true,
  };
};

/**
 * A header set as a response-headers policy: the headers CloudFront models go to its security-headers
 * behaviour (it refuses them as custom headers), every other one becomes a custom header. All override the
 * origin's value, so answers the origin makes without them (API Gateway's own 401/404/429/5xx, S3 errors)
 * carry the same set. Content-Type is never set here: the origin's body decides it.
 */
export const responseHeadersBehaviors = (headers: HeaderSet): Behaviors => {
  const security: SecurityHeaders = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-type':
        break;
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security':
        security.strictTransportSecurity = strictTransportSecurity(value);
        break;
      case 'x-content-type-options':
        if (value.toLowerCase() !== 'nosniff') throw new Error(`x-content-type-options: CloudFront only sends nosniff, not "${value}"`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = { frameOption: enumMember(cloudfront.HeadersFrameOption, value, name), override: true };
        break;
      case 'referrer-policy':
        security.referrerPolicy = { referrerPolicy: enumMember(cloudfront.HeadersReferrerPolicy, value, name), override: true };
        break;
      case 'x-xss-protection':
        throw new Error('x-xss-protection is modelled by CloudFront as flags; add its mapping here before using it');
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return {
    securityHeadersBehavior: security,
    ...(custom.length > 0 && { customHeadersBehavior: { customHeaders: custom } }),
  };
};
