import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The plumbing every fake provider shares: a request read once (body as text, JSON or form), an answer as data,
 * failure injection per fake, and the record of what each fake received (what the /_local/integrations page and
 * the control API show).
 */
export const FAKE_NAMES = ['jira', 'slack', 'monday', 'google', 'atlassian', 'webhook', 'push', 'instagram', 'youtube', 'drive'] as const;
export type FakeName = (typeof FAKE_NAMES)[number];
export const isFakeName = (name: string): name is FakeName => (FAKE_NAMES as readonly string[]).includes(name);

export type FakeRequest = {
  method: string;
  /** The path below the fake's prefix, e.g. /rest/api/3/myself for /jira/rest/api/3/myself. */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The raw body (signatures are computed over it). */
  text: string;
  /** The body parsed as JSON or as a form, by its content type; undefined when neither. */
  body: Record<string, unknown> | undefined;
  /** The origin the client used (e.g. http://127.0.0.1:41234), for links the fake answers. */
  origin: string;
};

export type FakeResponse = {
  status: number;
  /** An object is sent as JSON, a string or a Buffer as it is (with `contentType`, text/plain or octet-stream by default). */
  body?: unknown;
  headers?: Record<string, string>;
  contentType?: string;
  /** One line for the received list (e.g. "created MKT-3"). */
  summary?: string;
  /** Extra facts worth showing (e.g. the webhook signature check). */
  detail?: Record<string, unknown>;
};

/**
 * How a fake misbehaves. Each request draws once: with `timeoutRate` it never answers (the client's time cap
 * ends it), else with `rate` it answers `status` with the provider's own error body; `delayMs` slows every answer.
 * `times` limits the failures to the next N requests (then the fake heals).
 */
export type FailureSpec = {
  rate?: number;
  status?: number;
  /** Seconds for Retry-After on a 429 (default 30) or 503. */
  retryAfter?: number;
  delayMs?: number;
  timeoutRate?: number;
  times?: number;
};

export type ReceivedRecord = {
  seq: number;
  at: string;
  fake: FakeName;
  method: string;
  path: string;
  status: number | null;
  /** 'failure' or 'timeout' when the answer was injected. */
  injected?: 'failure' | 'timeout';
  summary?: string;
  body?: unknown;
  detail?: Record<string, unknown>;
};

/** Body keys never kept in the record (they are credentials). */
const REDACTED = new Set(['client_secret', 'code', 'code_verifier', 'refresh_token', 'token', 'access_token', 'password']);

const redact = (body: Record<string, unknown> | undefined) =>
  body && Object.fromEntries(Object.entries(body).map(([key, value]) => [key, REDACTED.has(key) ? '[redacted]' : value]));

const LIMIT_PER_FAKE = 500;

export const createRecorder = () => {
  let seq = 0;
  const records: ReceivedRecord[] = [];
  return {
    add: (record: Omit<ReceivedRecord, 'seq' | 'at'>) => {
      const full = { seq: ++seq, at: new Date().toISOString(), ...record, body: record.body && typeof record.body === 'object' ? redact(record.body as Record<string, unknown>) : record.body };
      records.push(full);
      const ofFake = records.filter((r) => r.fake === record.fake);
      if (ofFake.length > LIMIT_PER_FAKE) records.splice(records.indexOf(ofFake[0]!), 1);
      return full;
    },
    /** Newest first. */
    list: (fake?: FakeName) => records.filter((r) => !fake || r.fake === fake).reverse(),
    clear: (fake?: FakeName) => {
      for (let i = records.length - 1; i >= 0; i--) if (!fake || records[i]!.fake === fake) records.splice(i, 1);
    },
  };
};
export type Recorder = ReturnType<typeof createRecorder>;

export const createFailures = (random: () => number = Math.random) => {
  const specs = new Map<FakeName, FailureSpec>();
  return {
    set: (fake: FakeName, spec: FailureSpec) => specs.set(fake, { ...spec }),
    get: (fake: FakeName) => specs.get(fake),
    clear: (fake?: FakeName) => (fake ? specs.delete(fake) : specs.clear()),
    all: () => Object.fromEntries(specs),
    /** What this request gets: nothing special, a failure, or no answer at all. */
    draw: (fake: FakeName): { delayMs: number; outcome: 'pass' | 'failure' | 'timeout'; spec?: FailureSpec } => {
      const spec = specs.get(fake);
      if (!spec) return { delayMs: 0, outcome: 'pass' };
      const delayMs = spec.delayMs ?? 0;
      if (spec.times !== undefined && spec.times <= 0) return { delayMs, outcome: 'pass', spec };
      const roll = random();
      const timeoutRate = spec.timeoutRate ?? 0;
      const outcome = roll < timeoutRate ? 'timeout' : roll < timeoutRate + (spec.rate ?? 0) * (1 - timeoutRate) ? 'failure' : 'pass';
      if (outcome !== 'pass' && spec.times !== undefined) spec.times -= 1;
      return { delayMs, outcome, spec };
    },
  };
};
export type Failures = ReturnType<typeof createFailures>;

export const validateFailureSpec = (value: unknown): FailureSpec | string => {
  if (!value || typeof value !== 'object') return 'The body must be a JSON object';
  const spec = value as Record<string, unknown>;
  const fraction = (key: string) => spec[key] === undefined || (typeof spec[key] === 'number' && spec[key] >= 0 && spec[key] <= 1);
  const whole = (key: string, max: number) => spec[key] === undefined || (Number.isInteger(spec[key]) && (spec[key] as number) >= 0 && (spec[key] as number) <= max);
  if (!fraction('rate')) return 'rate must be a number from 0 to 1';
  if (!fraction('timeoutRate')) return 'timeoutRate must be a number from 0 to 1';
  if (spec.status !== undefined && !(Number.isInteger(spec.status) && (spec.status as number) >= 400 && (spec.status as number) <= 599)) return 'status must be an HTTP error status (400-599)';
  if (!whole('delayMs', 120_000)) return 'delayMs must be a whole number of milliseconds up to 120000';
  if (!whole('retryAfter', 86_400)) return 'retryAfter must be a whole number of seconds up to 86400';
  if (!whole('times', 1_000_000)) return 'times must be a whole number';
  const known = new Set(['rate', 'status', 'retryAfter', 'delayMs', 'timeoutRate', 'times']);
  const unknown = Object.keys(spec).find((key) => !known.has(key));
  if (unknown) return `Unknown field ${unknown}`;
  return spec as FailureSpec;
};

export const parseBody = (text: string, contentType: string | undefined): Record<string, unknown> | undefined => {
  if (!text) return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

export const writeResponse = (res: ServerResponse, answer: FakeResponse) => {
  if (Buffer.isBuffer(answer.body)) {
    // Bytes (an image) go out as they are.
    res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/octet-stream', 'cache-control': 'no-store', ...answer.headers });
    return res.end(answer.body);
  }
  const isText = typeof answer.body === 'string';
  const payload = answer.body === undefined ? '' : isText ? (answer.body as string) : JSON.stringify(answer.body);
  const type = answer.body === undefined ? {} : { 'content-type': isText ? (answer.contentType ?? 'text/plain; charset=utf-8') : 'application/json; charset=utf-8' };
  res.writeHead(answer.status, { ...type, 'cache-control': 'no-store', ...answer.headers });
  res.end(payload);
};

export const json = (status: number, body: unknown, extra: Omit<FakeResponse, 'status' | 'body'> = {}): FakeResponse => ({ status, body, ...extra });

/** The bearer token of a request, or undefined. */
export const bearer = (req: FakeRequest) => /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
