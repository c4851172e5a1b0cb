import { errorCatalogue, type ErrorCode } from '#shared/errors';

/** A rule of the product said no. The wrapper maps it to the catalogue's status and message. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, detail?: string) {
    super(detail ?? errorCatalogue[code].message);
    this.name = 'DomainError';
    this.code = code;
    this.status = errorCatalogue[code].status;
  }
}

/** Bad input: a 400 naming the field. */
export class ValidationError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'ValidationError';
    this.field = field;
  }
}
