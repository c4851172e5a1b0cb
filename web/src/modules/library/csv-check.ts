import Papa from 'papaparse';
import {
  CSV_IMPORT_MESSAGES,
  CSV_SNIFF_BYTES,
  MAX_IMPORT_BYTES,
  checkRecords,
  detectSeparator,
  looksLikeCsvText,
  type CsvCheck,
} from '#shared/csv-import';

/** The browser's verdict on a chosen file: shared/csv-import's, plus a file over the upload limit. */
export type FileCheck = CsvCheck | { ok: false; tooLarge: true };

/**
 * Reads CSV text with papaparse by shared/csv-import's rules (the worker reads the upload the same way with
 * csv-parse): the separator from the first line, records one at a time into the shared classifier. A broken
 * quote is the spec's read-error message, not a guess at the rows.
 */
export const checkCsvText = (text: string): CsvCheck => {
  const records: string[][] = [];
  let broken = false;
  Papa.parse<string[]>(text, {
    delimiter: detectSeparator(text.slice(0, 65_536)),
    skipEmptyLines: false,
    step: (result, parser) => {
      if (result.errors.some((error) => error.type === 'Quotes')) {
        broken = true;
        parser.abort();
        return;
      }
      records.push(result.data);
    },
  });
  return broken ? { ok: false, message: CSV_IMPORT_MESSAGES.readError } : checkRecords(records);
};

/** Checks a chosen file before anything is uploaded: its size, that it is text at all, then its rows. */
export const checkCsvFile = async (file: Blob): Promise<FileCheck> => {
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, tooLarge: true };
  try {
    const head = new Uint8Array(await file.slice(0, CSV_SNIFF_BYTES).arrayBuffer());
    if (!looksLikeCsvText(head)) return { ok: false, message: CSV_IMPORT_MESSAGES.readError };
    return checkCsvText(await file.text());
  } catch {
    return { ok: false, message: CSV_IMPORT_MESSAGES.readError };
  }
};
