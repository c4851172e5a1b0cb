import { createHash, randomBytes } from 'node:crypto';
import { providerConfig } from '../config';
import type { ProviderHttpOptions } from './http';
import { authorizeUrl, postToken, secretsFromTokenAnswer } from './oauth';
import { asProviderFailure, type Call, type SocialOAuthApp, type TokenSecrets } from './social';

/**
 * Google's OAuth for the connected accounts (YouTube, Drive): the consent with PKCE (S256; the verifier stays on
 * the server with the state, only its challenge travels in the browser), offline access so a refresh token comes
 * back, and prompt=consent so a reconnect gets a fresh one. Code exchange and refresh at the token endpoint.
 */
export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube.readonly'];
export const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive.file'];

/** A PKCE code verifier (RFC 7636 §4.1): 43 characters of base64url from 32 random bytes. */
export const newCodeVerifier = () => randomBytes(32).toString('base64url');

/** Its S256 challenge (RFC 7636 §4.2). */
export const codeChallengeS256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const tokenCall = async (params: Record<string, string>, options: ProviderHttpOptions, previousRefresh?: string): Promise<Call<TokenSecrets>> => {
  const { clientId, clientSecret } = providerConfig.oauthClient('google');
  const answer = await postToken(providerConfig.url('googleToken'), { ...params, client_id: clientId, client_secret: clientSecret }, options);
  if (!answer.ok) return asProviderFailure(answer);
  return { ok: true, value: secretsFromTokenAnswer(answer.body, new Date(), previousRefresh) };
};

export const googleOAuthApp = (scopes: string[], options: ProviderHttpOptions = {}): SocialOAuthApp => ({
  authorizeUrl: ({ state, redirectUri, codeChallenge }) =>
    authorizeUrl(`${providerConfig.url('googleOAuth')}/o/oauth2/v2/auth`, {
      client_id: providerConfig.oauthClient('google').clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: scopes.join(' '),
      state,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      ...(codeChallenge ? { code_challenge: codeChallenge, code_challenge_method: 'S256' } : {}),
    }),
  exchangeCode: ({ code, redirectUri, codeVerifier }) =>
    tokenCall({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(codeVerifier ? { code_verifier: codeVerifier } : {}) }, options),
  refresh: async (secrets) => {
    if (!secrets.refresh_token) return { ok: false, error: 'No refresh token: the account must be connected again', retryable: false, unauthorized: true, latencyMs: 0 };
    return tokenCall({ grant_type: 'refresh_token', refresh_token: secrets.refresh_token }, options, secrets.refresh_token);
  },
});
