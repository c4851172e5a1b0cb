import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routeKeyOf, type RouteSpec } from '#shared/routes';
import { API_SECURITY_HEADERS } from '#shared/security-headers';
import type { Claims, TokenVerifier } from './jwt-authorizer';
import { LOCAL } from './env';

/**
 * The local HTTP API: one node:http server on the app's origin. `/api/*` is matched against the route table and
 * each match becomes an API Gateway HTTP API v2 event for the route's handler, behind a JWT authorizer
 * equivalent; other prefixes are mounted emulators and pages; everything else is the SPA.
 */
export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;
export type HttpHandler = (event: HttpEvent) => Promise<HttpResult | string | object | undefined>;

export type RouteMatch =
  | { kind: 'match'; route: RouteSpec; pathParameters: Record<string, string> }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: string[] };

/** Request bodies above API Gateway's payload limit are refused with 413. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

type Segment = { literal: string } | { param: string; greedy: boolean };

const parsePath = (path: string): Segment[] =>
  path
    .split('/')
    .slice(1)
    .map((part) => {
      const param = /^\{([^}+]+)(\+?)\}$/.exec(part);
      return param ? { param: param[1], greedy: param[2] === '+' } : { literal: part };
    });

/**
 * Path parameters when `segments` fits `pattern`, plus a specificity key: literal segments score 2, params 1,
 * so literal segments win over `{param}` at the first position they differ (as in API Gateway).
 */
const fit = (pattern: Segment[], segments: string[]): { params: Record<string, string>; score: number[] } | undefined => {
  const params: Record<string, string> = {};
  const score: number[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if ('param' in part && part.greedy) {
      const rest = segments.slice(i);
      if (i !== pattern.length - 1 || rest.length === 0 || rest.some((s) => s === '')) return undefined;
      params[part.param] = rest.map(decodeSegment).join('/');
      score.push(0);
      return { params, score };
    }
    const segment = segments[i];
    if (segment === undefined || segment === '') return undefined;
    if ('literal' in part) {
      if (part.literal !== segment) return undefined;
      score.push(2);
    } else {
      params[part.param] = decodeSegment(segment);
      score.push(1);
    }
  }
  return segments.length === pattern.length ? { params, score } : undefined;
};

const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const compareScores = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? -1) - (b[i] ?? -1);
    if (diff !== 0) return diff;
  }
  return 0;
};

/** Matches `path` (below the API prefix, raw/percent-encoded) against the route table. */
export const matchRoute = (routes: readonly RouteSpec[], method: string, path: string): RouteMatch => {
  const segments = path.split('/').slice(1);
  const fits = routes
    .map((route) => ({ route, fitted: fit(parsePath(route.path), segments) }))
    .filter((entry): entry is { route: RouteSpec; fitted: NonNullable<ReturnType<typeof fit>> } => !!entry.fitted);
  if (fits.length === 0) return { kind: 'not_found' };
  const best = fits
    .filter((entry) => entry.route.method === method.toUpperCase())
    .sort((a, b) => compareScores(b.fitted.score, a.fitted.score))[0];
  if (!best) return { kind: 'method_not_allowed', allow: [...new Set(fits.map((entry) => entry.route.method))].sort() };
  return { kind: 'match', route: best.route, pathParameters: best.fitted.params };
};

