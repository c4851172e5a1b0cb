/** Time, injectable: core rules take a clock so tests can stand on any day. */
export type Clock = () => Date;

/**
 * The system clock, shifted by CLOCK_OFFSET_MS when set. Only the local stack sets it (its `/_local/clock`
 * moves time so a browser test can pass day 14 of a trial); deployed functions never have it.
 */
export const systemClock: Clock = () => new Date(Date.now() + (Number(process.env.CLOCK_OFFSET_MS) || 0));
