import { describe, expect, it } from 'vitest';
import { CSV_IMPORT_MESSAGES, MAX_IMPORT_BYTES, ROW_REFUSALS, checkRecords } from '#shared/csv-import';
import type { Post } from '#shared/schemas/posts';
import { createTaskBody } from '#shared/schemas/task';
import { checkCsvFile, checkCsvText } from '../../web/src/modules/library/csv-check';
import { taskFromPost, withReferences } from '../../web/src/modules/library/task-from-post';

const urls = (check: ReturnType<typeof checkCsvText>) => (check.ok ? check.rows.filter((row) => row.ok).map((row) => (row.ok ? row.url : '')) : []);
const csvFile = (text: string | Uint8Array<ArrayBuffer>, name = 'posts.csv') => new File([text], name, { type: 'text/csv' });

describe('the browser check of an import CSV (papaparse, shared rules)', () => {
  it('reads URLs from the first column, skipping a header row and ignoring other columns', () => {
    const check = checkCsvText('url,note\nhttps://a.example/p/1,first\nhttps://a.example/p/2,second\n');
    expect(check.ok).toBe(true);
    expect(urls(check)).toEqual(['https://a.example/p/1', 'https://a.example/p/2']);
    if (check.ok) expect(check.valid).toBe(2);
  });

  it('takes a file without a header, with a BOM, CRLF line ends and empty lines', () => {
    const check = checkCsvText('\uFEFFhttps://a.example/p/1\r\n\r\n\r\nhttps://a.example/p/2\r\n\r\n');
    expect(urls(check)).toEqual(['https://a.example/p/1', 'https://a.example/p/2']);
    if (check.ok) expect(check.rows).toHaveLength(2);
  });

  it("reads a ';'-separated file (a European spreadsheet) with a ',' inside a URL unquoted", () => {
    const check = checkCsvText('Link;Caption\nhttps://a.example/p?a=1,2;one\nhttps://a.example/p/3;two\n');
    expect(urls(check)).toEqual(['https://a.example/p?a=1,2', 'https://a.example/p/3']);
  });

  it("reads a quoted URL with commas in a ','-separated file", () => {
    const check = checkCsvText('"https://a.example/p?tags=a,b,c",x\nhttps://a.example/p/2,y\n');
    expect(urls(check)).toEqual(['https://a.example/p?tags=a,b,c', 'https://a.example/p/2']);
  });

  it('refuses rows that are no web address, with the shared reason, and numbers rows as the worker does', () => {
    const long = `https://a.example/${'x'.repeat(2100)}`;
    const check = checkCsvText(`url\nhttps://a.example/p/1\nftp://a.example/file\nnot a link\n${long}\nhttps://a.example/p/2\n`);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.rows.map((row) => [row.row, row.ok])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
      [5, true],
    ]);
    const refused = check.rows.filter((row) => !row.ok);
    expect(refused.map((row) => (row.ok ? '' : ROW_REFUSALS[row.reason]))).toEqual([ROW_REFUSALS.not_a_url, ROW_REFUSALS.not_a_url, ROW_REFUSALS.too_long]);
    // The browser reads a file exactly as the shared classifier does on the worker's records.
    expect(check).toEqual(checkRecords([['url'], ['https://a.example/p/1'], ['ftp://a.example/file'], ['not a link'], [long], ['https://a.example/p/2']]));
  });

  it("says 'No valid URLs found in the CSV file' for a file with no URL (empty, header only, only refused rows)", () => {
    for (const text of ['', '\n\n', 'url\n', 'url\nnot a link\nalso not\n']) {
      expect(checkCsvText(text)).toEqual({ ok: false, message: 'No valid URLs found in the CSV file' });
    }
    expect(CSV_IMPORT_MESSAGES.noValidUrls).toBe('No valid URLs found in the CSV file');
  });

  it("says 'Error reading CSV file. Please check the file format.' for a broken quote", () => {
    expect(checkCsvText('"https://a.example/p/1\nhttps://a.example/p/2\n')).toEqual({ ok: false, message: 'Error reading CSV file. Please check the file format.' });
  });

  it('refuses a file that is not text (an image) with the read-error message, before parsing it', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    await expect(checkCsvFile(csvFile(png, 'photo.csv'))).resolves.toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.readError });
    // 'café' saved as Latin-1: the é byte (0xE9) followed by plain text is no UTF-8.
    const latin1 = new Uint8Array([...new TextEncoder().encode('caf'), 0xe9, ...new TextEncoder().encode(' x\nhttps://a.example/p/1\n')]);
    await expect(checkCsvFile(csvFile(latin1))).resolves.toEqual({ ok: false, message: CSV_IMPORT_MESSAGES.readError });
  });

  it('refuses a file over 10 MB without reading it, and takes one of exactly 10 MB', async () => {
    const line = 'https://a.example/p/0000000\n';
    const lines = Math.floor(MAX_IMPORT_BYTES / line.length);
    const body = line.repeat(lines);
    const exact = body + 'x'.repeat(MAX_IMPORT_BYTES - body.length);
    expect(exact.length).toBe(MAX_IMPORT_BYTES);
    const atLimit = await checkCsvFile(csvFile(exact));
    expect(atLimit.ok).toBe(true);
    if (atLimit.ok) expect(atLimit.valid).toBe(lines);
    await expect(checkCsvFile(csvFile(`${exact}\n`))).resolves.toEqual({ ok: false, tooLarge: true });
  });

  it('checks a chosen file the same way as its text', async () => {
    const text = 'URL;Notes\nhttps://a.example/p/1;x\n';
    await expect(checkCsvFile(csvFile(text))).resolves.toEqual(checkCsvText(text));
  });
});

