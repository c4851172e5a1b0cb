/**
 * iCalendar (RFC 5545) for a subscribed feed of all-day events: text escaped (backslash, semicolon, comma, line
 * breaks), lines folded at 75 octets without splitting a UTF-8 character, CRLF line ends. Calendar apps refresh a
 * subscription on their own schedule; REFRESH-INTERVAL and X-PUBLISHED-TTL ask for hourly.
 */
export type CalendarEvent = {
  /** Stable across refreshes, so an app updates the event instead of adding another. */
  uid: string;
  /** The all-day date, YYYY-MM-DD. */
  date: string;
  summary: string;
  description?: string;
  url?: string;
  /** ISO time of the last change. */
  lastModified: string;
};

const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');

/** 20261124T101500Z from an ISO time. */
const utcStamp = (iso: string) => `${new Date(iso).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const dateValue = (day: string) => day.replace(/-/g, '');
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const encoder = new TextEncoder();

/** Folds a content line: at most 75 octets per line, continuation lines start with a space. */
export const foldLine = (line: string): string => {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation line's leading space counts
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

export const toICalendar = (calendar: { name: string; now: string; events: readonly CalendarEvent[] }): string => {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Brandslate//Task due dates//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...calendar.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utcStamp(calendar.now)}`,
      `LAST-MODIFIED:${utcStamp(event.lastModified)}`,
      `DTSTART;VALUE=DATE:${dateValue(event.date)}`,
      `DTEND;VALUE=DATE:${dateValue(nextDay(event.date))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
};
