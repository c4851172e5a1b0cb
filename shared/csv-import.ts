/**
 * The rules of a CSV of post URLs (spec 5, bulk import), written once: the browser's check before upload
 * (papaparse) and the import worker (csv-parse) read a file the same way and refuse the same rows with the same
 * reasons. A file is a list of URLs in its first column; other columns are ignored; a header row is allowed; a
 * UTF-8 BOM, ';' or ',' separators, quoted cells and empty lines are all fine.
 */

/** The spec's two messages, exactly. */
export const CSV_IMPORT_MESSAGES = {
  noValidUrls: 'No valid URLs found in the CSV file',
  readError: 'Error reading CSV file. Please check the file format.',
} as const;

/** The largest CSV an import takes (the presigned upload signs the size, so S3 refuses a larger one). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/** The content type an import file is uploaded as (the presigned PUT signs it, whatever the browser guessed). */
export const IMPORT_CONTENT_TYPE = 'text/csv';

/** A URL longer than this is not a post link anyone shares; it is refused as a row. */
export const MAX_IMPORT_URL_LENGTH = 2048;

export const CSV_SEPARATORS = [',', ';'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** Why a row gives no URL to import. */
export const ROW_REFUSALS = {
  not_a_url: 'Not a web address (http or https)',
  too_long: `Longer than ${MAX_IMPORT_URL_LENGTH} characters`,
} as const;
export type RowRefusal = keyof typeof ROW_REFUSALS;

const BOM = '\uFEFF';

/**
 * The URL in a first cell, normalised (trimmed, BOM dropped), or why there is none. Only absolute http(s)
 * addresses with a host name count; the fetcher decides later whether the address may be fetched at all.
 */
export const readUrlCell = (cell: string | undefined): { ok: true; url: string } | { ok: false; reason: RowRefusal } => {
  const value = (cell ?? '').replace(BOM, '').trim();
  if (value.length > MAX_IMPORT_URL_LENGTH) return { ok: false, reason: 'too_long' };
  if (!/^https?:\/\//i.test(value)) return { ok: false, reason: 'not_a_url' };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { ok: false, reason: 'not_a_url' };
  }
  if (!parsed.hostname || /\s/.test(value)) return { ok: false, reason: 'not_a_url' };
  return { ok: true, url: parsed.href };
};

/** The first cell holds a URL this import would take. */
export const isImportUrl = (cell: string | undefined) => readUrlCell(cell).ok;

/** A row with nothing in it (an empty line, or only separators and blanks): skipped, not counted. */
export const isEmptyRow = (cells: readonly string[]) => cells.every((cell) => cell.replace(BOM, '').trim() === '');

/**
 * The first non-empty row is a header when its first cell is text that is no URL at all ("url", "Link", "Post
 * URL"): it is skipped instead of refused. A first cell that merely fails as a URL ("http//x") stays a row.
 */
export const isHeaderRow = (cells: readonly string[]) => {
  const first = (cells[0] ?? '').replace(BOM, '').trim();
  return first !== '' && !/^[a-z][a-z0-9+.-]*:|^https?|^www\.|\.[a-z]{2,}\//i.test(first) && first.length <= 100;
};

/**
 * The separator of a file from its first non-empty line: ';' when the line has one outside quotes (a
 * European-locale spreadsheet), else ','. A ',' inside a URL therefore needs quotes only in a ','-separated file.
 */
export const detectSeparator = (sample: string): CsvSeparator => {
  const text = sample.replace(BOM, '');
  let inQuotes = false;
  let seenContent = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) {
      if (seenContent) break;
    } else if (!inQuotes && char === ';') return ';';
    else if (char.trim() !== '') seenContent = true;
  }
  return ',';
};

/**
 * The file's first bytes read as text: a file with NUL bytes or that is not UTF-8 (an image, a spreadsheet
 * saved as .xlsx) is not a CSV, and is refused with the read-error message instead of yielding garbage rows.
 */
export const looksLikeCsvText = (head: Uint8Array): boolean => {
  if (head.includes(0)) return false;
  // A multi-byte character cut at the end of the sample is not an error: drop up to 3 trailing bytes when needed.
  for (let cut = 0; cut <= Math.min(3, head.length); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try a shorter sample
    }
  }
  return false;
};

/** How many leading bytes looksLikeCsvText is given. */
export const CSV_SNIFF_BYTES = 4096;

/** One row of a file, classified: a URL to import, or a refused row with its reason (header and empty rows are skipped). */
export type ImportRow = { row: number; ok: true; url: string } | { row: number; ok: false; reason: RowRefusal; value: string };

/**
 * Classifies parsed records in order (`row` is the 1-based line of the record in the file as parsed, not
 * counting skipped ones, so a failures CSV names a row the user can find). Feed it records one at a time:
 * `classify(cells)` answers undefined for an empty row or the header.
 */
export const rowClassifier = () => {
  let seenFirst = false;
  let row = 0;
  return (cells: readonly string[]): ImportRow | undefined => {
    if (isEmptyRow(cells)) return undefined;
    const first = !seenFirst;
    seenFirst = true;
    const cell = readUrlCell(cells[0]);
    if (!cell.ok && first && isHeaderRow(cells)) return undefined;
    row += 1;
    return cell.ok ? { row, ok: true, url: cell.url } : { row, ok: false, reason: cell.reason, value: (cells[0] ?? '').replace(BOM, '').trim().slice(0, 200) };
  };
};

/** A file check's verdict: the rows, or the message the spec gives for it. */
export type CsvCheck = { ok: true; rows: ImportRow[]; valid: number } | { ok: false; message: (typeof CSV_IMPORT_MESSAGES)[keyof typeof CSV_IMPORT_MESSAGES] };

/** The verdict on all records of a file: no URL at all is the spec's 'No valid URLs found' message. */
export const checkRecords = (records: Iterable<readonly string[]>): CsvCheck => {
  const classify = rowClassifier();
  const rows: ImportRow[] = [];
  for (const record of records) {
    const row = classify(record);
    if (row) rows.push(row);
  }
  const valid = rows.filter((row) => row.ok).length;
  return valid === 0 ? { ok: false, message: CSV_IMPORT_MESSAGES.noValidUrls } : { ok: true, rows, valid };
};
