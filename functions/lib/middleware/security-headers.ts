import type { MiddlewareObj } from '@middy/core';
import { API_SECURITY_HEADERS } from '#shared/security-headers';
import type { HttpEvent, HttpResult } from './types';

/**
 * Puts the API's security headers (shared/security-headers.ts) on every answer, successful or not. Registered
 * before the error map so that its onError runs after the error has become an answer.
 */
export const securityHeaders = (): MiddlewareObj<HttpEvent, HttpResult> => {
  const addHeaders = (request: { response: HttpResult | null }) => {
    if (!request.response) return;
    // A document answer (CSV, iCalendar) keeps its own type; everything else is JSON.
    const ownType = request.response.headers?.['content-type'];
    request.response.headers = { ...request.response.headers, ...API_SECURITY_HEADERS, ...(ownType ? { 'content-type': ownType } : {}) };
  };
  return { name: 'securityHeaders', after: addHeaders, onError: addHeaders };
};
