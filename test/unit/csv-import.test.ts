import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { checkRecords, CSV_IMPORT_MESSAGES, detectSeparator, isHeaderRow, isImportUrl, looksLikeCsvText, MAX_IMPORT_BYTES, readUrlCell } from '#shared/csv-import';
import { CsvReadError, readImportCsv } from '#core/imports/read-csv';
import { failuresCsv } from '#core/imports/imports';
import type { ImportRow } from '#shared/csv-import';

const read = async (content: string | Buffer, chunkSize = 7) => {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  // Small chunks: a separator, a quote or a BOM split across chunks must not matter.
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) parts.push(bytes.subarray(i, i + chunkSize));
  const rows: ImportRow[] = [];
  const result = await readImportCsv(Readable.from(parts), async (row) => void rows.push(row));
  return { ...result, rows };
};
const readError = async (content: string | Buffer) => {
  try {
    await read(content, 64 * 1024);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvReadError);
    return (error as CsvReadError).userMessage;
  }
  throw new Error('the file was read');
};

describe('CSV import rules (shared/csv-import.ts)', () => {
  it('has the spec messages exactly and a 10 MB limit', () => {
    expect(CSV_IMPORT_MESSAGES.noValidUrls).toBe('No valid URLs found in the CSV file');
    expect(CSV_IMPORT_MESSAGES.readError).toBe('Error reading CSV file. Please check the file format.');
    expect(MAX_IMPORT_BYTES).toBe(10 * 1024 * 1024);
  });

  it('takes absolute http(s) URLs only', () => {
    expect(isImportUrl('https://www.instagram.com/p/abc/')).toBe(true);
    expect(isImportUrl('  http://example.com/a?b=1,2 ')).toBe(true);
    expect(isImportUrl('\uFEFFhttps://x.com/a/status/1')).toBe(true);
    for (const bad of ['', 'instagram.com/p/abc', 'ftp://x.com/a', 'javascript:alert(1)', 'https://', 'https://exa mple.com/a', 'url']) expect(isImportUrl(bad)).toBe(false);
    expect(readUrlCell(`https://x.com/${'a'.repeat(2100)}`)).toEqual({ ok: false, reason: 'too_long' });
    expect(readUrlCell('not a link')).toEqual({ ok: false, reason: 'not_a_url' });
  });

  it('tells a header from a bad row', () => {
    expect(isHeaderRow(['url'])).toBe(true);
    expect(isHeaderRow(['Post URL', 'notes'])).toBe(true);
    expect(isHeaderRow(['http//broken.com/x'])).toBe(false);
    expect(isHeaderRow(['www.example.com/x'])).toBe(false);
    expect(isHeaderRow([''])).toBe(false);
  });

  it('detects the separator from the first line, outside quotes', () => {
    expect(detectSeparator('url;note\nhttps://a.com/x;y')).toBe(';');
    expect(detectSeparator('\uFEFFurl,note\n')).toBe(',');
    expect(detectSeparator('"https://a.com/x;y",note')).toBe(',');
    expect(detectSeparator('\n\nhttps://a.com/1;a')).toBe(';');
    expect(detectSeparator('https://a.com/1')).toBe(',');
  });

  it('refuses binary content as not text', () => {
    expect(looksLikeCsvText(Buffer.from('url\nhttps://a.com/1\n'))).toBe(true);
    expect(looksLikeCsvText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]))).toBe(false);
    expect(looksLikeCsvText(Buffer.from([0xff, 0xfe, 0x41, 0x42]))).toBe(false);
    // A multi-byte character cut by the sample's end is still text.
    expect(looksLikeCsvText(Buffer.from('https://a.com/é').subarray(0, -1))).toBe(true);
  });

  it('checks parsed records: rows numbered, header and empty rows skipped, no URL is the spec message', () => {
    const check = checkRecords([['url'], [''], ['https://a.com/1'], ['nope'], ['https://a.com/2', 'x']]);
    expect(check).toEqual({
      ok: true,
      valid: 2,
      rows: [
        { row: 1, ok: true, url: 'https://a.com/1' },
        { row: 2, ok: false, reason: 'not_a_url', value: 'nope' },
        { row: 3, ok: true, url: 'https://a.com/2' },
      ],
    });
    expect(checkRecords([['url'], ['nothing here']])).toEqual({ ok: false, message: 'No valid URLs found in the CSV file' });
    expect(checkRecords([])).toEqual({ ok: false, message: 'No valid URLs found in the CSV file' });
  });
});

