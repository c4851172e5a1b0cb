import { DELIVERY_RETRY_DELAYS_SECONDS, DELIVERY_RETRY_JITTER } from '#shared/schemas/integrations';

/** The longest wait a queue message can carry (SQS DelaySeconds); a longer one is kept by the retry job. */
export const MAX_QUEUE_DELAY_SECONDS = 900;

/** Attempts in one series (a retry from the log or a DLQ redrive starts counting again). */
export const ATTEMPTS_PER_SERIES = DELIVERY_RETRY_DELAYS_SECONDS.length;

export type RetryTimingOptions = {
  /** Multiplies every wait of the schedule (tests run a day's schedule in seconds; 1 in production). */
  scale?: number;
  /** Draws in [0, 1) for the jitter. */
  random?: () => number;
};

/**
 * When the next attempt of a series is due after `attemptsInSeries` attempts failed and may be retried: the
 * schedule's wait (± DELIVERY_RETRY_JITTER, so a provider's outage does not end in a thundering herd), and never
 * sooner than the provider's Retry-After. `undefined` when the series has run out.
 */
export const nextRetryWaitSeconds = (
  attemptsInSeries: number,
  retryAfterSeconds: number | undefined,
  { scale = 1, random = Math.random }: RetryTimingOptions = {},
): number | undefined => {
  if (attemptsInSeries >= ATTEMPTS_PER_SERIES) return undefined;
  const base = DELIVERY_RETRY_DELAYS_SECONDS[attemptsInSeries]! * scale;
  const jittered = base * (1 + DELIVERY_RETRY_JITTER * (2 * random() - 1));
  return Math.max(jittered, retryAfterSeconds ?? 0);
};

/** Who brings a wait back: a delayed queue message while SQS can hold it, the retry job beyond. */
export const schedulerOf = (waitSeconds: number): 'queue' | 'job' => (waitSeconds <= MAX_QUEUE_DELAY_SECONDS ? 'queue' : 'job');

/** The DelaySeconds of a message due in `waitSeconds` (whole seconds, within SQS's limit). */
export const queueDelaySeconds = (waitSeconds: number) => Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, Math.round(waitSeconds)));
