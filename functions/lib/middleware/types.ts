import type { Request } from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Caller, WorkspaceContext } from '../context';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/**
 * What the middlewares learn about one request, in the order they learn it; the handler reads it last. It lives
 * on the invocation's context object, which belongs to that invocation alone.
 */
export type RouteState = {
  caller?: Caller;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  /** The body exactly as sent (signature checks need it byte for byte). */
  rawBody: string;
  workspace?: WorkspaceContext;
  /** A stored first answer to send again instead of running the handler (an idempotent retry). */
  replay?: { value: unknown };
};

export type RouteContext = Context & { route?: RouteState };
export type HttpRequest = Request<HttpEvent, HttpResult, Error, RouteContext>;

/** The state the earlier middlewares filled in, or a loud failure when the stack was assembled in the wrong order. */
export const stateOf = (request: Pick<HttpRequest, 'context'>): RouteState => {
  const state = request.context.route;
  if (!state) throw new Error('Route state missing: resolveCaller must run before this middleware');
  return state;
};
