/** Time, injectable: core rules take a clock so tests can stand on any day (written in #lib/clock, used by both). */
export { systemClock, type Clock } from '#lib/clock';
