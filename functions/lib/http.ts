import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { errorCatalogue, type ErrorBody, type ErrorCode } from '#shared/errors';
import type { RouteSpec, RouteResponse } from '#shared/routes';
import type * as z from 'zod/mini';
import { findMembership } from '#data/memberships';
import { DomainError, ValidationError } from './errors';
import { logger } from './logger';
import { parseOrThrow } from './validation';
import type { Caller, WorkspaceContext } from './context';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

type NeedsWorkspace<R extends RouteSpec> = R['auth'] extends 'member' | 'admin' ? true : false;

export type HandlerInput<R extends RouteSpec> = {
  params: z.output<R['params']>;
  query: z.output<R['query']>;
  body: z.output<R['body']>;
  /** Present on every route but public ones (where it is there only if a token was sent). */
  caller: R['auth'] extends 'public' ? Caller | undefined : Caller;
  /** The caller's membership of the path's workspace, resolved before the handler runs. */
  workspace: NeedsWorkspace<R> extends true ? WorkspaceContext : undefined;
  event: HttpEvent;
};

/** Sent on every answer: the API returns JSON only and is never framed, sniffed or cached. */
export const SECURITY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

const json = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: { ...SECURITY_HEADERS },
  body: body === undefined ? '' : JSON.stringify(body),
});

const errorResult = (code: ErrorCode, extra: Partial<ErrorBody> = {}): HttpResult =>
  json(errorCatalogue[code].status, { code, message: errorCatalogue[code].message, ...extra });

const readBody = (event: HttpEvent): unknown => {
  if (!event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
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

const resolveWorkspace = async (route: RouteSpec, params: Record<string, unknown>, caller: Caller) => {
  const workspaceId = String(params.workspaceId ?? '');
  const membership = workspaceId ? await findMembership(workspaceId, caller.userId) : undefined;
  // An unknown workspace and someone else's look the same: no existence oracle.
  if (!membership || membership.status !== 'joined') throw new DomainError('forbidden');
  if (route.auth === 'admin' && membership.role !== 'admin') throw new DomainError('forbidden');
  return { workspaceId, userId: caller.userId, email: caller.email, role: membership.role } satisfies WorkspaceContext;
};

/**
 * Wraps a route's handler: validates params, query and body against the route's schemas (400 naming the
 * field), resolves the caller (401) and their workspace role per the route's auth level (403), validates the
 * answer against the response schema, and maps every error to the catalogue. The handler sees typed input only.
 */
export const httpHandler =
  <R extends RouteSpec>(route: R, handle: (input: HandlerInput<R>) => Promise<RouteResponse<R>>) =>
  async (event: HttpEvent): Promise<HttpResult> => {
    logger.appendKeys({ route: route.id, requestId: event.requestContext?.requestId });
    try {
      const caller = callerOf(event);
      if (route.auth !== 'public' && !caller) return errorResult('unauthorized');
      const params = parseOrThrow(route.params, event.pathParameters ?? {}, 'path');
      const query = parseOrThrow(route.query, event.queryStringParameters ?? {}, 'query');
      const body = parseOrThrow(route.body, readBody(event), 'body');
      const workspace =
        route.auth === 'member' || route.auth === 'admin' ? await resolveWorkspace(route, params, caller!) : undefined;
      const result = await handle({ params, query, body, caller, workspace, event } as HandlerInput<R>);
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
