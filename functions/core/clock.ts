/** Time, injectable: core rules take a clock so tests can stand on any day. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
