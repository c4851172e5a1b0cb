import type { DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import { ANALYTICS_LIMITS, ANALYTICS_PLATFORMS, type AnalyticsPlatform } from '#shared/schemas/analytics';
import { useCallback, useMemo } from 'react';
import { usePageSearchParams } from '../../ui/use-page-search-params';
import type { AnalyticsRequest } from './analytics-api';
import { addDays, dateToDay, dayToDate, daysBetween } from './analytics-model';

/**
 * The page's filters live in its address (a link to "YouTube, last year" opens just that; the wizard's ?setup=1
 * stays): `range=<amount>-<unit>` for a range ending today, or `from` and `to` days; `platform` for one platform.
 */

type Unit = 'day' | 'week' | 'month' | 'year';
const UNITS: readonly Unit[] = ['day', 'week', 'month', 'year'];

/** The ranges offered at a click, ending today. */
export const RELATIVE_RANGES: readonly DateRangePickerProps.RelativeOption[] = [
  { key: '30-day', amount: 30, unit: 'day', type: 'relative' },
  { key: '90-day', amount: 90, unit: 'day', type: 'relative' },
  { key: '6-month', amount: 6, unit: 'month', type: 'relative' },
  { key: '1-year', amount: 1, unit: 'year', type: 'relative' },
  { key: '2-year', amount: 2, unit: 'year', type: 'relative' },
];
export const CUSTOM_UNITS: DateRangePickerProps.TimeUnit[] = [...UNITS];

/** The server's default: the last ANALYTICS_LIMITS.defaultDays days. */
const DEFAULT_RANGE: DateRangePickerProps.RelativeValue = { key: `${ANALYTICS_LIMITS.defaultDays}-day`, amount: ANALYTICS_LIMITS.defaultDays, unit: 'day', type: 'relative' };

const isDay = (value: string | null | undefined): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayToDate(value).getTime());

/** Today as the server counts days (UTC). */
export const todayUtc = () => dateToDay(new Date());

/** The first day of a range of `amount` units ending on `to` (both ends counted: "30 days" is 30 days). */
export const relativeStart = (to: string, amount: number, unit: Unit) => {
  if (unit === 'day') return addDays(to, -(amount - 1));
  if (unit === 'week') return addDays(to, -(amount * 7 - 1));
  const start = dayToDate(to);
  if (unit === 'month') start.setUTCMonth(start.getUTCMonth() - amount);
  else start.setUTCFullYear(start.getUTCFullYear() - amount);
  return addDays(dateToDay(start), 1);
};

/** A picker value as the days it covers, ending `today` for a relative one. */
export const rangeDays = (value: DateRangePickerProps.Value, today = todayUtc()): { from: string; to: string } =>
  value.type === 'relative'
    ? { from: relativeStart(today, value.amount, value.unit as Unit), to: today }
    : { from: value.startDate.slice(0, 10), to: value.endDate.slice(0, 10) };

/** Why a picked range cannot be shown, or undefined when it can. */
export const rangeProblem = (value: DateRangePickerProps.Value | null, today = todayUtc()): 'missing' | 'order' | 'long' | undefined => {
  if (!value) return 'missing';
  if (value.type === 'relative' && (!UNITS.includes(value.unit as Unit) || value.amount < 1)) return 'missing';
  if (value.type === 'absolute' && (!isDay(value.startDate.slice(0, 10)) || !isDay(value.endDate.slice(0, 10)))) return 'missing';
  const { from, to } = rangeDays(value, today);
  if (from > to) return 'order';
  return daysBetween(from, to) > ANALYTICS_LIMITS.maxDays ? 'long' : undefined;
};

const parseRange = (params: URLSearchParams): DateRangePickerProps.Value => {
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to)) {
    const value: DateRangePickerProps.AbsoluteValue = { type: 'absolute', startDate: from, endDate: to };
    return rangeProblem(value) ? DEFAULT_RANGE : value;
  }
  const match = /^(\d{1,4})-(day|week|month|year)$/.exec(params.get('range') ?? '');
  if (!match) return DEFAULT_RANGE;
  const value: DateRangePickerProps.RelativeValue = { key: match[0], amount: Number(match[1]), unit: match[2] as Unit, type: 'relative' };
  // A preset keeps its key (the picker shows its label); anything else is the custom range it is.
  const preset = RELATIVE_RANGES.find((option) => option.key === value.key);
  const parsed = preset ?? { ...value, key: undefined };
  return rangeProblem(parsed) ? DEFAULT_RANGE : parsed;
};

const parsePlatform = (value: string | null): AnalyticsPlatform | undefined =>
  ANALYTICS_PLATFORMS.includes(value as AnalyticsPlatform) ? (value as AnalyticsPlatform) : undefined;

/** The page's range and platform, read from and written to its address. */
export const useAnalyticsFilters = () => {
  const [params, setParams] = usePageSearchParams();
  const range = useMemo(() => parseRange(params), [params]);
  const platform = parsePlatform(params.get('platform'));
  const today = todayUtc();
  const request: AnalyticsRequest = useMemo(() => ({ ...rangeDays(range, today), platform }), [range, today, platform]);

  const setRange = useCallback(
    (value: DateRangePickerProps.Value) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('from');
          next.delete('to');
          next.delete('range');
          if (value.type === 'absolute') {
            next.set('from', value.startDate.slice(0, 10));
            next.set('to', value.endDate.slice(0, 10));
          } else if (value.key !== DEFAULT_RANGE.key) next.set('range', `${value.amount}-${value.unit}`);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPlatform = useCallback(
    (value: AnalyticsPlatform | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set('platform', value);
          else next.delete('platform');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { range, platform, request, setRange, setPlatform };
};
