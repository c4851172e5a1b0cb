import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUploadsBody, MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import { slugifyFileName } from '#shared/slugify';
import { confirmUploads, ownPendingUploads } from '#core/uploads/files';
import { confirmedKeyOf, coverKey, fileNameOfKey, isCoverKey, isTaskFileKey, pendingKey, taskFileKey } from '#core/uploads/keys';
import { createUploads } from '#core/uploads/create-uploads';
import { clock, code, ctx, memoryClaims, memoryStore, noPause, opener } from './collab-fixtures';

describe('slugifyFileName (spec 5)', () => {
  it.each([
    ['Café Menu & Prices.PDF', 'cafe-menu-and-prices.pdf'],
    ['  My Voice Note .webm', 'my-voice-note.webm'],
    ['Crème Brûlée final v2.docx', 'creme-brulee-final-v2.docx'],
    ['archive.tar.gz', 'archivetar.gz'],
    ['README', 'readme'],
    ['.env', 'env'],
    ['!!!.png', 'file.png'],
    ['photo.', 'photo'],
  ])('%j → %j', (input, expected) => expect(slugifyFileName(input)).toBe(expected));
});

describe('upload keys', () => {
  const key = taskFileKey('ws1', 't1', 'Rand0m_-xyz', 'Café Menu.PDF');

  it('put a task file under its workspace and task, named by the slugified name', () => {
    expect(key).toBe('workspaces/ws1/tickets/t1/Rand0m_-xyz/cafe-menu.pdf');
    expect(fileNameOfKey(key)).toBe('cafe-menu.pdf');
    expect(isTaskFileKey(key, 'ws1', 't1')).toBe(true);
  });

  it('refuse a key of another task, another workspace, a cover, or a path that tries to escape', () => {
    expect(isTaskFileKey(key, 'ws1', 't2')).toBe(false);
    expect(isTaskFileKey(key, 'ws2', 't1')).toBe(false);
    expect(isTaskFileKey(taskFileKey('ws1', 't10', 'Rand0m_-xyz', 'a.png'), 'ws1', 't1')).toBe(false);
    expect(isTaskFileKey('workspaces/ws1/tickets/t1/../t2/abcdefgh/a.png', 'ws1', 't1')).toBe(false);
    expect(isTaskFileKey('workspaces/ws1/tickets/t1/abcdefgh/sub/a.png', 'ws1', 't1')).toBe(false);
    expect(isTaskFileKey(coverKey('ws1', 'p1', 'Rand0m_-xyz', 'a.png'), 'ws1', 't1')).toBe(false);
    expect(isCoverKey(coverKey('ws1', 'p1', 'Rand0m_-xyz', 'a.png'), 'ws1', 'p1')).toBe(true);
    expect(isCoverKey(coverKey('ws1', 'p1', 'Rand0m_-xyz', 'a.png'), 'ws1', 'p2')).toBe(false);
  });

  it("put an upload under its uploader until it is confirmed, and map only the uploader's own back", () => {
    expect(pendingKey('u-1', key)).toBe(`pending/u-1/${key}`);
    expect(confirmedKeyOf(pendingKey('u-1', key), 'u-1')).toBe(key);
    expect(confirmedKeyOf(pendingKey('u-1', key), 'u-2')).toBeUndefined();
    expect(confirmedKeyOf(pendingKey('u-11', key), 'u-1')).toBeUndefined();
    expect(confirmedKeyOf(key, 'u-1')).toBeUndefined();
  });
});

describe('confirmUploads', () => {
  const k = (name: string) => taskFileKey('ws1', 't1', 'abcdefgh', name);
  const p = (name: string) => pendingKey('alice', k(name));
  const confirm = (store: ReturnType<typeof memoryStore>['store'], names: string[], allowed: string[], claims = memoryClaims()) =>
    confirmUploads({ store, claimUploads: claims.claimUploads, clock, retryTiming: noPause }, ctx(), ownPendingUploads(ctx(), names.map(p), () => true, 'attachments'), allowed, 'attachments');

  it("answers the stored files at their keys: copied there (tagged used), the caller's pending objects gone", async () => {
    const { store, stored, used } = memoryStore({ [p('a.png')]: { size: 10, contentType: 'image/png' } });
    expect(await confirm(store, ['a.png'], ['image/png'])).toEqual([{ key: k('a.png'), name: 'a.png', size: 10, contentType: 'image/png' }]);
    expect(used.has(k('a.png'))).toBe(true);
    expect([...stored.keys()]).toEqual([k('a.png')]);
  });

  it('deletes a pending object larger than 5 MB (attachment_too_large) and one of a refused type (attachment_invalid)', async () => {
    const big = memoryStore({ [p('big.png')]: { size: MAX_ATTACHMENT_BYTES + 1, contentType: 'image/png' }, [p('ok.png')]: { size: 1, contentType: 'image/png' } });
    expect(await code(confirm(big.store, ['big.png', 'ok.png'], ['image/png']))).toBe('attachment_too_large');
    expect([...big.stored.keys()]).toEqual([p('ok.png')]);
    expect(big.used.size).toBe(0);

    const html = memoryStore({ [p('page.png')]: { size: 10, contentType: 'text/html' } });
    expect(await code(confirm(html.store, ['page.png'], ['image/png']))).toBe('attachment_invalid');
    expect(html.stored.size).toBe(0);
  });

  it('refuses a key with nothing uploaded (attachment_invalid), deleting nothing', async () => {
    const { store } = memoryStore();
    expect(await code(confirm(store, ['missing.png'], ['image/png']))).toBe('attachment_invalid');
    expect(store.deleteObjects).not.toHaveBeenCalled();
  });

  it('refuses an upload claimed already (used, or by a request racing this one), copying nothing', async () => {
    const claims = memoryClaims();
    claims.claimed.add(k('a.png'));
    const { store, stored } = memoryStore({ [p('a.png')]: { size: 10, contentType: 'image/png' } });
    expect(await code(confirm(store, ['a.png'], ['image/png'], claims))).toBe('attachment_invalid');
    expect(store.copyObject).not.toHaveBeenCalled();
    expect(stored.has(p('a.png'))).toBe(true);
  });

  it('claims again after a conflicting claim, and answers service_busy when conflicts persist', async () => {
    const { store } = memoryStore({ [p('a.png')]: { size: 10, contentType: 'image/png' } });
    expect(await code(confirm(store, ['a.png'], ['image/png'], memoryClaims(['conflict'])))).toBe('resolved');
    const again = memoryStore({ [p('a.png')]: { size: 10, contentType: 'image/png' } });
    expect(await code(confirm(again.store, ['a.png'], ['image/png'], memoryClaims(Array(5).fill('conflict'))))).toBe('service_busy');
  });
});

