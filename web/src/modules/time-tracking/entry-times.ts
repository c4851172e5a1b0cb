/** The manual time entry form's values: a local date (YYYY-MM-DD) and time (HH:mm) for each end. Pure. */

export type LocalMoment = { date: string; time: string };
export type EntryTimesProblem = 'incomplete' | 'end_before_start' | 'future';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** The moment as an ISO string (UTC), or undefined while the fields are incomplete or impossible. */
export const toIso = ({ date, time }: LocalMoment): string | undefined => {
  if (!DATE.test(date) || !TIME.test(time)) return undefined;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const moment = new Date(y, mo - 1, d, h, mi);
  // 2026-02-31 or 25:00 roll over silently in Date; refuse them instead.
  if (moment.getFullYear() !== y || moment.getMonth() !== mo - 1 || moment.getDate() !== d || moment.getHours() !== h || moment.getMinutes() !== mi) {
    return undefined;
  }
  return moment.toISOString();
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The form values of a stored moment, in local time. */
export const fromIso = (iso: string): LocalMoment => {
  const moment = new Date(iso);
  return {
    date: `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`,
    time: `${pad(moment.getHours())}:${pad(moment.getMinutes())}`,
  };
};

/** What is wrong with a start and an end (the API's own rule: the end after the start, nothing in the future). */
export const entryTimesProblem = (start: LocalMoment, end: LocalMoment, now: Date): EntryTimesProblem | undefined => {
  const from = toIso(start);
  const to = toIso(end);
  if (!from || !to) return 'incomplete';
  if (Date.parse(to) <= Date.parse(from)) return 'end_before_start';
  if (Date.parse(to) > now.getTime()) return 'future';
  return undefined;
};
