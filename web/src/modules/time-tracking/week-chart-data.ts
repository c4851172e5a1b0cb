/** The week chart's numbers: time per brand and per person for the current week. Pure, so it is unit-tested. */

export type WeekEntry = {
  task_uid: string;
  user_uid: string;
  project_uid?: string | null;
  started_at: string;
  ended_at: string | null;
};

export type WeekRange = { start: number; end: number };

/** Monday 00:00 to the next Monday 00:00, local time, of the week holding `now`. */
export const currentWeek = (now: Date): WeekRange => {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday);
  const end = new Date(start);
  end.setDate(end.getDate() + 7);
  return { start: start.getTime(), end: end.getTime() };
};

/** Seconds of an entry inside the range (a running entry runs until `now`); entries crossing an edge are clipped. */
export const secondsInRange = (entry: Pick<WeekEntry, 'started_at' | 'ended_at'>, range: WeekRange, now: number): number => {
  const from = Math.max(Date.parse(entry.started_at), range.start);
  const to = Math.min(entry.ended_at ? Date.parse(entry.ended_at) : now, range.end);
  return to > from ? Math.floor((to - from) / 1000) : 0;
};

export type WeekBar = { key: string; seconds: number };
export type WeekTotals = { byProject: WeekBar[]; byPerson: WeekBar[]; totalSeconds: number };

/** Unknown brand: an entry whose brand the list does not say (an older entry). */
export const UNKNOWN_PROJECT = '';

const sortedBars = (totals: Map<string, number>): WeekBar[] =>
  [...totals.entries()]
    .filter(([, seconds]) => seconds > 0)
    .map(([key, seconds]) => ({ key, seconds }))
    .sort((a, b) => b.seconds - a.seconds || a.key.localeCompare(b.key));

/** Sums this week's time per brand (project uid) and per person (user uid), biggest first; empty bars dropped. */
export const weekTotals = (entries: readonly WeekEntry[], now: Date): WeekTotals => {
  const range = currentWeek(now);
  const byProject = new Map<string, number>();
  const byPerson = new Map<string, number>();
  let totalSeconds = 0;
  for (const entry of entries) {
    const seconds = secondsInRange(entry, range, now.getTime());
    if (seconds === 0) continue;
    const project = entry.project_uid ?? UNKNOWN_PROJECT;
    byProject.set(project, (byProject.get(project) ?? 0) + seconds);
    byPerson.set(entry.user_uid, (byPerson.get(entry.user_uid) ?? 0) + seconds);
    totalSeconds += seconds;
  }
  return { byProject: sortedBars(byProject), byPerson: sortedBars(byPerson), totalSeconds };
};

/** Hours with one decimal, for a chart axis. */
export const toHours = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;
