import { SERVER_SECRETS } from '#shared/schemas/integrations';
import { providerConfig, type OAuthApp } from '../config';
import { errorFailure, httpFailure, since } from './classify';
import { callProvider, is2xx, ProviderHttpError, type ProviderHttpOptions } from './http';
import type { RefreshedSecrets, SendResult } from './provider';

/**
 * The OAuth 2.0 token endpoint calls the providers share (Google, Atlassian, Slack): exchanging a consent's code
 * and refreshing an access token, and calls made with a token kept alive. Tokens are stored under the
 * SERVER_SECRETS names, the expiry as an ISO time.
 */
export type OAuthSecrets = {
  access_token: string;
  refresh_token?: string;
  /** ISO time. */
  access_token_expires_at?: string;
};

/** Refresh this long before the stored expiry, so a token does not die in flight. */
const EXPIRY_SKEW_MS = 60_000;

export const accessToken = (secrets: Record<string, unknown>) => secrets[SERVER_SECRETS.accessToken] as string | undefined;
export const refreshToken = (secrets: Record<string, unknown>) => secrets[SERVER_SECRETS.refreshToken] as string | undefined;

export const isExpired = (secrets: Record<string, unknown>, now: Date) => {
  const at = secrets[SERVER_SECRETS.accessTokenExpiresAt];
  return typeof at === 'string' && Date.parse(at) - EXPIRY_SKEW_MS <= now.getTime();
};

/** The secrets to store from a token answer; a refresh that sends no new refresh token keeps the old one. */
export const secretsFromTokenAnswer = (body: Record<string, unknown>, now: Date, previousRefresh?: string): OAuthSecrets => {
  const refresh = typeof body.refresh_token === 'string' ? body.refresh_token : previousRefresh;
  const expiresIn = Number(body.expires_in);
  return {
    access_token: String(body.access_token),
    ...(refresh ? { refresh_token: refresh } : {}),
    ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { access_token_expires_at: new Date(now.getTime() + expiresIn * 1000).toISOString() } : {}),
  };
};

export type TokenCall = { ok: true; body: Record<string, unknown>; latencyMs: number } | Extract<SendResult, { ok: false }>;

/**
 * POSTs to a token endpoint (form-encoded as RFC 6749 says, or JSON for Atlassian). An invalid_grant (a revoked
 * or rotated-away refresh token, a used code) is final and means the integration must be reconnected.
 */
export const postToken = async (url: string, params: Record<string, string>, options: ProviderHttpOptions & { json?: boolean } = {}): Promise<TokenCall> => {
  const started = performance.now();
  try {
    const answer = await callProvider(url, options.json ? { method: 'POST', json: params } : { method: 'POST', form: params }, options);
    const body = (answer.body ?? {}) as Record<string, unknown>;
    if (is2xx(answer.status) && typeof body.access_token === 'string') return { ok: true, body, latencyMs: answer.latencyMs };
    const failure = httpFailure({ status: answer.status, body: answer.body, retryAfter: answer.headers['retry-after'], latencyMs: answer.latencyMs });
    return body.error === 'invalid_grant' ? { ...failure, retryable: false, unauthorized: true } : failure;
  } catch (error) {
    return errorFailure(error, since(started));
  }
};

/** An authorize URL with its query (the values encoded once, as the providers expect). */
export const authorizeUrl = (base: string, query: Record<string, string>) => {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
};

type Failure = Extract<SendResult, { ok: false }>;
export type Renewal = { ok: true; secrets: Record<string, unknown> } | Failure;

/** The refresh_token grant, for each of our OAuth apps: the secrets with the new access token (and a rotated refresh token). */
export const refreshSecrets = async (url: string, app: OAuthApp, secrets: Record<string, unknown>, options: ProviderHttpOptions & { json?: boolean } = {}): Promise<Renewal> => {
  const { clientId, clientSecret } = providerConfig.oauthClient(app);
  const previous = refreshToken(secrets);
  const answer = await postToken(url, { grant_type: 'refresh_token', client_id: clientId, client_secret: clientSecret, refresh_token: previous ?? '' }, options);
  if (!answer.ok) return answer;
  // The old expiry goes with the old token: an answer without expires_in must not leave the new one looking expired.
  const { [SERVER_SECRETS.accessTokenExpiresAt]: _expired, ...kept } = secrets;
  return { ok: true, secrets: { ...kept, ...secretsFromTokenAnswer(answer.body, new Date(), previous) } };
};

/**
 * Runs `work` with a live access token: renewed first when the stored one has expired (or is missing), and once
 * more when the provider refuses it anyway (401: revoked early, clock skew). What `work` throws is classified by
 * `fail`. The renewed secrets come back with the outcome, whatever it is, to be sealed and stored.
 */
export const withAccessToken = async <T>(
  secrets: Record<string, unknown>,
  { renew, fail, now = new Date() }: { renew: (secrets: Record<string, unknown>) => Promise<Renewal>; fail: (error: unknown) => Failure; now?: Date },
  work: (secrets: Record<string, unknown>) => Promise<T>,
): Promise<({ ok: true; value: T } | Failure) & RefreshedSecrets> => {
  let current = secrets;
  let renewed: Record<string, unknown> | undefined;
  const withRenewed = <R extends object>(result: R) => (renewed ? { ...result, refreshedSecrets: renewed } : result);
  const renewToken = async () => {
    const answer = await renew(current);
    if (answer.ok) current = renewed = answer.secrets;
    return answer;
  };
  if (!accessToken(current) || isExpired(current, now)) {
    const answer = await renewToken();
    if (!answer.ok) return withRenewed(answer);
  }
  try {
    return withRenewed({ ok: true as const, value: await work(current) });
  } catch (error) {
    if (!(error instanceof ProviderHttpError && error.status === 401)) return withRenewed(fail(error));
  }
  const answer = await renewToken();
  if (!answer.ok) return withRenewed(answer);
  try {
    return withRenewed({ ok: true as const, value: await work(current) });
  } catch (error) {
    return withRenewed(fail(error));
  }
};
