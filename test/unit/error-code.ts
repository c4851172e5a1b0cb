import { DomainError, ValidationError } from '#lib/errors';

/** How a core call ended, for assertions: 'resolved', a domain error's code, or `400:<field>` for bad input. */
export const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof DomainError ? error.code : error instanceof ValidationError ? `400:${error.field}` : String(error);
  }
};
