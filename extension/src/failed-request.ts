/** What the DevTools panel counts as a failed request (no Chrome API here, so it is unit-tested in Node). */
export type HarEntry = { startedDateTime: string; request: { method: string; url: string }; response: { status: number; statusText: string; _error?: string } };

/** A request that failed: an HTTP error status, or no answer at all (blocked, refused, aborted). */
export const failedRequest = (entry: HarEntry): string | null => {
  const { status, statusText, _error } = entry.response;
  if (status >= 400) return `${entry.request.method} ${entry.request.url} → ${status} ${statusText}`.trim();
  if (status === 0 || _error) return `${entry.request.method} ${entry.request.url} → ${_error ?? 'no response'}`;
  return null;
};
