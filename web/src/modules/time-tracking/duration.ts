/** Durations as the time tracker shows them. Pure, so they are unit-tested. */

export type TimedEntry = { started_at: string; ended_at: string | null; seconds: number };

/** Whole hours and minutes: "3h 05m", "25m", "0m" (a total spent, an entry). */
export const formatDuration = (totalSeconds: number): string => {
  const minutes = Math.floor(Math.max(0, totalSeconds) / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return `${hours}h ${String(rest).padStart(2, '0')}m`;
};

/** A running clock: "0:04:09", "12:00:00". */
export const formatClock = (totalSeconds: number): string => {
  const seconds = Math.floor(Math.max(0, totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

/** Seconds of an entry at `now`: a finished one as stored, a running one from its start until now. */
export const entrySeconds = (entry: TimedEntry, now: number): number => {
  if (entry.ended_at) return entry.seconds;
  return Math.max(0, Math.floor((now - Date.parse(entry.started_at)) / 1000));
};

/** A task's total while a timer runs: the stored total (finished entries) plus the running entries' time so far. */
export const liveTotal = (storedTotal: number, entries: readonly TimedEntry[], now: number): number =>
  storedTotal + entries.filter((entry) => !entry.ended_at).reduce((sum, entry) => sum + entrySeconds(entry, now), 0);
