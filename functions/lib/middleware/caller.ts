import type { MiddlewareObj } from '@middy/core';
import type { RouteSpec } from '#shared/routes';
import type { Caller } from '../context';
import { DomainError } from '../errors';
import { logger } from '../logger';
import type { HttpEvent, HttpResult, RouteContext } from './types';

/** The signed-in person from the ID token's claims, which the JWT authorizer (or the local gateway) verified. */
export const callerOf = (event: HttpEvent): Caller | undefined => {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims?.sub || typeof claims.email !== 'string') return undefined;
  return { userId: String(claims.sub), email: claims.email.toLowerCase(), emailVerified: String(claims.email_verified) === 'true' };
};

/** Resolves the caller; every route but a public one answers 401 without one, before any input is read. */
export const resolveCaller = (route: Pick<RouteSpec, 'auth'>): MiddlewareObj<HttpEvent, HttpResult, Error, RouteContext> => ({
  name: 'resolveCaller',
  before: (request) => {
    const caller = callerOf(request.event);
    if (route.auth !== 'public' && !caller) throw new DomainError('unauthorized');
    if (caller) logger.appendKeys({ userId: caller.userId });
    request.context.route = { caller, params: {}, query: {}, body: {}, rawBody: '' };
  },
});
