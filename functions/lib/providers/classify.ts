import type { ErrorCode } from '#shared/errors';
import type { SendResult } from './provider';

/**
 * The one classification every provider uses: 2xx sent; 408, 409, 429, 5xx, timeouts and network failures worth
 * another attempt; any other 4xx final (the request itself is wrong: retrying sends the same wrong request).
 * A provider's Retry-After (seconds or an HTTP date) is kept so the retry waits at least that long.
 */

/** Time cap of one provider call: well inside the consumer's visibility timeout and the Lambda's own limit. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** A provider's error text kept in the delivery log, at most this long. */
const MAX_ERROR_LENGTH = 500;

export const isRetryableStatus = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/**
 * Seconds to wait from a Retry-After header: a whole number of seconds, or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable; never negative.
 */
export const parseRetryAfter = (value: string | null | undefined, now: number = Date.now()): number | undefined => {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
};

/** Milliseconds since `startedAt` (from performance.now()), rounded. */
export const since = (startedAt: number) => Math.round(performance.now() - startedAt);

const clip = (text: string) => (text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text);

/**
 * A person-readable error from a provider's error body, whatever its shape: Jira's `errorMessages` / `errors`,
 * Slack's `error`, Google's `error.message`, monday's `errors[].message` / `error_message`, OAuth's
 * `error_description`, or the raw text.
 */
export const providerErrorText = (body: unknown, fallback: string): string => {
  if (typeof body === 'string') return clip(body.trim() || fallback);
  if (!body || typeof body !== 'object') return fallback;
  const b = body as Record<string, unknown>;
  const parts: string[] = [];
  if (Array.isArray(b.errorMessages)) parts.push(...b.errorMessages.filter((m): m is string => typeof m === 'string'));
  if (b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors)) {
    parts.push(...Object.entries(b.errors as Record<string, unknown>).map(([field, message]) => `${field}: ${String(message)}`));
  }
  if (Array.isArray(b.errors)) {
    parts.push(...b.errors.map((e) => (e && typeof e === 'object' && 'message' in e ? String((e as { message: unknown }).message) : String(e))));
  }
  if (b.error && typeof b.error === 'object' && 'message' in b.error) parts.push(String((b.error as { message: unknown }).message));
  else if (typeof b.error === 'string') parts.push(typeof b.error_description === 'string' ? `${b.error}: ${b.error_description}` : b.error);
  if (typeof b.error_message === 'string') parts.push(b.error_message);
  if (typeof b.message === 'string') parts.push(b.message);
  return clip(parts.join('; ') || fallback);
};

export type HttpFailure = {
  status: number;
  body?: unknown;
  retryAfter?: string | null;
  latencyMs: number;
  code?: ErrorCode;
};

/** The result for a non-2xx answer. */
export const httpFailure = ({ status, body, retryAfter, latencyMs, code }: HttpFailure): Extract<SendResult, { ok: false }> => {
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  return {
    ok: false,
    retryable: isRetryableStatus(status),
    status,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    error: providerErrorText(body, `HTTP ${status}`),
    ...(code ? { code } : {}),
    ...(status === 401 ? { unauthorized: true } : {}),
    latencyMs,
  };
};

const TIMEOUT_NAMES = new Set(['TimeoutError', 'AbortError']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** The chain of causes of an error (fetch wraps the socket's error in `cause`). */
const causes = (error: unknown): unknown[] => {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) chain.push(current);
  return chain;
};

export const isTimeout = (error: unknown) => causes(error).some((e) => TIMEOUT_NAMES.has((e as Error).name));

/**
 * The result for a call that got no HTTP answer. An error that says whether it may pass later (`retryable`, as
 * the outbound guard's OutboundRefused does: a refused address never will, a time-out may) is taken at its word;
 * otherwise a timeout or a network failure is retryable and anything else is not.
 */
export const errorFailure = (error: unknown, latencyMs: number, code?: ErrorCode): Extract<SendResult, { ok: false }> => {
  const chain = causes(error);
  const stated = chain.map((e) => (e as { retryable?: unknown }).retryable).find((r): r is boolean => typeof r === 'boolean');
  const timeout = isTimeout(error);
  const network = chain.some((e) => NETWORK_CODES.has(String((e as { code?: unknown }).code)) || (e instanceof TypeError && e.message === 'fetch failed'));
  const message = timeout ? `No answer within ${PROVIDER_TIMEOUT_MS / 1000} s` : clip(chain.map((e) => (e as Error).message).filter(Boolean).join(': ') || String(error));
  return {
    ok: false,
    retryable: stated ?? (timeout || network),
    error: message,
    ...(code ? { code } : {}),
    latencyMs,
  };
};

/** A body read as JSON when it is JSON, else as text (error bodies of proxies and incoming webhooks are text). */
export const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};
