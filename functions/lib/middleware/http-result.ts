import { errorCatalogue, type ErrorBody, type ErrorCode } from '#shared/errors';
import type { HttpResult } from './types';

/** A JSON answer; headers are added by the securityHeaders middleware on the way out. */
export const jsonResult = (statusCode: number, body: unknown): HttpResult => ({
  statusCode,
  headers: {},
  body: body === undefined ? '' : JSON.stringify(body),
});

/** A document answer (CSV, iCalendar): its text, its type in UTF-8, and a download name when it has one. */
export const documentResult = (statusCode: number, body: string, produces: { contentType: string; filename?: string }): HttpResult => ({
  statusCode,
  headers: {
    'content-type': `${produces.contentType}; charset=utf-8`,
    ...(produces.filename ? { 'content-disposition': `attachment; filename="${produces.filename}"` } : {}),
  },
  body,
});

/** The catalogue's status and message for a code. */
export const errorResult = (code: ErrorCode, extra: Partial<ErrorBody> = {}): HttpResult =>
  jsonResult(errorCatalogue[code].status, { code, message: errorCatalogue[code].message, ...extra });
