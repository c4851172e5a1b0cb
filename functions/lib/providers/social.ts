import type { ProviderAnswer } from './http';
import { parseRetryAfter, providerErrorText } from './classify';
import type { OAuthSecrets } from './oauth';

/**
 * What the connected social accounts (Instagram, YouTube) answer, whatever the platform: the account's profile and
 * its media newest first with their metrics. The sync and the connections core speak only these types. A client
 * never throws for what the platform did: every outcome is a `Call`, a failure classified once (rate limited with
 * the wait, unauthorized = the person must reconnect, retryable or final).
 */
export type SocialProfile = {
  external_id: string;
  username: string;
  name?: string;
  followers: number;
  following?: number;
  media_count?: number;
  website?: string;
  biography?: string;
  picture_url?: string;
  /** The account's public page. */
  url: string;
  /** YouTube: the channel's total views. */
  total_views?: number;
};

export type MediaMetrics = { views?: number; reach?: number; likes?: number; comments?: number; saves?: number; shares?: number };

export type SocialMedia = {
  external_id: string;
  /** The permalink: the post's identity (the same URL a CSV import of the post stores). */
  url: string;
  caption?: string;
  media_type: 'image' | 'video' | 'carousel' | 'reel' | 'short';
  media_url?: string;
  thumbnail_url?: string;
  /** ISO time. */
  published_at: string;
  metrics: MediaMetrics;
};

export type ProviderFailure = {
  ok: false;
  status?: number;
  error: string;
  retryable: boolean;
  unauthorized?: boolean;
  rateLimited?: boolean;
  retryAfterSeconds?: number;
  latencyMs: number;
};

export type Call<T> =
  | {
      ok: true;
      value: T;
      /** 0–100: the share of the rate budget used (Instagram's usage headers). */
      usage?: number;
    }
  | ProviderFailure;

export type MediaPage = { items: SocialMedia[]; next?: string };

export type SocialClient = {
  profile(): Promise<Call<SocialProfile>>;
  /**
   * Newest first; `next` is the provider's cursor; metrics filled (IG insights per media, YT videos.list statistics)
   * unless `metrics: false` (captions only: a call per page instead of one per media on Instagram).
   */
  media(input: { cursor?: string; limit: number; metrics?: boolean }): Promise<Call<MediaPage>>;
};

/** access_token, refresh_token?, access_token_expires_at? (ISO), as the integrations store them. */
export type TokenSecrets = OAuthSecrets;

export type SocialOAuthApp = {
  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge?: string }): string;
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier?: string }): Promise<Call<TokenSecrets>>;
  /** Renew before expiry (IG: ig_refresh_token on the long-lived token; Google: refresh_token grant). */
  refresh(secrets: TokenSecrets): Promise<Call<TokenSecrets>>;
};

/** A number from a provider's value (YouTube sends counts as strings); undefined when absent or not a number. */
export const count = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * The failure for a non-2xx answer: 429 is rate limited (with Retry-After), 401 unauthorized, 408/5xx retryable.
 * Each platform adds what its error bodies say (Graph codes, Google reasons) on top.
 */
export const answerFailure = (answer: Pick<ProviderAnswer, 'status' | 'body' | 'headers' | 'latencyMs'>, extra: Partial<ProviderFailure> = {}): ProviderFailure => {
  const retryAfterSeconds = parseRetryAfter(answer.headers['retry-after']);
  const rateLimited = answer.status === 429;
  return {
    ok: false,
    status: answer.status,
    error: providerErrorText(answer.body, `HTTP ${answer.status}`),
    retryable: rateLimited || answer.status === 408 || answer.status >= 500,
    ...(answer.status === 401 ? { unauthorized: true } : {}),
    ...(rateLimited ? { rateLimited: true } : {}),
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    latencyMs: answer.latencyMs,
    ...extra,
  };
};

/** A failure with no HTTP answer (classify.ts's errorFailure) in this module's shape. */
export const asProviderFailure = (failure: { ok: false; status?: number; error: string; retryable: boolean; unauthorized?: boolean; retryAfterSeconds?: number; latencyMs: number }): ProviderFailure => ({
  ok: false,
  ...(failure.status !== undefined ? { status: failure.status } : {}),
  error: failure.error,
  retryable: failure.retryable,
  ...(failure.unauthorized ? { unauthorized: true } : {}),
  ...(failure.status === 429 ? { rateLimited: true } : {}),
  ...(failure.retryAfterSeconds !== undefined ? { retryAfterSeconds: failure.retryAfterSeconds } : {}),
  latencyMs: failure.latencyMs,
});
