import { appendFileSync } from 'node:fs';
import type * as z from 'zod/mini';
import { API_PREFIX, type RouteSpec } from '#shared/routes';
import { defOf, stringPaths, setAt, validSample } from '../../../support/zod-arbitrary';
import { baseUrl, type ApiAnswer } from '../../support/api';
import type { Tenant } from './world';

/**
 * Requests built from the route table. Every id a route takes (path, query or body) is named by its field; this
 * says which of a tenant's things each name points at, so any route can be aimed at any tenant without a list of
 * routes. A route with a field of an id-like name missing here fails loudly (see `idFieldsOf`).
 */
const ID_SOURCES: Record<string, (t: Tenant) => string> = {
  workspaceId: (t) => t.workspaceId,
  projectId: (t) => t.projectId,
  project_uid: (t) => t.projectId,
  userId: (t) => t.member.userId,
  assignee: (t) => t.member.userId,
  id: (t) => t.taskId,
  // The generation routes name the task under its brand (/projects/{projectId}/ai/tasks/{taskId}/…).
  taskId: (t) => t.taskId,
  task_ids: (t) => t.reviewTaskId,
  commentId: (t) => t.commentId,
  entryId: (t) => t.entryId,
  inviteUid: (t) => t.inviteUid,
  token: (t) => t.reviewToken,
  notificationId: (t) => t.notificationId,
  subscriptionId: (t) => t.subscriptionId,
  previousSubscriptionId: (t) => t.subscriptionId,
  key: (t) => t.attachmentKey,
  attachments: (t) => t.attachmentKey,
  audio: (t) => t.audioKey,
  integrationUid: (t) => t.integrationUid,
  integrations: (t) => t.integrationUid,
  deliveryId: (t) => t.deliveryId,
  feedUid: (t) => t.feedUid,
  viewUid: (t) => t.viewUid,
  uid: (t) => t.contentUid,
  jobId: (t) => t.aiJobId,
  importId: (t) => t.importId,
  upload_key: (t) => t.importUploadKey,
  postId: (t) => t.postId,
  recordingId: (t) => t.recordingId,
  // A task carries a finished recording; the /play id is a share's.
  recording_uid: (t) => t.readyRecordingId,
  shareId: (t) => t.shareId,
  videoUid: (t) => t.shareId,
};
/** Path parameters that are not ids (so never planted or case-swapped as one), with the value a valid call uses. */
const PLAIN_PARAMS: Record<string, string> = {
  // The name of a generated field whose feedback /projects/{projectId}/feedback/{field} reads or takes.
  field: 'hook',
  // A prompt template of the playground (ids of templates are names in code, the same in every workspace).
  promptId: 'free-prompt',
  // A device's id for its push subscription: the browser makes it up; the caller's own partition holds it.
  deviceId: 'attack-device',
  // A brand's connection is named by its type (shared/schemas/connections.ts CONNECTION_TYPES), not an id.
  type: 'instagram',
};
export const ID_FIELDS = Object.keys(ID_SOURCES);

/** The field name a path ends in (array indexes skipped): `tickets.0.project_uid` → project_uid. */
export const fieldName = (path: (string | number)[]) => [...path].reverse().find((p): p is string => typeof p === 'string') ?? '';

export type Input = { params: Record<string, string>; query: Record<string, unknown>; body: unknown };

/** Puts the tenant's real id into every id field of a value of `schema` (present or not). */
export const plantIds = (schema: z.ZodMiniType, value: unknown, tenant: Tenant, only?: (name: string) => boolean): unknown => {
  let out = value;
  for (const path of stringPaths(schema)) {
    const name = fieldName(path);
    const source = ID_SOURCES[name];
    if (source && (!only || only(name))) for (const at of everyIndex(out, path)) out = setAt(out, at, source(tenant));
  }
  return out;
};

