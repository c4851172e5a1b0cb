/** An API answer outside 2xx, carrying the catalogue `code` from the `{ code, message }` body when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(status: number, code: string | undefined, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Reads `{ code, message, field }` from an error body; tolerates empty or non-JSON bodies. */
export const parseErrorBody = (status: number, text: string): ApiError => {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown; field?: unknown };
    if (body && typeof body === 'object') {
      const code = typeof body.code === 'string' ? body.code : undefined;
      const message = typeof body.message === 'string' ? body.message : `Request failed with status ${status}`;
      const field = typeof body.field === 'string' ? body.field : undefined;
      return new ApiError(status, code, message, field);
    }
  } catch {
    // not JSON: fall through
  }
  return new ApiError(status, undefined, `Request failed with status ${status}`);
};
