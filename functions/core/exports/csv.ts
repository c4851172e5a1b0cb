/**
 * CSV as RFC 4180 writes it (CRLF rows, fields quoted when they hold a quote, comma or line break), with a BOM so
 * Excel reads UTF-8, and spreadsheet formulas defused: a cell a person typed that starts with = + - @ (or a tab or
 * carriage return) is prefixed with an apostrophe, so opening the export never runs a formula from a task title.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

const cell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
