import type { IntegrationAttempt } from '#shared/schemas/integrations';
import { canRetry } from './delivery-view';

/** A row's key in the integration's log: one attempt of one delivery. */
export const attemptKey = (row: Pick<IntegrationAttempt, 'delivery_id' | 'attempt'>) => `${row.delivery_id}:${row.attempt}`;

/**
 * The newest row of each delivery among those loaded. The log is newest first, so every later attempt of a
 * delivery was loaded before an earlier one: the first row seen of each is its newest.
 */
export const newestRows = (rows: readonly IntegrationAttempt[]): Map<string, IntegrationAttempt> => {
  const newest = new Map<string, IntegrationAttempt>();
  for (const row of rows) if (!newest.has(row.delivery_id)) newest.set(row.delivery_id, row);
  return newest;
};

/**
 * Where the log shows Retry, "sending again", or nothing: Retry on the newest attempt of a delivery it left
 * failed or out of attempts (an older failure of a delivery retried since has newer rows above it); "sending
 * again" on the newest row of a delivery retried from here (`retriedAt`: its attempts then) until a newer
 * attempt arrives.
 */
export const rowAction = (row: IntegrationAttempt, newest: ReadonlyMap<string, IntegrationAttempt>, retriedAt: ReadonlyMap<string, number>): 'retry' | 'sending' | undefined => {
  if (newest.get(row.delivery_id) !== row) return undefined;
  const retried = retriedAt.get(row.delivery_id);
  if (retried !== undefined && row.attempt <= retried) return 'sending';
  return canRetry(row.delivery_status) ? 'retry' : undefined;
};
