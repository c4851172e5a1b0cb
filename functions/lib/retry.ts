import { fullJitterBackoffMs } from '#shared/backoff';
import { DomainError } from './errors';

/**
 * The one retry loop of the functions: a step that lost a race (a conditional write whose items changed since
 * they were read, or a transaction DynamoDB cancelled for a conflicting one) runs again on fresh data, after an
 * exponential backoff with full jitter, a fixed number of times. When the attempts run out the caller gets one
 * of two documented answers, never a plain 500:
 * - `task_changed` (409): the item kept changing under the caller; reloading it and deciding again is theirs.
 * - `service_busy` (503): the write kept colliding with others; the same request may simply be sent again.
 */

/** What a step answers to be run again. */
export const RETRY = Symbol('retry');
export type Retry = typeof RETRY;

export type RetryOptions = {
  /** The answer when every attempt asked to be retried. */
  exhausted: 'task_changed' | 'service_busy';
  /** Attempts in all, the first included. */
  attempts?: number;
  /** The backoff before the second attempt is drawn from [0, baseMs); it doubles after each attempt... */
  baseMs?: number;
  /** ...up to this ceiling. */
  capMs?: number;
  /** Injected in tests: a number in [0, 1), and the pause. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

export const RETRY_DEFAULTS = { attempts: 5, baseMs: 25, capMs: 500 } as const;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The pause after attempt `attempt` (1-based): full jitter over an exponentially growing, capped window. */
export const backoffMs = (attempt: number, random: () => number, baseMs: number = RETRY_DEFAULTS.baseMs, capMs: number = RETRY_DEFAULTS.capMs) =>
  fullJitterBackoffMs(attempt, random, baseMs, capMs);

/**
 * Runs `step` until it answers something other than RETRY, pausing between attempts; errors a step throws end
 * the loop at once (a rule that says no is not retried). `attempt` counts from 1.
 */
export const retry = async <T>(step: (attempt: number) => Promise<T | Retry>, options: RetryOptions): Promise<T> => {
  const { attempts = RETRY_DEFAULTS.attempts, baseMs = RETRY_DEFAULTS.baseMs, capMs = RETRY_DEFAULTS.capMs } = options;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? sleepFor;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const result = await step(attempt);
    if (result !== RETRY) return result;
    if (attempt < attempts) await sleep(backoffMs(attempt, random, baseMs, capMs));
  }
  throw new DomainError(options.exhausted);
};

/** Options a core function passes through from its dependencies (tests make the pauses instant). */
export type RetryTiming = Pick<RetryOptions, 'random' | 'sleep'>;
