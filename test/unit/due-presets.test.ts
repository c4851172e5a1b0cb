import { describe, expect, it } from 'vitest';
import { dayIn, duePresetRange, intersectDays, isTimeZone } from '#shared/due-presets';
import { withDuePreset } from '#core/tasks/due-filter';
import { listTasksQuery } from '#shared/schemas/task';

describe('due-date presets', () => {
  // Wednesday 2026-11-25.
  const wednesday = '2026-11-25';

  it('cover the days a content team means', () => {
    expect(duePresetRange('overdue', wednesday)).toEqual({ to: '2026-11-24' });
    expect(duePresetRange('today', wednesday)).toEqual({ from: wednesday, to: wednesday });
    expect(duePresetRange('this_week', wednesday)).toEqual({ from: wednesday, to: '2026-11-29' });
    expect(duePresetRange('next_week', wednesday)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
  });

  it('end the week on Sunday and start the next on Monday, also seen from a Sunday and a Monday', () => {
    expect(duePresetRange('this_week', '2026-11-29')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(duePresetRange('this_week', '2026-11-30')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(duePresetRange('next_week', '2026-12-31')).toEqual({ from: '2027-01-04', to: '2027-01-10' });
  });

  it('read today where the viewer is, not in UTC', () => {
    const lateEvening = new Date('2026-11-25T23:30:00.000Z');
    expect(dayIn(lateEvening, 'UTC')).toBe('2026-11-25');
    expect(dayIn(lateEvening, 'Europe/Paris')).toBe('2026-11-26');
    expect(dayIn(lateEvening, 'America/Los_Angeles')).toBe('2026-11-25');
  });

  it('intersect with a range asked for at the same time', () => {
    expect(intersectDays({ from: '2026-11-01', to: '2026-11-30' }, { from: '2026-11-25', to: '2026-12-06' })).toEqual({ from: '2026-11-25', to: '2026-11-30' });
    expect(intersectDays({ from: '2026-12-01', to: '2026-12-31' }, { to: '2026-11-24' })).toEqual({ from: '2026-12-01', to: '2026-11-24' });
    expect(intersectDays({}, { to: '2026-11-24' })).toEqual({ to: '2026-11-24' });
  });

  it('turn the list query into a due range in the viewer’s zone', () => {
    const now = new Date('2026-11-25T23:30:00.000Z');
    expect(withDuePreset({ due: 'today', tz: 'Asia/Tokyo' }, now)).toMatchObject({ due_from: '2026-11-26', due_to: '2026-11-26' });
    expect(withDuePreset({ due: 'overdue', due_from: '2026-11-01', due_to: '2026-11-30' }, now)).toMatchObject({ due_from: '2026-11-01', due_to: '2026-11-24' });
    expect(withDuePreset({ status: ['todo'] }, now)).toEqual({ status: ['todo'] });
  });

  it('refuse an unknown zone or preset naming the field', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    const zone = listTasksQuery.safeParse({ tz: 'Mars/Olympus' });
    expect(zone.success).toBe(false);
    expect(zone.error?.issues[0]?.path).toEqual(['tz']);
    const preset = listTasksQuery.safeParse({ due: 'yesterday' });
    expect(preset.error?.issues[0]?.path).toEqual(['due']);
  });
});
