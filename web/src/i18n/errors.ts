import { errorCatalogue, type ErrorCode } from '#shared/errors';

/** English error texts, derived from the shared catalogue so each message is written once. */
export const errorMessages = Object.fromEntries(
  Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.message]),
) as { [C in ErrorCode]: (typeof errorCatalogue)[C]['message'] };
