import type { MiddlewareObj } from '@middy/core';
import type { RouteSpec } from '#shared/routes';
import { ValidationError } from '../errors';
import { parseOrThrow } from '../validation';
import { stateOf, type HttpEvent, type HttpResult, type RouteContext } from './types';

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

/** Validates path, query and body against the route's schemas: a 400 naming the first bad field. */
export const parseInput = (route: Pick<RouteSpec, 'params' | 'query' | 'body'>): MiddlewareObj<HttpEvent, HttpResult, Error, RouteContext> => ({
  name: 'parseInput',
  before: (request) => {
    const { event } = request;
    const state = stateOf(request);
    state.params = parseOrThrow(route.params, event.pathParameters ?? {}, 'path');
    state.query = parseOrThrow(route.query, event.queryStringParameters ?? {}, 'query');
    state.rawBody = rawBodyOf(event);
    state.body = parseOrThrow(route.body, parseJson(state.rawBody), 'body');
  },
});
