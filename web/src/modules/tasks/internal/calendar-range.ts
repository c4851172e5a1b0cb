import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { dayDate, TASK_STATUSES, type TaskStatus } from '#shared/schemas/task';

export type CalendarMode = 'month' | 'week';
export const CALENDAR_MODES: readonly CalendarMode[] = ['month', 'week'];

/** Weeks start on Sunday, as the app's US date format suggests. */
const WEEK = { weekStartsOn: 0 } as const;
const DAY_FORMAT = 'yyyy-MM-dd';

/** A local calendar day as YYYY-MM-DD (due dates have no time of day). */
export const toDay = (date: Date) => format(date, DAY_FORMAT);
/** A YYYY-MM-DD day as a local date at midnight; undefined for anything else. */
export const fromDay = (day: string | null | undefined): Date | undefined => {
  if (!day || !dayDate.safeParse(day).success) return undefined;
  const date = parseISO(day);
  return isValid(date) ? date : undefined;
};

export type CalendarRange = {
  /** First and last day shown (inclusive): what the list asks for as due_from/due_to. */
  from: string;
  to: string;
  /** Every day shown, in order, in rows of seven. */
  weeks: string[][];
};

/**
 * The days a month or week view shows around `anchor`: a month is padded to whole weeks (the grid's first and last
 * rows hold days of the neighbouring months).
 */
export const calendarRange = (mode: CalendarMode, anchor: string): CalendarRange => {
  const date = fromDay(anchor) ?? new Date();
  const start = mode === 'month' ? startOfWeek(startOfMonth(date), WEEK) : startOfWeek(date, WEEK);
  const end = mode === 'month' ? endOfWeek(endOfMonth(date), WEEK) : endOfWeek(date, WEEK);
  const days = eachDayOfInterval({ start, end }).map(toDay);
  const weeks: string[][] = [];
  for (let index = 0; index < days.length; index += 7) weeks.push(days.slice(index, index + 7));
  return { from: days[0], to: days[days.length - 1], weeks };
};

/** The anchor one month or week before (-1) or after (+1). */
export const shiftAnchor = (mode: CalendarMode, anchor: string, step: -1 | 1): string => {
  const date = fromDay(anchor) ?? new Date();
  return toDay(mode === 'month' ? addMonths(startOfMonth(date), step) : addWeeks(date, step));
};

/** True when `day` belongs to the anchor's month (a month grid greys the padding days). */
export const inMonth = (day: string, anchor: string) => day.slice(0, 7) === anchor.slice(0, 7);

/** The weekday names of the grid's columns, Sunday first, for a formatter of the caller's choosing. */
export const weekdayDates = (): Date[] => {
  const sunday = startOfWeek(new Date(2026, 0, 7), WEEK);
  return Array.from({ length: 7 }, (_, index) => addDays(sunday, index));
};

/** Tasks grouped by due day, each day's tasks in the order given. */
export const byDueDay = <T extends { due_date: string | null }>(tasks: readonly T[]): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const task of tasks) {
    if (!task.due_date) continue;
    const day = task.due_date.slice(0, 10);
    const group = groups.get(day);
    if (group) group.push(task);
    else groups.set(day, [task]);
  }
  return groups;
};

/**
 * The statuses the calendar asks for: all of them, whatever the status filter says, since a post waiting for the
 * client or already live belongs on its day as much as one in progress (the other filters still apply).
 */
export const CALENDAR_STATUSES: readonly TaskStatus[] = TASK_STATUSES;

/** The days of the range that have tasks, in order, with their tasks: the phone's agenda (a month keeps to its own days). */
export const agendaDays = <T>(range: Pick<CalendarRange, 'weeks'>, days: ReadonlyMap<string, T[]>, month?: string): { day: string; tasks: T[] }[] =>
  range.weeks
    .flat()
    .filter((day) => (month === undefined || inMonth(day, month)) && (days.get(day)?.length ?? 0) > 0)
    .map((day) => ({ day, tasks: days.get(day)! }));
