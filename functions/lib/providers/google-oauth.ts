import { createHash, randomBytes } from 'node:crypto';
import { providerConfig } from '../config';
import { errorFailure, since } from './classify';
import { jsonApi, ProviderHttpError, type ProviderHttpOptions } from './http';
import { authorizeUrl, postToken, refreshSecrets, secretsFromTokenAnswer } from './oauth';
import { answerFailure, asProviderFailure, type Call, type ProviderFailure, type SocialOAuthApp, type TokenSecrets } from './social';

/**
 * Google's OAuth (YouTube, Drive, Calendar): the consent, with PKCE (S256; the verifier stays on the server with the
 * state, only its challenge travels in the browser) for the connected accounts, offline access so a refresh token
 * comes back, and prompt=consent so a reconnect gets a fresh one. Code exchange and refresh at the token endpoint.
 * The APIs are called as REST through `googleApi`: Google's client libraries would put ≈450 KB (their auth library
 * and generated API surface) into the cold start of every route that may touch a calendar event.
 */
export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube.readonly'];
export const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive.file'];

/** A PKCE code verifier (RFC 7636 §4.1): 43 characters of base64url from 32 random bytes. */
export const newCodeVerifier = () => randomBytes(32).toString('base64url');

/** Its S256 challenge (RFC 7636 §4.2). */
export const codeChallengeS256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const exchange = async (params: Record<string, string>, options: ProviderHttpOptions): Promise<Call<TokenSecrets>> => {
  const { clientId, clientSecret } = providerConfig.oauthClient('google');
  const answer = await postToken(providerConfig.url('googleToken'), { ...params, client_id: clientId, client_secret: clientSecret }, options);
  if (!answer.ok) return asProviderFailure(answer);
  return { ok: true, value: secretsFromTokenAnswer(answer.body, new Date()) };
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
    exchange({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(codeVerifier ? { code_verifier: codeVerifier } : {}) }, options),
  refresh: async (secrets) => {
    if (!secrets.refresh_token) return { ok: false, error: 'No refresh token: the account must be connected again', retryable: false, unauthorized: true, latencyMs: 0 };
    const renewal = await refreshSecrets(providerConfig.url('googleToken'), 'google', secrets, options);
    return renewal.ok ? { ok: true, value: renewal.secrets as TokenSecrets } : asProviderFailure(renewal);
  },
});

/** Reasons of a Google 403 that mean "too many calls" rather than "not allowed". */
const RATE_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded', 'rateLimitExceeded', 'userRateLimitExceeded']);
/** Reasons that only a new consent fixes (a token without the scope the call needs). */
const CONSENT_REASONS = new Set(['insufficientPermissions', 'authError']);

/** Seconds until the next midnight in Pacific time, when the YouTube Data API's daily quota resets. */
export const secondsUntilPacificMidnight = (now: Date = new Date()): number => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const elapsed = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0);
  return Math.max(60, 86_400 - elapsed);
};

/**
 * The classified failure of a Google API call: 401 and missing scopes are unauthorized (reconnect), 429 and the
 * 403 quota/rate reasons rate limited (YouTube's daily quota waits for Pacific midnight), 5xx retryable; no HTTP
 * answer at all is classify.ts's errorFailure.
 */
export const googleApiFailure = (error: unknown, latencyMs: number): ProviderFailure => {
  if (!(error instanceof ProviderHttpError)) return asProviderFailure(errorFailure(error, latencyMs));
  const { status } = error;
  const failure = answerFailure({ ...error.answer, latencyMs });
  const body = error.answer.body as { error?: { errors?: { reason?: string }[] } | string } | undefined;
  const reasons = typeof body?.error === 'object' ? (body.error.errors ?? []).map((r) => r.reason ?? '') : [];
  if (body?.error === 'invalid_grant' || (status === 403 && reasons.some((r) => CONSENT_REASONS.has(r)))) return { ...failure, retryable: false, unauthorized: true };
  if (status === 429 || (status === 403 && reasons.some((r) => RATE_REASONS.has(r)))) {
    const daily = reasons.includes('quotaExceeded') || reasons.includes('dailyLimitExceeded');
    return { ...failure, retryable: true, rateLimited: true, retryAfterSeconds: failure.retryAfterSeconds ?? (daily ? secondsUntilPacificMidnight() : 60) };
  }
  return failure;
};

/** One Google API call as a Call: its value, or its classified failure (a client throws for every non-2xx). */
export const googleCall = async <T>(work: () => Promise<T>): Promise<Call<T>> => {
  const started = performance.now();
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return googleApiFailure(error, since(started));
  }
};

/** Google's REST APIs (Calendar v3, Drive v3, the YouTube Data API v3) with an access token, through the guarded fetcher. */
export const googleApi = (accessToken: string, options: ProviderHttpOptions = {}) => jsonApi(providerConfig.url('googleApi'), { authorization: `Bearer ${accessToken}` }, options);
