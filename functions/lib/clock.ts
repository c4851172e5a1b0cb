/** Time, injectable: core rules take a clock so tests can stand on any day. */
export type Clock = () => Date;

/**
 * The system clock, shifted by CLOCK_OFFSET_MS when set. Only the local stack sets it (its `/_local/clock`
 * moves time so a browser test can pass day 14 of a trial); deployed functions never have it.
 */
export const systemClock: Clock = () => new Date(Date.now() + (Number(process.env.CLOCK_OFFSET_MS) || 0));

/**
 * The time to stamp a new version of an item with: now, but always later than the version read, so two writes in the
 * same millisecond (or under a clock that stepped back) still tell their versions apart for a conditional write.
 */
export const nextVersionTime = (previousIso: string, now: Date): string => new Date(Math.max(now.getTime(), Date.parse(previousIso) + 1)).toISOString();
