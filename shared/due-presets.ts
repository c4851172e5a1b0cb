/**
 * Due-date presets of the task filter ("Overdue", "Due today", "This week", "Next week"), written once for the list
 * route, the SPA's filter and anything that links into a filtered list. A preset is a range of calendar days that
 * depends on what day it is where the viewer is, so it is resolved against a time zone, never against UTC.
 */

export const DUE_PRESETS = ['overdue', 'today', 'this_week', 'next_week'] as const;
export type DuePreset = (typeof DUE_PRESETS)[number];

export const isDuePreset = (value: unknown): value is DuePreset => (DUE_PRESETS as readonly unknown[]).includes(value);

/** An inclusive range of calendar days (YYYY-MM-DD); a missing end is open. */
export type DayRange = { from?: string; to?: string };

const DAY_MS = 86_400_000;

/** True for a time zone name the runtime knows (IANA, e.g. Europe/Paris, or UTC). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone`. */
export const dayIn = (now: Date, timeZone: string): string => {
  // en-CA formats as YYYY-MM-DD.
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/** The day `days` after (or before) a calendar day; calendar arithmetic, so it never meets a DST shift. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the (ISO, Monday to Sunday) week a day belongs to. */
const mondayOf = (day: string): string => {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
};

/**
 * The due days a preset covers, seen from `today`: overdue is every day before today (the status filter decides
 * whether finished tasks count); this week is what is left of it, today to Sunday (its earlier days are overdue
 * or done, so the two presets never count a task twice); next week runs Monday to Sunday.
 */
export const duePresetRange = (preset: DuePreset, today: string): DayRange => {
  switch (preset) {
    case 'overdue':
      return { to: addDays(today, -1) };
    case 'today':
      return { from: today, to: today };
    case 'this_week':
      return { from: today, to: addDays(mondayOf(today), 6) };
    case 'next_week': {
      const monday = addDays(mondayOf(today), 7);
      return { from: monday, to: addDays(monday, 6) };
    }
  }
};

/** Two day ranges at once (a calendar month and a preset): the later start and the earlier end. */
export const intersectDays = (a: DayRange, b: DayRange): DayRange => {
  const from = a.from && b.from ? (a.from > b.from ? a.from : b.from) : (a.from ?? b.from);
  const to = a.to && b.to ? (a.to < b.to ? a.to : b.to) : (a.to ?? b.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
};