/** A schema path (arrays as index 0) spelled out for every element the value has at each array (index 0 when none). */
const everyIndex = (value: unknown, path: (string | number)[], from = 0): (string | number)[][] => {
  const index = path.findIndex((part, at) => at >= from && typeof part === 'number');
  if (index < 0) return [path];
  const items = getAt(value, path.slice(0, index));
  const count = Array.isArray(items) && items.length ? items.length : 1;
  return Array.from({ length: count }, (_, i) => everyIndex(value, [...path.slice(0, index), i, ...path.slice(index + 1)], index + 1)).flat();
};

const getAt = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);

const ID_LIKE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Like `plantIds`, but only where the value there is already a well-formed id (a generated valid one): broken
 * values an attack put in an id field stay broken, valid ones point at real things so the call goes deeper.
 */
export const plantIdsWhereValid = (schema: z.ZodMiniType, value: unknown, tenant: Tenant): unknown => {
  let out = value;
  for (const path of stringPaths(schema)) {
    const source = ID_SOURCES[fieldName(path)];
    const current = getAt(out, path);
    if (source && typeof current === 'string' && ID_LIKE.test(current)) out = setAt(out, path, source(tenant));
  }
  return out;
};

/** Whether a parsed answer holds a string with a lone surrogate anywhere (keys included). */
export const holdsLoneSurrogate = (value: unknown): boolean =>
  typeof value === 'string'
    ? hasLoneSurrogate(value)
    : Array.isArray(value)
      ? value.some(holdsLoneSurrogate)
      : value !== null && typeof value === 'object'
        ? Object.entries(value).some(([key, v]) => hasLoneSurrogate(key) || holdsLoneSurrogate(v))
        : false;

/** The id fields (by name) a route's params, query and body carry. */
export const idFieldsOf = (route: RouteSpec) => {
  const names = new Set<string>();
  for (const part of [route.params, route.query, route.body]) for (const path of stringPaths(part)) if (ID_SOURCES[fieldName(path)]) names.add(fieldName(path));
  return [...names];
};

/** Path parameters of a route, each with the tenant's thing of that name; an unknown name throws. */
export const paramsFor = (route: RouteSpec, tenant: Tenant): Record<string, string> =>
  Object.fromEntries(
    Object.keys(defOf(route.params).shape ?? {}).map((name) => {
      const source = ID_SOURCES[name];
      if (!source && PLAIN_PARAMS[name] !== undefined) return [name, PLAIN_PARAMS[name]];
      if (!source) throw new Error(`attack suite: no tenant id for path parameter "${name}" of ${route.id}; add it to ID_SOURCES`);
      return [name, source(tenant)];
    }),
  );

/**
 * A valid input of the route aimed at `tenant`: its path and query ids, and a body from the schema (a fixed seed)
 * with every id field pointing at the tenant's things; `body` replaces the generated body (see bodies.ts).
 */
export const inputFor = (route: RouteSpec, tenant: Tenant, body?: (t: Tenant) => unknown): Input => ({
  params: paramsFor(route, tenant),
  // Only the query's ids: its filters are the fuzz suite's business, and a made-up cursor would stop a valid call.
  query: plantIds(route.query, {}, tenant) as Record<string, unknown>,
  body: body ? body(tenant) : plantIds(route.body, validSample(route.body), tenant),
});

/**
 * Percent-encodes a string the way a client that does not care about well-formedness would: lone surrogates
 * become the bytes of their generalized UTF-8 form (ED A0 80 for U+D800), which `encodeURIComponent` refuses.
 */
export const encodeLoose = (value: string) => {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
};

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

export const pathOf = (route: RouteSpec, params: unknown) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeLoose(text(params && typeof params === 'object' ? (params as Record<string, unknown>)[name] : undefined)));

/** The query string of a query object; anything else an attack put there is sent as the raw query text. */
export const queryOf = (query: unknown) => {
  if (query === undefined || query === null) return '';
  if (typeof query !== 'object' || Array.isArray(query)) return `?${encodeLoose(text(query))}`;
  const pairs = Object.entries(query as Record<string, unknown>).flatMap(([name, value]) =>
    value === undefined ? [] : Array.isArray(value) ? value.map((v) => [name, text(v)]) : [[name, text(value)]],
  );
  return pairs.length ? `?${pairs.map(([name, value]) => `${encodeLoose(name!)}=${encodeLoose(value!)}`).join('&')}` : '';
};

