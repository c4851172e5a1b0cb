import * as http from 'node:http';
import * as https from 'node:https';
import { performance } from 'node:perf_hooks';
import { guardedAgents } from './guarded-agent';
import { configuredPolicy, outboundTarget, type OutboundPolicy, type OutboundTarget } from './policy';
import { OutboundRefused } from './refused';

/**
 * The one way functions call a URL a user gave (webhooks, Jira sites, Slack webhook URLs, …): the outbound
 * policy on the first request and on every redirect, the connection pinned to the address that was checked, and
 * caps on time and response size. Built on node:http(s) because Node's fetch cannot take an agent, and the agent
 * is where the address is checked (guarded-agent.ts).
 */
export type GuardedFetchInit = {
  method?: string;
  headers?: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
};

export type GuardedFetchOptions = {
  /** The whole call, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** From the start of each hop until its socket is connected, DNS included. Default 5 s (never beyond the whole). */
  connectTimeoutMs?: number;
  /** The response body's cap in bytes; a larger body is refused (`size`) without reading the rest. Default 1 MiB. */
  maxBytes?: number;
  /** Redirects followed, each re-checked like the first URL; 0 refuses any redirect (`redirect`). Default 3. */
  maxRedirects?: number;
  /** Tests inject a DNS and an allow-list; otherwise the system's DNS and OUTBOUND_ALLOWLIST. */
  policy?: OutboundPolicy;
};

export type GuardedResponse = {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body as UTF-8 text. */
  text: string;
  /** The body's bytes as received (an image, any binary answer). */
  bytes: Buffer;
  /** The body parsed as JSON (throws a SyntaxError when it is not). */
  json: () => unknown;
  /** From the first byte sent to the last byte received, redirects included. */
  latencyMs: number;
  redirects: number;
};

export const GUARDED_FETCH_DEFAULTS = { timeoutMs: 10_000, connectTimeoutMs: 5_000, maxBytes: 1_048_576, maxRedirects: 3 } as const;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A GET or HEAD leaves its connection open for the next call (keep-alive), one pool per policy: an import reading a
 * site's pages opens a connection per host rather than one per request. A kept connection goes to the address that
 * was checked when it was opened; unused for IDLE_MS it closes, before the 5 s after which common servers (Node's
 * among them) close theirs. Any other method gets a connection of its own, closed after: a server may close a kept
 * one just as it is reused, and only a request that changes nothing may then simply be sent again.
 */
const IDLE_MS = 4_000;
const KEPT = new Set(['GET', 'HEAD']);
type Pools = { kept: ReturnType<typeof guardedAgents>; once: ReturnType<typeof guardedAgents> };
const pools = new WeakMap<OutboundPolicy, Pools>();
const poolsOf = (policy: OutboundPolicy): Pools => {
  let found = pools.get(policy);
  if (!found) pools.set(policy, (found = { kept: guardedAgents(policy, { keepAlive: true, timeout: IDLE_MS }), once: guardedAgents(policy) }));
  return found;
};
/** A kept connection the server closed just as it was reused: the GET or HEAD cannot have been handled, and is sent once more. */
class StaleConnection extends Error {}
/** Not sent on to another origin after a redirect (as fetch does for Authorization). */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const USER_AGENT = 'Brandslate';

type Hop = { method: string; headers: Record<string, string>; body?: string | Uint8Array };
type Limits = { pools: Pools; deadline: number; connectTimeoutMs: number; maxBytes: number };
type RawResponse = { status: number; headers: Record<string, string>; body: Buffer };

const lowerCased = (headers: Readonly<Record<string, string>> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const joined = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );

const NETWORK_MESSAGES: Record<string, string> = {
  ECONNREFUSED: 'refused the connection',
  ECONNRESET: 'closed the connection',
  EPIPE: 'closed the connection',
  ETIMEDOUT: 'did not answer in time',
  EHOSTUNREACH: 'cannot be reached',
  ENETUNREACH: 'cannot be reached',
};

/** Errors from Node as the caller's one error type; the guard's own refusals pass through unchanged. */
const outboundError = (error: unknown, host: string): OutboundRefused | StaleConnection => {
  if (error instanceof OutboundRefused || error instanceof StaleConnection) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const what = NETWORK_MESSAGES[code] ?? (/CERT|TLS|SSL/.test(code) ? 'has no valid TLS certificate' : 'could not be reached');
  return new OutboundRefused('network', `${host} ${what}${code ? ` (${code})` : ''}`, { cause: error });
};

