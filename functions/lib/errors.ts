import { errorCatalogue, type ErrorCode } from '#shared/errors';

/**
 * A rule of the product said no. The wrapper maps it to the catalogue's status and message; a rule about one
 * field of the request names it (`field`), as a 400 from the schemas does, so the client can show it there.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: string;
  /** The item a duplicate collided with (post_exists), so the client can open it. */
  readonly existingUid?: string;
  constructor(code: ErrorCode, options: { field?: string; existingUid?: string } = {}) {
    super(errorCatalogue[code].message);
    this.name = 'DomainError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    if (options.field) this.field = options.field;
    if (options.existingUid) this.existingUid = options.existingUid;
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
