import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { Action } from '#shared/permissions';
import { acceptsIdempotencyKey, type RouteSpec } from '#shared/routes/route-spec';
import type { RouteResponse } from '#shared/routes';
import { API_SECURITY_HEADERS } from '#shared/security-headers';
import type { Caller, WorkspaceContext } from './context';
import { resolveCaller } from './middleware/caller';
import { errorMap } from './middleware/error-map';
import { loggerContext } from './middleware/logger-context';
import { routeMetrics } from './middleware/metrics';
import { parseInput } from './middleware/parse-input';
import { serializeResponse } from './middleware/response';
import { securityHeaders } from './middleware/security-headers';
import { stateOf, type HttpEvent, type HttpResult, type RouteContext } from './middleware/types';

export type { HttpEvent, HttpResult } from './middleware/types';

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

type RouteMiddleware = MiddlewareObj<HttpEvent, HttpResult, Error, RouteContext>;

/** A route's Lambda handler; the context is optional so tests and the local gateway can call it with the event alone. */
export type RouteHandler = (event: HttpEvent, context?: Context) => Promise<HttpResult>;

/**
 * A route's middy stack, in a fixed order. Before the handler: log keys, caller (401), input (400), then the
 * `access` middlewares a wrapper adds (workspace membership and permission, project role, idempotency). After it:
 * the response schema and status, metrics, security headers. On error: one map to the catalogue, then metrics
 * and headers. The handler sees typed input only.
 */
export const routeStack = <R extends RouteSpec>(
  route: R,
  handle: (input: HandlerInput<R>) => Promise<RouteResponse<R>>,
  access: readonly RouteMiddleware[] = [],
  idempotency?: (route: R) => RouteMiddleware,
): RouteHandler => {
  // Every create takes an Idempotency-Key; its middleware (and the data layer it needs) is handed in, so bundles of
  // routes that create nothing do not carry it.
  if (acceptsIdempotencyKey(route) && !idempotency) throw new Error(`Route ${route.id} creates: give its wrapper the idempotency middleware`);
  return middy<HttpEvent, HttpResult, Error, RouteContext>()
    .use(loggerContext<HttpEvent>((event) => ({ route: route.id, requestId: event.requestContext?.requestId })))
    .use(securityHeaders())
    .use(routeMetrics(route.id))
    .use(errorMap())
    .use(resolveCaller(route))
    .use(parseInput(route))
    .use([...access])
    .use(serializeResponse(route))
    // After serializeResponse, so its `after` runs first and stores the handler's own value.
    .use(idempotency && acceptsIdempotencyKey(route) ? [idempotency(route)] : [])
    .handler(async (event, context): Promise<HttpResult> => {
      const state = stateOf({ context });
      if (state.replay) return state.replay.value as HttpResult;
      const input = { params: state.params, query: state.query, body: state.body, caller: state.caller, workspace: state.workspace, rawBody: state.rawBody, event };
      // The serializeResponse middleware turns the handler's value into the HTTP answer after it returns.
      return (await handle(input as HandlerInput<R>)) as unknown as HttpResult;
    }) as RouteHandler;
};

/**
 * The wrapper for public and user routes. Workspace routes must use `workspaceHandler` (a type error here),
 * which keeps the membership lookup, and the data layer, out of bundles that do not need them.
 */
export const httpHandler = <R extends RouteSpec & { auth: 'public' | 'user' }>(
  route: R,
  handle: (input: HandlerInput<R>) => Promise<RouteResponse<R>>,
  options: { idempotency?: (route: R) => RouteMiddleware } = {},
) => routeStack(route, handle, [], options.idempotency);