/**
 * The input as the server receives it: path values percent-decoded the way the gateway does (kept raw when they
 * do not decode), the query as URLSearchParams reads it (repeated names joined by commas), the body through JSON
 * (none at all for GET and DELETE, which the server reads as {}).
 */
export const asReceived = (route: RouteSpec, input: Input): Input => {
  const given: Record<string, unknown> = input.params && typeof input.params === 'object' ? input.params : {};
  const params = Object.fromEntries(
    [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
      const encoded = encodeLoose(text(given[name!]));
      try {
        return [name, decodeURIComponent(encoded)];
      } catch {
        return [name, encoded];
      }
    }),
  );
  const joined = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(queryOf(input.query).slice(1))) joined.set(name, joined.has(name) ? `${joined.get(name)},${value}` : value);
  const query = Object.fromEntries(joined);
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE' && input.body !== undefined;
  return { params, query, body: sendsBody ? JSON.parse(JSON.stringify(input.body)) : {} };
};

export type Sent = { method: string; url: string; authorization?: string; body?: string | Uint8Array<ArrayBuffer> };

/**
 * Sends one request and reads the answer whatever it is (an unparsable body is kept as text). A request the
 * server never answers becomes status 0 with the error, so a test reports it instead of hanging or throwing.
 */
export const send = async (request: Sent & { headers?: Record<string, string> }): Promise<ApiAnswer & { text: string }> => {
  // ATTACK_TRACE=<file>: every request is written there before it is sent, to find one the server never answers.
  if (process.env.ATTACK_TRACE) appendFileSync(process.env.ATTACK_TRACE, `${request.method} ${request.url.slice(0, 300)} ${String(request.body ?? '').slice(0, 300)}\n`);
  try {
    const response = await fetch(`${baseUrl()}${API_PREFIX}${request.url}`, {
      method: request.method,
      headers: {
        ...(request.authorization !== undefined ? { authorization: request.authorization } : {}),
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      body: request.body,
      signal: AbortSignal.timeout(20_000),
    });
    const body = await response.text();
    let parsed: unknown = body;
    try {
      parsed = body ? JSON.parse(body) : undefined;
    } catch {
      // Not JSON: the text itself is what the test looks at.
    }
    return { status: response.status, body: parsed, headers: response.headers, text: body };
  } catch (error) {
    return { status: 0, body: { error: String(error) }, headers: new Headers(), text: String(error) };
  }
};

/** Calls a route with an input (GET and DELETE send no body) as `token`'s holder. */
export const callRoute = (route: RouteSpec, input: Input, token: string | undefined, method: string = route.method, headers?: Record<string, string>) =>
  send({
    method,
    url: pathOf(route, input.params) + queryOf(input.query),
    authorization: token === undefined ? undefined : `Bearer ${token}`,
    body: method === 'GET' || method === 'DELETE' || input.body === undefined ? undefined : JSON.stringify(input.body),
    headers,
  });

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
export const mapLimit = async <T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
};

/** A lone surrogate anywhere in the strings of a parsed answer (a well-formed API never answers one). */
export const hasLoneSurrogate = (text: string) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

/** Short text of an answer for failure messages. */
export const brief = (answer: { status: number; text: string }) => `${answer.status} ${answer.text.slice(0, 300)}`;

/** Names a 400 must use for its field: a key of the route's params, query or body (dotted), or the part itself. */
export const fieldIsOfRoute = (route: RouteSpec, field: unknown) => {
  if (typeof field !== 'string' || !field) return false;
  if (['body', 'path', 'query'].includes(field)) return true;
  const head = field.split('.')[0]!;
  return [route.params, route.query, route.body].some((part) => {
    const def = defOf(part);
    return def.type === 'object' ? Object.hasOwn(def.shape ?? {}, head) : true;
  });
};