describe("the worker's CSV reading (csv-parse, streamed)", () => {
  it('reads a BOM, a header, empty lines and a second column', async () => {
    const { rows, valid } = await read('\uFEFFurl,note\r\n\r\nhttps://a.com/1,first\r\n\r\n\r\nhttps://a.com/2,second\r\n');
    expect(valid).toBe(2);
    expect(rows).toEqual([
      { row: 1, ok: true, url: 'https://a.com/1' },
      { row: 2, ok: true, url: 'https://a.com/2' },
    ]);
  });

  it("reads ';' separated files and quoted URLs with commas", async () => {
    expect((await read('link;note\nhttps://a.com/x,y;z\n"https://a.com/q;r";s\n')).rows.map((row) => row.ok && row.url)).toEqual([
      'https://a.com/x,y',
      'https://a.com/q;r',
    ]);
    expect((await read('"https://a.com/p?a=1,2",note\nhttps://a.com/3\n')).rows.map((row) => row.ok && row.url)).toEqual(['https://a.com/p?a=1,2', 'https://a.com/3']);
  });

  it('keeps refused rows with their reason and the cell', async () => {
    const { rows } = await read('https://a.com/1\nwww.a.com/2\n');
    expect(rows).toEqual([
      { row: 1, ok: true, url: 'https://a.com/1' },
      { row: 2, ok: false, reason: 'not_a_url', value: 'www.a.com/2' },
    ]);
  });

  it('gives the spec messages: no URL, not a CSV, a broken quote, an empty file', async () => {
    expect(await readError('url\nnot a link\n\n')).toBe(CSV_IMPORT_MESSAGES.noValidUrls);
    expect(await readError(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00]))).toBe(CSV_IMPORT_MESSAGES.readError);
    expect(await readError('https://a.com/1\n"https://a.com/2\n')).toBe(CSV_IMPORT_MESSAGES.readError);
    expect(await readError('')).toBe(CSV_IMPORT_MESSAGES.readError);
  });

  it('reads a 10 MB file row by row and refuses one byte more', async () => {
    const line = 'https://social.example.com/p/0000000000000000000000000000000000000000000000\n';
    const count = Math.floor(MAX_IMPORT_BYTES / line.length);
    const body = Buffer.from(line.repeat(count) + 'x'.repeat(MAX_IMPORT_BYTES - count * line.length));
    expect(body.length).toBe(MAX_IMPORT_BYTES);
    let seen = 0;
    const result = await readImportCsv(Readable.from([body.subarray(0, 1 << 20), body.subarray(1 << 20)]), async () => void (seen += 1));
    expect(result.valid).toBe(count);
    expect(seen).toBe(count + 1);
    const tooBig = Buffer.concat([body, Buffer.from('\n')]);
    await expect(readImportCsv(Readable.from([tooBig.subarray(0, 1 << 20), tooBig.subarray(1 << 20)]), async () => undefined)).rejects.toMatchObject({
      userMessage: CSV_IMPORT_MESSAGES.readError,
    });
  });
});

describe('the failures CSV', () => {
  it('lists row, url and the reason in words, quoting and defusing cells', () => {
    const csv = failuresCsv([
      { workspaceId: 'W', importId: 'I', row: '000000002', outcome: 'failed', url: 'https://a.com/x,y', reason: 'not_found' },
      { workspaceId: 'W', importId: 'I', row: '000000005', outcome: 'failed', url: '=HYPERLINK("x")', reason: 'not_a_url' },
    ]);
    expect(csv).toBe('row,url,reason\r\n2,"https://a.com/x,y",Not found\r\n5,"\'=HYPERLINK(""x"")",Not a web address (http or https)\r\n');
  });
});
