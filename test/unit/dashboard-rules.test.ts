import { describe, expect, it } from 'vitest';
import { daysOf } from '#core/dashboard/get-dashboard';

const NOON_UTC = new Date('2026-11-24T12:00:00Z');

describe("the dashboard's days", () => {
  it('reads overdue and this week as the list presets do, from the day asked for', () => {
    expect(daysOf({ today: '2026-11-24' }, NOON_UTC)).toEqual({ today: '2026-11-24', overdueTo: '2026-11-23', weekEnd: '2026-11-29' });
    // On a Sunday, this week is that day alone.
    expect(daysOf({ today: '2026-11-29' }, NOON_UTC)).toEqual({ today: '2026-11-29', overdueTo: '2026-11-28', weekEnd: '2026-11-29' });
  });

  it("stands on the viewer's day in their time zone, UTC without one", () => {
    expect(daysOf({ tz: 'Pacific/Kiritimati' }, NOON_UTC).today).toBe('2026-11-25');
    expect(daysOf({ tz: 'Pacific/Pago_Pago' }, NOON_UTC).today).toBe('2026-11-24');
    expect(daysOf({}, new Date('2026-11-24T23:30:00Z')).today).toBe('2026-11-24');
  });

  it('refuses a day that does not exist or whose week leaves the four-digit years, naming the field', () => {
    for (const today of ['2026-02-30', '2026-13-01', '9999-12-31', '0000-01-01']) {
      expect(() => daysOf({ today }, NOON_UTC), today).toThrow(expect.objectContaining({ field: 'today' }));
    }
  });
});