/** One request and its whole (capped) body. */
const send = (target: OutboundTarget, hop: Hop, limits: Limits) =>
  new Promise<RawResponse>((resolve, reject) => {
    const host = target.url.host;
    const remaining = limits.deadline - performance.now();
    if (remaining <= 0) return reject(new OutboundRefused('timeout', `${host} did not answer in time`));
    const headers: Record<string, string> = { 'user-agent': USER_AGENT, 'accept-encoding': 'identity', ...hop.headers };
    if (hop.body !== undefined) headers['content-length'] = String(Buffer.byteLength(hop.body));
    const https_ = target.url.protocol === 'https:';
    const agents = KEPT.has(hop.method) ? limits.pools.kept : limits.pools.once;
    const request = (https_ ? https : http).request({
      host: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: hop.method,
      headers,
      agent: https_ ? agents.httpsAgent : agents.httpAgent,
    });

    let settled = false;
    const settle = (outcome: { response: RawResponse } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      clearTimeout(whole);
      clearTimeout(connecting);
      if ('response' in outcome) return resolve(outcome.response);
      request.destroy();
      reject(outboundError(outcome.error, host));
    };
    const whole = setTimeout(() => settle({ error: new OutboundRefused('timeout', `${host} did not answer within ${Math.round(remaining)} ms`) }), remaining);
    const connectMs = Math.min(limits.connectTimeoutMs, remaining);
    const connecting = setTimeout(() => settle({ error: new OutboundRefused('timeout', `${host} did not accept a connection within ${Math.round(connectMs)} ms`) }), connectMs);
    const tooLarge = () => new OutboundRefused('size', `${host} answered more than ${limits.maxBytes} bytes`);

    request.on('socket', (socket) => {
      if (socket.connecting) socket.once('connect', () => clearTimeout(connecting));
      else clearTimeout(connecting);
    });
    request.on('error', (error) => {
      const reset = (error as NodeJS.ErrnoException).code === 'ECONNRESET' || (error as NodeJS.ErrnoException).code === 'EPIPE';
      settle({ error: reset && request.reusedSocket ? new StaleConnection() : error });
    });
    request.on('response', (response) => {
      clearTimeout(connecting);
      if (Number(response.headers['content-length']) > limits.maxBytes) return settle({ error: tooLarge() });
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return settle({ error: tooLarge() });
        chunks.push(chunk);
      });
      response.on('error', (error) => settle({ error }));
      response.on('end', () =>
        settle({ response: { status: response.statusCode ?? 0, headers: joined(response.headers), body: Buffer.concat(chunks) } }),
      );
    });
    request.end(hop.body);
  });

/**
 * One hop on a connection that is still there: a GET or HEAD that met a kept connection the server had just closed
 * is sent once more, on a new one (it cannot have been handled); anything else fails as the network did.
 */
const sendOnLiveConnection = async (target: OutboundTarget, hop: Hop, limits: Limits): Promise<RawResponse> => {
  try {
    return await send(target, hop, limits);
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
  }
  try {
    return await send(target, hop, limits);
  } catch (error) {
    if (error instanceof StaleConnection) throw new OutboundRefused('network', `${target.url.host} ${NETWORK_MESSAGES.ECONNRESET} (ECONNRESET)`);
    throw error;
  }
};

/** The next hop's URL, checked like the first; a relative Location resolves against the URL that answered. */
const redirectTarget = (location: string, from: URL, policy: OutboundPolicy) => {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw new OutboundRefused('url', `${from.host} redirected to something that is not a URL`);
  }
  return outboundTarget(next, policy);
};

/** What a redirect does to the request, as browsers' fetch does it: 303 (and 301/302 after a POST) become a GET without body. */
const redirectedHop = (hop: Hop, status: number, sameOrigin: boolean): Hop => {
  const toGet = status === 303 ? hop.method !== 'HEAD' : (status === 301 || status === 302) && hop.method === 'POST';
  const headers = { ...hop.headers };
  if (toGet) delete headers['content-type'];
  if (!sameOrigin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return toGet ? { method: 'GET', headers } : { ...hop, headers };
};

/**
 * Calls `url` under the outbound policy. Resolves with any HTTP status (a 500 is an answer, not an error);
 * rejects with OutboundRefused for a refused URL or address, too many redirects, a body over `maxBytes`, a time
 * cap reached or a network failure (`reason` says which; `retryable` says whether trying later may help).
 */
export const guardedFetch = async (url: string | URL, init: GuardedFetchInit = {}, options: GuardedFetchOptions = {}): Promise<GuardedResponse> => {
  const policy = options.policy ?? configuredPolicy();
  const maxRedirects = options.maxRedirects ?? GUARDED_FETCH_DEFAULTS.maxRedirects;
  const started = performance.now();
  const limits: Limits = {
    pools: poolsOf(policy),
    deadline: started + (options.timeoutMs ?? GUARDED_FETCH_DEFAULTS.timeoutMs),
    connectTimeoutMs: options.connectTimeoutMs ?? GUARDED_FETCH_DEFAULTS.connectTimeoutMs,
    maxBytes: options.maxBytes ?? GUARDED_FETCH_DEFAULTS.maxBytes,
  };
  let target = outboundTarget(url, policy);
  let hop: Hop = { method: (init.method ?? 'GET').toUpperCase(), headers: lowerCased(init.headers), body: init.body };
  for (let redirects = 0; ; redirects++) {
    const response = await sendOnLiveConnection(target, hop, limits);
    const location = response.headers.location;
    if (!REDIRECT_STATUSES.has(response.status) || !location) {
      const text = response.body.toString('utf8');
      return {
        url: target.url.href,
        status: response.status,
        headers: response.headers,
        text,
        bytes: response.body,
        json: () => JSON.parse(text) as unknown,
        latencyMs: Math.round(performance.now() - started),
        redirects,
      };
    }
    if (redirects >= maxRedirects) {
      throw new OutboundRefused(
        'redirect',
        maxRedirects
          ? `${target.url.host} redirected more than ${maxRedirects} times`
          : `${target.url.host} answered a redirect (HTTP ${response.status}), which is not followed`,
      );
    }
    const next = redirectTarget(location, target.url, policy);
    hop = redirectedHop(hop, response.status, next.url.origin === target.url.origin);
    target = next;
  }
};
