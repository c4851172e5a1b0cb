import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { API_SECURITY_HEADERS } from '#shared/security-headers';
import { errorCatalogue, type ErrorBody, type ErrorCode } from '#shared/errors';
import type { RouteSpec, RouteResponse } from '#shared/routes';
import type { Action } from '#shared/permissions';
import type * as z from 'zod/mini';
import { DomainError, ValidationError } from './errors';
import { logger } from './logger';
import { parseOrThrow } from './validation';
import type { Caller, WorkspaceContext } from './context';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** Routes inside a workspace the caller must belong to; they use `workspaceHandler`. */
export type WorkspaceRoute = RouteSpec & { auth: 'workspace'; permission: Action };
type NeedsWorkspace<R extends RouteSpec> = R['auth'] extends 'workspace' ? true : false;

export type HandlerInput<R extends RouteSpec> = {
  params: z.output<R['params']>;
  query: z.output<R['query']>;
  body: z.output<R['body']>;
  /** Present on every route but public ones (where it is there only if a token was sent). */
  caller: R['auth'] extends 'public' ? Caller | undefined : Caller;
  /** The caller's membership of the path's workspace, resolved before the handler runs. */
  workspace: NeedsWorkspace<R> extends true ? WorkspaceContext : undefined;
  /** The body exactly as sent (signature checks need it byte for byte). */
  rawBody: string;
  event: HttpEvent;
};

/** Sent on every answer: the API returns JSON only and is never framed, sniffed or cached. */
export const SECURITY_HEADERS = API_SECURITY_HEADERS;

const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { ...SECURITY_HEADERS },
  body: body === undefined ? '' : JSON.stringify(body),
});

const errorResult = (code: ErrorCode, extra: Partial<ErrorBody> = {}): HttpResult =>
  json(errorCatalogue[code].status, { code, message: errorCatalogue[code].message, ...extra });

const rawBodyOf = (event: HttpEvent): string =>
  !event.body ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;

const parseJson = (text: string): unknown => {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError('body', 'body must be valid JSON');
  }
};

const callerOf = (event: HttpEvent): Caller | undefined => {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  if (!claims?.sub || typeof claims.email !== 'string') return undefined;
  return { userId: String(claims.sub), email: claims.email.toLowerCase(), emailVerified: String(claims.email_verified) === 'true' };
};

/** Finds the caller's membership of the route's workspace and checks it, or throws; given by `workspaceHandler`. */
export type WorkspaceResolver = (
  route: RouteSpec,
  input: { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown; caller: Caller },
) => Promise<WorkspaceContext>;

/**
 * Wraps a route's handler: validates params, query and body against the route's schemas (400 naming the
 * field), resolves the caller (401) and, through `resolveWorkspace`, their workspace role (403), validates the
 * answer against the response schema, and maps every error to the catalogue. The handler sees typed input only.
 */
export const wrapRoute =
  <R extends RouteSpec>(
    route: R,
    handle: (input: HandlerInput<R>) => Promise<RouteResponse<R>>,
    resolveWorkspace?: WorkspaceResolver,
  ) =>
  async (event: HttpEvent): Promise<HttpResult> => {
    logger.appendKeys({ route: route.id, requestId: event.requestContext?.requestId });
    try {
      const caller = callerOf(event);
      if (route.auth !== 'public' && !caller) return errorResult('unauthorized');
      const params = parseOrThrow(route.params, event.pathParameters ?? {}, 'path');
      const query = parseOrThrow(route.query, event.queryStringParameters ?? {}, 'query');
      const rawBody = rawBodyOf(event);
      const body = parseOrThrow(route.body, parseJson(rawBody), 'body');
      const needsWorkspace = route.auth === 'workspace';
      if (needsWorkspace && !resolveWorkspace) throw new Error(`Route ${route.id} needs workspaceHandler`);
      const workspace = needsWorkspace ? await resolveWorkspace!(route, { params, query, body, caller: caller! }) : undefined;
      const result = await handle({ params, query, body, caller, workspace, rawBody, event } as HandlerInput<R>);
      const checked = route.response.safeParse(result);
      if (!checked.success) {
        logger.error('Response does not match the route schema', { issues: checked.error.issues });
        return errorResult('internal_error');
      }
      return json(route.status ?? 200, route.status === 204 ? undefined : checked.data);
    } catch (error) {
      if (error instanceof ValidationError) {
        return json(400, { code: 'bad_request', message: error.message, field: error.field } satisfies ErrorBody);
      }
      if (error instanceof DomainError) {
        if (error.status >= 500) logger.error('Domain error', { code: error.code, error });
        return errorResult(error.code);
      }
      logger.error('Unhandled error', { error: error as Error });
      return errorResult('internal_error');
    } finally {
      logger.removeKeys(['route', 'requestId']);
    }
  };

/**
 * The wrapper for public and user routes. Workspace routes must use `workspaceHandler` (a type error here),
 * which keeps the membership lookup, and the data layer, out of bundles that do not need them.
 */
export const httpHandler = <R extends RouteSpec & { auth: 'public' | 'user' }>(
  route: R,
  handle: (input: HandlerInput<R>) => Promise<RouteResponse<R>>,
) => wrapRoute(route, handle);
