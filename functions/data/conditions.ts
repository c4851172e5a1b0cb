/** DynamoDB refused a conditional write: the item was not in the state the write required. */
export const isConditionFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' ||
    (error.cause as Error | undefined)?.name === 'ConditionalCheckFailedException');

/**
 * How a guarded transaction ended. `stale`: a condition failed, the items changed since they were read (the
 * caller reads again and re-applies its rules); `conflict`: another transaction was writing the same items at
 * that moment (read again and retry).
 */
export type GuardedOutcome = 'done' | 'stale' | 'conflict';

/** Reads ElectroDB's per-item cancellation reasons of a cancelled transaction. */
export const cancelledOutcome = (reasons: readonly ({ code?: string } | null | undefined)[]): GuardedOutcome => {
  if (reasons.some((r) => r?.code === 'TransactionConflict')) return 'conflict';
  if (reasons.some((r) => r?.code === 'ConditionalCheckFailed')) return 'stale';
  throw new Error(`Transaction cancelled: ${reasons.map((r) => r?.code ?? 'None').join(', ')}`);
};
