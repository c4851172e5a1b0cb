/**
 * Exponential backoff with full jitter, written once: the functions' retry loop (functions/lib/retry.ts) and the
 * SPA's upload retries draw their pauses from it.
 */

/** The pause after attempt `attempt` (1-based): drawn from [0, min(capMs, baseMs · 2^(attempt-1))). */
export const fullJitterBackoffMs = (attempt: number, random: () => number, baseMs: number, capMs: number) =>
  Math.floor(random() * Math.min(capMs, baseMs * 2 ** (attempt - 1)));
