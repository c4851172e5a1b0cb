import type { MiddlewareObj } from '@middy/core';
import type { RouteSpec } from '#shared/routes';
import { DomainError } from '../errors';
import { logger } from '../logger';
import { documentResult, jsonResult } from './http-result';
import type { HttpEvent, HttpResult, RouteContext } from './types';

/**
 * Turns the handler's value into the answer: checked against the route's response schema (a mismatch is our bug,
 * logged and answered as the generic 500, never sent), with the route's status; a 204 has no body. A route that
 * `produces` a document answers its text with that content type (UTF-8), as a download when it names a file.
 */
export const serializeResponse = (route: Pick<RouteSpec, 'response' | 'status' | 'produces'>): MiddlewareObj<HttpEvent, HttpResult, Error, RouteContext> => ({
  name: 'serializeResponse',
  after: (request) => {
    const checked = route.response.safeParse(request.response);
    if (!checked.success) {
      logger.error('Response does not match the route schema', { issues: checked.error.issues });
      throw new DomainError('internal_error');
    }
    request.response = route.produces
      ? documentResult(route.status ?? 200, String(checked.data), route.produces)
      : jsonResult(route.status ?? 200, route.status === 204 ? undefined : checked.data);
  },
});
