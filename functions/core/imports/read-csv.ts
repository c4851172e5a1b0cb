import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { CSV_IMPORT_MESSAGES, CSV_SNIFF_BYTES, detectSeparator, looksLikeCsvText, MAX_IMPORT_BYTES, rowClassifier, type ImportRow } from '#shared/csv-import';

/** Why a file gives no rows: one of the spec's two messages. */
export class CsvReadError extends Error {
  constructor(readonly userMessage: (typeof CSV_IMPORT_MESSAGES)[keyof typeof CSV_IMPORT_MESSAGES]) {
    super(userMessage);
    this.name = 'CsvReadError';
  }
}

/** Reads the first bytes of a stream (the separator and the text check need them) and gives back the whole stream. */
const peek = async (source: AsyncIterable<Buffer | Uint8Array | string>): Promise<{ head: Buffer; rest: AsyncIterator<Buffer | Uint8Array | string> }> => {
  const iterator = source[Symbol.asyncIterator]();
  const parts: Buffer[] = [];
  let size = 0;
  while (size < CSV_SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    const part = Buffer.from(next.value);
    parts.push(part);
    size += part.length;
  }
  return { head: Buffer.concat(parts), rest: iterator };
};

/**
 * Streams a CSV of post URLs (csv-parse) and hands each classified row to `onRow` in file order, awaiting it (so
 * a slow consumer holds the reading back: memory stays flat however long the file). BOM, ';' or ',' (from the
 * first line), quoted cells with separators and empty lines are handled; a file that is not text, breaks the CSV
 * grammar or passes 10 MB is a CsvReadError with the read-error message, one without any URL the no-URLs message.
 * Answers the number of rows (header and empty lines not counted).
 */
export const readImportCsv = async (source: AsyncIterable<Buffer | Uint8Array | string>, onRow: (row: ImportRow) => Promise<void>): Promise<{ rows: number; valid: number }> => {
  const { head, rest } = await peek(source);
  if (head.length === 0 || !looksLikeCsvText(head)) throw new CsvReadError(CSV_IMPORT_MESSAGES.readError);
  const delimiter = detectSeparator(head.toString('utf8'));
  let bytes = 0;
  const all = Readable.from(
    (async function* () {
      yield head;
      bytes += head.length;
      for (let next = await rest.next(); !next.done; next = await rest.next()) {
        const part = Buffer.from(next.value);
        bytes += part.length;
        if (bytes > MAX_IMPORT_BYTES) throw new CsvReadError(CSV_IMPORT_MESSAGES.readError);
        yield part;
      }
    })(),
  );
  if (head.length > MAX_IMPORT_BYTES) throw new CsvReadError(CSV_IMPORT_MESSAGES.readError);
  const parser = all.pipe(
    parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: false, max_record_size: 64 * 1024 }),
  );
  all.on('error', (error) => parser.destroy(error));
  const classify = rowClassifier();
  let rows = 0;
  let valid = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const row = classify(record);
      if (!row) continue;
      rows += 1;
      if (row.ok) valid += 1;
      await onRow(row);
    }
  } catch (error) {
    if (error instanceof CsvReadError) throw error;
    // csv-parse's own errors (an unclosed quote, a record past the size cap): the file is not a CSV we can read.
    if ((error as { code?: string }).code?.startsWith('CSV_') || error instanceof CsvReadError) throw new CsvReadError(CSV_IMPORT_MESSAGES.readError);
    throw error;
  }
  if (valid === 0) throw new CsvReadError(CSV_IMPORT_MESSAGES.noValidUrls);
  return { rows, valid };
};
