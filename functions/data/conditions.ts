/** DynamoDB refused a conditional write: the item was not in the state the write required. */
const isConditionFailure = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' ||
    (error.cause as Error | undefined)?.name === 'ConditionalCheckFailedException');

/**
 * The conditional write's result, or `refused` when DynamoDB refused the write for its condition; any other error
 * is thrown. `write` is called here, so an error it throws while building the request is judged the same way.
 */
export const unlessRefused = async <T, R>(write: () => PromiseLike<T>, refused: R): Promise<T | R> => {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) return refused;
    throw error;
  }
};

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
