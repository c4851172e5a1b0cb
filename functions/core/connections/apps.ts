import { CONNECTION_SCOPES, type ConnectionType } from '#shared/schemas/connections';
import { codeChallengeS256, googleOAuthApp, newCodeVerifier } from '#lib/providers/google-oauth';
import { instagramOAuthApp } from '#lib/providers/instagram';
import type { ConnectionApp, NewPkce } from './connect';

/**
 * The OAuth app each connection type consents through: Instagram's own (no PKCE: Instagram Login has none), and
 * Google's for YouTube and Drive, with PKCE (S256) and each type's own scopes.
 */
export const connectionApp = (type: ConnectionType): ConnectionApp =>
  type === 'instagram' ? { app: instagramOAuthApp(), pkce: false } : { app: googleOAuthApp([...CONNECTION_SCOPES[type]]), pkce: true };

export const newPkce: NewPkce = () => {
  const verifier = newCodeVerifier();
  return { verifier, challenge: codeChallengeS256(verifier) };
};
