import { guardedFetch, type GuardedFetchOptions } from '../outbound/guarded-fetch';
import type { ErrorCode } from '#shared/errors';
import { errorFailure, httpFailure, PROVIDER_TIMEOUT_MS } from './classify';
import type { SendResult } from './provider';

/**
 * Every provider call leaves through the guarded outbound fetcher: user-given URLs (a Jira site, a webhook, a
 * Slack incoming webhook) must reach only public addresses, and the providers' own APIs get the same time and
 * size caps. A provider is a few typed calls through `callProvider` or `jsonApi`: client libraries would bring
 * each API's whole surface into the cold start of every route that may call it.
 */
export type ProviderHttpOptions = Pick<GuardedFetchOptions, 'timeoutMs' | 'policy'>;

/** One JSON call through the guard; the answer with its body parsed (JSON when it is JSON, else the text). */
export const callProvider = async (
  url: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown; form?: Record<string, string>; /** Sent byte for byte (a signed body). */ body?: string },
  options: ProviderHttpOptions = {},
) => {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  const response = await guardedFetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body }, { timeoutMs: PROVIDER_TIMEOUT_MS, ...options });
  let parsed: unknown = response.text || undefined;
  try {
    parsed = response.text ? (JSON.parse(response.text) as unknown) : undefined;
  } catch {
    // Not JSON: keep the text (incoming webhooks, proxies' error pages).
  }
  return { status: response.status, headers: response.headers, body: parsed, latencyMs: response.latencyMs };
};
export type ProviderAnswer = Awaited<ReturnType<typeof callProvider>>;

export const is2xx = (status: number) => status >= 200 && status < 300;

/** A non-2xx answer of a `jsonApi` call, thrown so a provider's typed calls read as plain awaits. */
export class ProviderHttpError extends Error {
  constructor(readonly answer: ProviderAnswer) {
    super(`The provider answered HTTP ${answer.status}`);
    this.name = 'ProviderHttpError';
  }
  get status() {
    return this.answer.status;
  }
}

/** The failure of a call: its non-2xx answer's (ProviderHttpError), or classify.ts's for a call that got no answer. */
export const callFailure = (error: unknown, latencyMs: number, code?: ErrorCode): Extract<SendResult, { ok: false }> =>
  error instanceof ProviderHttpError
    ? httpFailure({ status: error.status, body: error.answer.body, retryAfter: error.answer.headers['retry-after'], latencyMs, code })
    : errorFailure(error, latencyMs, code);

type QueryValue = string | number | boolean | readonly string[] | undefined;

/**
 * A provider's JSON REST API at `base`, every call with `headers` (its authorization): a call answers the parsed
 * body or throws ProviderHttpError. List values in the query are sent comma-joined, as Google's and Jira's take them.
 */
export const jsonApi =
  (base: string, headers: Record<string, string>, options: ProviderHttpOptions = {}) =>
  async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, { query, json }: { query?: Record<string, QueryValue>; json?: unknown } = {}): Promise<T> => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, Array.isArray(value) ? value.join(',') : String(value));
    const answer = await callProvider(`${base}${path}${search.size ? `?${search.toString()}` : ''}`, { method, headers, json }, options);
    if (!is2xx(answer.status)) throw new ProviderHttpError(answer);
    return answer.body as T;
  };
