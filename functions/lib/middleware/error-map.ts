import type { MiddlewareObj } from '@middy/core';
import type { ErrorBody } from '#shared/errors';
import { DomainError, ValidationError } from '../errors';
import { logger } from '../logger';
import { errorResult, jsonResult } from './http-result';
import type { HttpEvent, HttpResult } from './types';

/**
 * The one error map: a ValidationError is a 400 naming the field, a DomainError its catalogue status and message (and its field, when it names one),
 * anything else the catalogue's generic 500 with the detail in the log only. Messages reach the client only from
 * the catalogue, so no stack trace or internal text ever does.
 */
export const errorMap = (): MiddlewareObj<HttpEvent, HttpResult> => ({
  name: 'errorMap',
  onError: (request) => {
    const { error } = request;
    if (error instanceof ValidationError) {
      request.response = jsonResult(400, { code: 'bad_request', message: error.message, field: error.field } satisfies ErrorBody);
      return;
    }
    if (error instanceof DomainError) {
      if (error.status >= 500) logger.error('Domain error', { code: error.code, error });
      request.response = errorResult(error.code, { ...(error.field ? { field: error.field } : {}), ...(error.existingUid ? { existing_uid: error.existingUid } : {}) });
      return;
    }
    logger.error('Unhandled error', { error: error ?? undefined });
    request.response = errorResult('internal_error');
  },
});
