import { guardedFetch, type GuardedFetchOptions, type GuardedResponse } from '../outbound/guarded-fetch';
import type { ErrorCode } from '#shared/errors';
import { errorFailure, httpFailure, PROVIDER_TIMEOUT_MS } from './classify';
import type { SendResult } from './provider';

/**
 * Every provider call leaves through the guarded outbound fetcher: user-given URLs (a Jira site, a webhook, a
 * Slack incoming webhook) must reach only public addresses, and the providers' own APIs get the same time and
 * size caps. Most providers are a few typed calls through `jsonApi`; Slack's client library takes a `fetch`, and
 * `providerFetch` is that fetch, built on guardedFetch.
 */
export type ProviderHttpOptions = Pick<GuardedFetchOptions, 'timeoutMs' | 'policy'>;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

const headerRecord = (headers: RequestInit['headers']): Record<string, string> => {
  if (!headers) return {};
  if (headers instanceof Headers) return Object.fromEntries(headers.entries());
  if (Array.isArray(headers)) return Object.fromEntries(headers.map(([name, value]) => [name, value]));
  return { ...(headers as Record<string, string>) };
};

const bodyOf = async (body: RequestInit['body']): Promise<string | Uint8Array | undefined> => {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  // FormData, Blob and streams: let the platform serialise them (no provider call here sends them).
  return new Uint8Array(await new Response(body).arrayBuffer());
};

/** A WHATWG fetch over guardedFetch, for a client library that takes one (Slack's). */
export const providerFetch =
  (options: ProviderHttpOptions = {}): typeof fetch =>
  async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request = input instanceof Request ? input : undefined;
    const headers = { ...headerRecord(request?.headers), ...headerRecord(init?.headers) };
    // A body given as FormData carries its own multipart boundary in the content type the platform writes.
    const rawBody = init?.body ?? (request ? await request.text() : undefined);
    // Bodies that carry their content type, as fetch would send it (a form's multipart boundary, URL encoding).
    const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (!hasType && rawBody instanceof URLSearchParams) headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    if (!hasType && typeof FormData !== 'undefined' && rawBody instanceof FormData) {
      headers['content-type'] = new Response(rawBody).headers.get('content-type') ?? 'multipart/form-data';
    }
    const response = await guardedFetch(url, { method: init?.method ?? request?.method ?? 'GET', headers, body: await bodyOf(rawBody) }, { timeoutMs: PROVIDER_TIMEOUT_MS, ...options });
    return toResponse(response);
  };

const toResponse = (response: GuardedResponse) =>
  new Response(NULL_BODY_STATUSES.has(response.status) ? null : response.text, { status: response.status, headers: response.headers });

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
export const callFailure = (error: unknown, latencyMs: number, code: ErrorCode): Extract<SendResult, { ok: false }> =>
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