/** Content types API Gateway passes as text; any other body arrives base64-encoded. */
export const isTextContent = (contentType: string | undefined) =>
  !contentType ||
  /^(text\/|application\/(json|javascript|xml|x-www-form-urlencoded|graphql)|[^;]*\+(json|xml))/i.test(contentType.trim());

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** API Gateway's requestContext.time format, e.g. 12/Mar/2020:19:03:58 +0000. */
const gatewayTime = (d: Date) =>
  `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;

export const newRequestId = () => randomBytes(10).toString('base64').replace(/=+$/, '=');

export type EventInput = {
  method: string;
  /** Full raw path including the API prefix, e.g. /api/workspaces/abc. */
  rawPath: string;
  rawQueryString: string;
  /** Node's headers (already lower-cased; arrays for repeated headers). */
  headers: IncomingMessage['headers'];
  routeKey: string;
  pathParameters: Record<string, string>;
  body: Buffer | undefined;
  claims: Claims | undefined;
  sourceIp?: string;
  requestId?: string;
  now?: Date;
};

/** An API Gateway HTTP API payload v2.0 event, as the JWT-authorized Lambda integration receives it. */
export const buildHttpEvent = (input: EventInput): HttpEvent => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookieHeader = input.headers.cookie;
  const cookies = cookieHeader
    ? (Array.isArray(cookieHeader) ? cookieHeader.join('; ') : cookieHeader).split(/;\s*/).filter(Boolean)
    : undefined;
  const search = new URLSearchParams(input.rawQueryString);
  const query: Record<string, string> = {};
  for (const key of new Set(search.keys())) query[key] = search.getAll(key).join(',');
  const contentType = headers['content-type'];
  const hasBody = !!input.body && input.body.length > 0;
  const text = isTextContent(contentType);
  const now = input.now ?? new Date();
  const host = headers.host ?? 'localhost';
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: input.rawPath,
    rawQueryString: input.rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(input.pathParameters).length ? { pathParameters: input.pathParameters } : {}),
    requestContext: {
      accountId: LOCAL.accountId,
      apiId: 'local',
      ...(input.claims ? { authorizer: { jwt: { claims: input.claims, scopes: [] } } } : {}),
      domainName: host,
      domainPrefix: host.split('.')[0],
      http: {
        method: input.method,
        path: input.rawPath,
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId ?? newRequestId(),
      routeKey: input.routeKey,
      stage: '$default',
      time: gatewayTime(now),
      timeEpoch: now.getTime(),
    } as HttpEvent['requestContext'],
    ...(hasBody ? { body: text ? input.body!.toString('utf8') : input.body!.toString('base64') } : {}),
    isBase64Encoded: hasBody && !text,
  } as HttpEvent;
};

type JsonHeaders = Record<string, string | number | boolean>;

const sendJson = (res: ServerResponse, statusCode: number, body: unknown, headers: JsonHeaders = {}) => {
  res.writeHead(statusCode, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** An answer the gateway makes itself on the API: the same security headers as a handler's answer. */
const sendApiJson = (res: ServerResponse, statusCode: number, body: unknown, headers: JsonHeaders = {}) =>
  sendJson(res, statusCode, body, { ...API_SECURITY_HEADERS, ...headers });

/** Writes a handler's answer the way API Gateway maps a v2 Lambda result onto HTTP. */
export const writeResult = (res: ServerResponse, result: unknown, requestId: string) => {
  const structured =
    result !== null && typeof result === 'object' && 'statusCode' in result ? (result as HttpResult) : undefined;
  if (!structured) {
    // A result without statusCode is the body of a 200 (API Gateway's v2 "simple response").
    res.writeHead(200, { 'content-type': 'application/json', 'apigw-requestid': requestId });
    return res.end(typeof result === 'string' ? result : result === undefined ? '' : JSON.stringify(result));
  }
  const headers: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  const body = structured.body ?? '';
  const bytes = structured.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  res.writeHead(structured.statusCode ?? 200, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
};

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer | 'too_large'>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too_large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });

export type Mount = {
  prefix: string;
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;
};

export type GatewayOptions = {
  routes: readonly RouteSpec[];
  apiPrefix: string;
  verifyToken: TokenVerifier;
  /** The route's handler, or undefined while its module does not exist yet (answered 501). */
  loadHandler: (routeId: string) => Promise<HttpHandler | undefined>;
  /** Exact-path JSON documents, e.g. /app-config.json. */
  documents?: Record<string, () => unknown>;
  /** Headers of the pages and documents served beside the API (the SPA's, as CloudFront adds them). */
  pageHeaders?: () => Record<string, string>;
  /** Prefix mounts, checked in order after the API (e.g. /_local/mail). */
  mounts?: Mount[];
  /** Everything else (the SPA). */
  fallback?: (req: IncomingMessage, res: ServerResponse) => void;
  /** One line per API request on the console. */
  logRequests?: boolean;
};

const UNAUTHORIZED = { message: 'Unauthorized' };

/** Handles one /api request (path already known to start with the prefix). */
const handleApi = async (options: GatewayOptions, req: IncomingMessage, res: ServerResponse, url: URL, rawPath: string) => {
  const requestId = newRequestId();
  const method = (req.method ?? 'GET').toUpperCase();
  const match = matchRoute(options.routes, method, rawPath.slice(options.apiPrefix.length));
  if (match.kind === 'not_found') {
    return sendApiJson(res, 404, { code: 'not_found', message: `No route for ${method} ${url.pathname}` }, { 'apigw-requestid': requestId });
  }
  if (match.kind === 'method_not_allowed') {
    return sendApiJson(res, 405, { code: 'method_not_allowed', message: `${method} is not allowed on ${url.pathname}` }, {
      allow: match.allow.join(', '),
      'apigw-requestid': requestId,
    });
  }
  const { route, pathParameters } = match;
  const authorization = req.headers.authorization;
  const claims = await options.verifyToken(authorization);
  if (route.auth !== 'public' && !claims) {
    return sendApiJson(res, 401, UNAUTHORIZED, {
      'www-authenticate': authorization ? 'Bearer error="invalid_token"' : 'Bearer',
      'apigw-requestid': requestId,
    });
  }
  const body = await readBody(req);
  if (body === 'too_large') return sendApiJson(res, 413, { message: 'Request Entity Too Large' }, { 'apigw-requestid': requestId });
  const handler = await options.loadHandler(route.id);
  if (!handler) {
    return sendApiJson(res, 501, { code: 'not_implemented', message: `Route ${route.id} has no handler yet (functions/http/${route.id}.ts)` });
  }
  const event = buildHttpEvent({
    method,
    rawPath,
    rawQueryString: url.search.slice(1),
    headers: {
      ...req.headers,
      'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-port': String(req.socket.localPort ?? ''),
    },
    routeKey: routeKeyOf(route, options.apiPrefix),
    pathParameters,
    body,
    claims,
    sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, ''),
    requestId,
  });
  let result: unknown;
  try {
    result = await handler(event);
  } catch (error) {
    console.error(`[local] ${route.id} threw (API Gateway answers 500)`, error);
    return sendApiJson(res, 500, { message: 'Internal Server Error' }, { 'apigw-requestid': requestId });
  }
  writeResult(res, result, requestId);
};

/** The gateway's request listener; `createGateway` wraps it in a server. */
export const createGatewayListener = (options: GatewayOptions) => async (req: IncomingMessage, res: ServerResponse) => {
  const started = performance.now();
  // Keep the raw (percent-encoded) path for matching, as API Gateway matches before decoding.
  const rawTarget = req.url ?? '/';
  const rawPath = rawTarget.split('?')[0] || '/';
  const url = new URL(rawTarget, 'http://local');
  const isApi = rawPath === options.apiPrefix || rawPath.startsWith(`${options.apiPrefix}/`);
  try {
    if (isApi) {
      await handleApi(options, req, res, url, rawPath);
      if (options.logRequests) {
        console.log(`[api] ${req.method} ${url.pathname}${url.search} ${res.statusCode} ${Math.round(performance.now() - started)}ms`);
      }
      return;
    }
    const document = options.documents?.[rawPath];
    if (document && (req.method === 'GET' || req.method === 'HEAD')) {
      return sendJson(res, 200, document(), { ...options.pageHeaders?.(), 'cache-control': 'no-store' });
    }
    const mount = options.mounts?.find((m) => rawPath === m.prefix || rawPath.startsWith(`${m.prefix}/`));
    if (mount) return await mount.handle(req, res, url);
    if (options.fallback) return options.fallback(req, res);
    sendJson(res, 404, { message: 'Not Found' }, options.pageHeaders?.());
  } catch (error) {
    console.error('[local] gateway error', error);
    if (res.headersSent) res.destroy();
    else if (isApi) sendApiJson(res, 500, { message: 'Internal Server Error' });
    else sendJson(res, 500, { message: 'Internal Server Error' }, options.pageHeaders?.());
  }
};

const TOO_LARGE_BODY = JSON.stringify({ message: 'Request Header Fields Too Large' });

/**
 * A request Node cannot parse never reaches the listener. Node's default answer destroys the socket while the
 * client may still be writing an oversized address, which the client sees as a reset instead of an answer; API
 * Gateway answers such a request (request line and headers over its quota) with a 431. So: answer, half-close,
 * and read what is still coming so the close is clean.
 */
const answerUnparsable = (error: NodeJS.ErrnoException, socket: Duplex) => {
  if (!socket.writable) return socket.destroy();
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = tooLarge ? TOO_LARGE_BODY : JSON.stringify({ message: 'Bad Request' });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
  socket.resume();
  // Node hands the connection's socket here; the Duplex type is the event's general signature.
  (socket as Socket).setTimeout(5_000, () => socket.destroy());
};

export const createGateway = (options: GatewayOptions): Server => {
  const listener = createGatewayListener(options);
  const server = createServer((req, res) => void listener(req, res));
  server.on('clientError', answerUnparsable);
  // A client drops an idle kept-alive connection a little before the server's advertised timeout; a client whose
  // event loop is busy (a test generating inputs, a loaded machine) misses that margin and sends on a connection
  // the server just closed. Idle connections kept long make that race rare, as load balancers do.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
};
