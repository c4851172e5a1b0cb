import { describe, expect, it } from 'vitest';
import { toCsv } from '#core/exports/csv';
import { foldLine, toICalendar } from '#core/exports/icalendar';
import { isoWeek } from '#core/exports/export-time';

describe('CSV', () => {
  it('writes RFC 4180 rows with a BOM, quoting only what needs it', () => {
    expect(toCsv(['A', 'B'], [['plain', 'with, comma'], ['say "hi"', 'two\nlines'], [null, 3.5]])).toBe(
      '\uFEFFA,B\r\nplain,"with, comma"\r\n"say ""hi""","two\nlines"\r\n,3.5\r\n',
    );
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    const row = toCsv(['x'], [['=1+1'], ['+SUM(A1)'], ['-2'], ['@cmd'], ['\tTab'], ['safe = fine']]).split('\r\n').slice(1, 7);
    expect(row).toEqual(["'=1+1", "'+SUM(A1)", "'-2", "'@cmd", "'\tTab", 'safe = fine']);
  });

  it('writes numbers as numbers and nothing for a non-finite one', () => {
    expect(toCsv(['n'], [[-2], [Number.NaN]])).toBe('\uFEFFn\r\n-2\r\n\r\n');
  });
});

describe('iCalendar', () => {
  const calendar = toICalendar({
    name: 'Brandslate: Café, Inc.',
    now: '2026-11-23T10:15:00.000Z',
    events: [{ uid: 't1@brandslate', date: '2026-12-31', summary: 'Year end; wrap, ship\nnow', url: 'https://app.example/t/1', lastModified: '2026-11-20T08:00:00Z' }],
  });

  it('holds one all-day event per task, ending the next day (across a year end)', () => {
    expect(calendar).toContain('DTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
    expect(calendar).toContain('DTSTAMP:20261123T101500Z\r\n');
    expect(calendar).toContain('LAST-MODIFIED:20261120T080000Z\r\n');
  });

  it('escapes text and uses CRLF line ends throughout', () => {
    expect(calendar).toContain('SUMMARY:Year end\\; wrap\\, ship\\nnow\r\n');
    expect(calendar).toContain('X-WR-CALNAME:Brandslate: Café\\, Inc.\r\n');
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'é'.repeat(60)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join('')).toBe(`SUMMARY:${'é'.repeat(60)}`);
  });
});

describe('ISO weeks', () => {
  it.each([
    ['2026-11-23', '2026-W48', '2026-11-23'],
    ['2026-11-29', '2026-W48', '2026-11-23'],
    ['2027-01-01', '2026-W53', '2026-12-28'],
    ['2021-01-03', '2020-W53', '2020-12-28'],
    ['2024-12-30', '2025-W01', '2024-12-30'],
  ])('%s is in %s (from %s)', (day, week, monday) => {
    expect(isoWeek(day)).toEqual({ week, monday });
  });
});
