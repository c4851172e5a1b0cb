/**
 * The security headers, written once: the functions put the API's on every answer, the local gateway on the
 * answers it makes itself (401, 404, 405, 413) and on the SPA it serves, and CloudFront's response-headers
 * policies carry the same values in AWS.
 */

/** On every API answer: JSON only, never framed, sniffed or cached. */
export const API_SECURITY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/** HSTS lifetime in seconds (two years), shared by the API and the SPA. */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** The other hosts the SPA talks to: Cognito (Amplify, from the browser) and the uploads bucket (presigned URLs). */
export type SpaOrigins = { cognito: string; uploads: string };

/**
 * Content Security Policy of the SPA: only its own scripts; API calls on the same origin; Cognito and the
 * uploads bucket as the only other hosts. Cloudscape needs inline styles and inlines its fonts as data: URIs.
 */
export const spaContentSecurityPolicy = ({ cognito, uploads }: SpaOrigins) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${uploads}`,
    `media-src 'self' blob: ${uploads}`,
    "font-src 'self' data:",
    `connect-src 'self' ${cognito} ${uploads}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** On every SPA answer besides its CSP. */
export const SPA_SECURITY_HEADERS = {
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
} as const;