describe('createUploads', () => {
  const deps = () => ({ openTask: opener(), presignUpload: memoryStore().store.presignUpload, newRandom: () => 'abcdefgh' });

  it('presigns each file under the task with its slugified name, signing the declared type and size', async () => {
    const d = deps();
    const out = await createUploads(d, ctx(), 't1', { purpose: 'attachment', files: [{ name: 'Café Menu & Prices.PDF', size: 2048, content_type: 'application/pdf' }] });
    expect(out.uploads).toEqual([
      {
        key: 'pending/alice/workspaces/ws1/tickets/t1/abcdefgh/cafe-menu-and-prices.pdf',
        name: 'cafe-menu-and-prices.pdf',
        url: expect.stringContaining('size=2048'),
        headers: { 'content-type': 'application/pdf', 'x-amz-tagging': 'upload=pending' },
      },
    ]);
    expect(d.presignUpload).toHaveBeenCalledWith({ key: out.uploads[0]!.key, contentType: 'application/pdf', size: 2048 });
  });

  it('takes exactly one audio file for an audio comment', async () => {
    const audio = { name: 'note.webm', size: 100, content_type: 'audio/webm' as const };
    expect(await code(createUploads(deps(), ctx(), 't1', { purpose: 'audio', files: [audio, audio] }))).toBe('400:files');
    expect(await code(createUploads(deps(), ctx(), 't1', { purpose: 'audio', files: [{ ...audio, content_type: 'image/png' as never }] }))).toBe('400:files.0.content_type');
    expect(await code(createUploads(deps(), ctx(), 't1', { purpose: 'audio', files: [audio] }))).toBe('resolved');
  });

  it('refuses a task the caller cannot open', async () => {
    expect(await code(createUploads(deps(), ctx(), 'other', { purpose: 'attachment', files: [{ name: 'a.png', size: 1, content_type: 'image/png' }] }))).toBe('task_not_found');
  });

  it('has a schema that refuses more than 5 MB and more than 10 files', () => {
    const file = { name: 'a.png', size: 1, content_type: 'image/png' };
    expect(createUploadsBody.safeParse({ purpose: 'attachment', files: [{ ...file, size: MAX_ATTACHMENT_BYTES + 1 }] }).success).toBe(false);
    expect(createUploadsBody.safeParse({ purpose: 'attachment', files: Array(11).fill(file) }).success).toBe(false);
    expect(createUploadsBody.safeParse({ purpose: 'attachment', files: Array(10).fill(file) }).success).toBe(true);
  });
});

describe('presignUpload', () => {
  beforeAll(() => {
    const env = { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', UPLOADS_BUCKET: 'uploads-bucket', AWS_ENDPOINT_URL_S3: '' };
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  });
  afterAll(() => vi.unstubAllEnvs());

  it('signs Content-Type, Content-Length and the pending tag, with no checksum of an empty body', async () => {
    const { presignUpload, signDownload } = await import('#lib/uploads');
    const { url, headers } = await presignUpload({ key: 'workspaces/ws1/tickets/t1/abcdefgh/a.png', contentType: 'image/png', size: 1234 });
    const signed = new URL(url);
    expect(signed.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;x-amz-tagging');
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url).not.toMatch(/checksum/i);
    expect(headers).toEqual({ 'content-type': 'image/png', 'x-amz-tagging': 'upload=pending' });
    const download = new URL(await signDownload('workspaces/ws1/tickets/t1/abcdefgh/a.png', 'a.png'));
    expect(download.searchParams.get('response-content-disposition')).toBe('attachment; filename="a.png"');
  });
});
