import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { JwkWithKid } from 'aws-jwt-verify/jwk';

/**
 * The local stand-in for API Gateway's JWT authorizer: verifies the `Authorization` header's Cognito ID token
 * (signature against the pool's key, issuer, audience = the app client, expiry) and returns the claims the
 * way API Gateway hands them to a Lambda: every value a string, arrays as "[a b]".
 * API Gateway also requires `exp` and refuses an `iat` or `nbf` after the current time, which aws-jwt-verify
 * leaves to the caller (it checks `exp` and `nbf` only when present).
 */
export type Claims = Record<string, string>;
export type TokenVerifier = (authorization: string | undefined) => Promise<Claims | undefined>;

export const toGatewayClaims = (payload: Record<string, unknown>): Claims =>
  Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      typeof value === 'string'
        ? value
        : Array.isArray(value)
          ? `[${value.join(' ')}]`
          : value !== null && typeof value === 'object'
            ? JSON.stringify(value)
            : String(value),
    ]),
  );

/** The token from an Authorization header; like API Gateway, a leading "Bearer " is optional. */
export const bearerToken = (authorization: string | undefined) => {
  const value = authorization?.trim();
  if (!value) return undefined;
  return value.replace(/^Bearer\s+/i, '') || undefined;
};

export const createTokenVerifier = ({ userPoolId, clientId, jwk }: { userPoolId: string; clientId: string; jwk: JwkWithKid }): TokenVerifier => {
  const verifier = CognitoJwtVerifier.create({ userPoolId, tokenUse: 'id', clientId });
  verifier.cacheJwks({ keys: [jwk] });
  return async (authorization) => {
    const token = bearerToken(authorization);
    if (!token) return undefined;
    try {
      const payload = (await verifier.verify(token)) as unknown as Record<string, unknown>;
      const now = Date.now() / 1000;
      if (typeof payload.exp !== 'number') return undefined;
      if (typeof payload.iat === 'number' && payload.iat > now) return undefined;
      return toGatewayClaims(payload);
    } catch {
      return undefined;
    }
  };
};