describe('a Post task from a post', () => {
  const post: Post = {
    uid: 'post1',
    project_uid: 'proj1',
    url: 'https://www.instagram.com/p/abc/',
    platform: 'instagram',
    author: 'acme',
    caption: 'Summer drop is here ☀️\nShop the look at the link in bio #summer',
    thumbnail_url: 'https://uploads.example/workspaces/w/projects/p/posts/post1/thumbnail.jpg?X-Amz-Signature=1',
    thumbnail_source_url: 'https://cdn.example/thumb.jpg',
    imported_at: '2026-11-24T05:00:00.000Z',
    source: 'import',
    tags: [],
  };

  it('carries the reference content, caption, platform, link and the thumbnail as reference image (the site’s address, not the expiring copy)', () => {
    const body = taskFromPost(post, 'Instagram');
    expect(body).toMatchObject({
      summary: 'Post: Summer drop is here ☀️',
      project_uid: 'proj1',
      ticket_type: 'post',
      post_platform: 'instagram',
      platform: 'Instagram',
      caption: post.caption,
      reference_images: ['https://cdn.example/thumb.jpg'],
    });
    expect(body.reference_content).toContain(post.url);
    expect(body.reference_content).toContain('acme');
    expect(body.reference_content).toContain('Shop the look');
    expect(createTaskBody.safeParse(body).success).toBe(true);
  });

  it('makes a valid task from a bare web page: no task platform, no caption, no image, a long caption cut', () => {
    const bare = taskFromPost({ ...post, platform: 'web', author: undefined, caption: undefined, thumbnail_url: undefined, thumbnail_source_url: undefined }, 'Web');
    expect(bare.summary).toBe('Post: Web post');
    expect(bare.post_platform).toBeUndefined();
    expect(bare.reference_images).toEqual([]);
    expect(createTaskBody.safeParse(bare).success).toBe(true);

    const long = taskFromPost({ ...post, caption: 'word '.repeat(2000), thumbnail_source_url: 'data:image/png;base64,xx' }, 'Instagram');
    expect(long.summary.length).toBeLessThanOrEqual(86);
    expect(long.summary.endsWith('…')).toBe(true);
    expect(long.reference_images).toEqual([]);
    expect(createTaskBody.safeParse(long).success).toBe(true);
  });
});

describe('posts picked from the library as a task’s references', () => {
  const post = (n: number, extra: Partial<Post> = {}): Post => ({
    uid: `post${n}`,
    project_uid: 'proj1',
    url: `https://www.tiktok.com/@crumb/video/${n}`,
    platform: 'tiktok',
    author: 'Crumb & Co',
    caption: `Cinnamon swirl ${n}`,
    thumbnail_url: `https://uploads.example/posts/post${n}/thumbnail.png?X-Amz-Signature=1`,
    thumbnail_source_url: `https://cdn.example/${n}.png`,
    imported_at: '2026-11-24T05:00:00.000Z',
    source: 'import',
    tags: [],
    ...extra,
  });
  const label = () => 'TikTok';

  it('adds each post’s byline, link and caption after what was written, and its image address (not the signed copy) once', () => {
    const next = withReferences({ content: 'Warm tones.\n', images: 'https://cdn.example/1.png\n\n' }, [post(1), post(2)], label);
    expect(next.content).toBe(
      'Warm tones.\n\nTikTok post by Crumb & Co\n\nhttps://www.tiktok.com/@crumb/video/1\n\nCinnamon swirl 1\n\nTikTok post by Crumb & Co\n\nhttps://www.tiktok.com/@crumb/video/2\n\nCinnamon swirl 2',
    );
    expect(next.images).toBe('https://cdn.example/1.png\nhttps://cdn.example/2.png');
  });

  it('fills empty fields; a post without an image address or caption adds its byline and link only', () => {
    const bare = post(3, { author: undefined, caption: undefined, thumbnail_source_url: undefined });
    expect(withReferences({ content: '', images: '' }, [bare], label)).toEqual({ content: 'TikTok post\n\nhttps://www.tiktok.com/@crumb/video/3', images: '' });
  });
});
