import { GetQueueAttributesCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queueUrlEnv } from '#shared/queues';
import { CSV_IMPORT_MESSAGES } from '#shared/csv-import';
import type { Import } from '#shared/schemas/imports';
import { api, userWithWorkspace } from './support/api';
import { eventually } from './support/deliveries';
import { siteUrl } from './support/generation';
import { importsPath, newBrand, startImport, uploadCsv, waitForImport } from './support/imports';

/**
 * Bulk import of posts from a CSV, end to end on the local stack: the file goes to S3 through a presigned upload,
 * the post-import queue reads it and fans it out, each URL is fetched from the fake social web and saved once.
 */
const env = inject('functionEnv');
const sqs = new SQSClient({ endpoint: env.AWS_ENDPOINT_URL_SQS, region: env.AWS_REGION, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
const queueUrl = env[queueUrlEnv('post-import')]!;

let owner: Awaited<ReturnType<typeof userWithWorkspace>>;
let mallory: Awaited<ReturnType<typeof userWithWorkspace>>;

beforeAll(async () => {
  [owner, mallory] = await Promise.all([userWithWorkspace('importer'), userWithWorkspace('import-mallory')]);
}, 60_000);
afterAll(() => sqs.destroy());

/** Numbered post pages of the fake social web (local/fakes/social.ts). */
const post = (n: number) => siteUrl(`/social/instagram/${n}`);
const missing = siteUrl('/social/instagram/missing-404');
const listPosts = async (projectId: string) => (await api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/posts?limit=100`, { token: owner.token })).body.items as { url: string; import_uid?: string }[];

describe('an import end to end', () => {
  it('imports the URLs, counts a duplicate and a failed row with its reason, and makes Post tasks when asked', async () => {
    const projectId = await newBrand(owner);
    // One post already in the library: the import's row of it is a duplicate.
    const added = await api('POST', `/workspaces/${owner.workspaceId}/projects/${projectId}/posts`, { token: owner.token, body: { url: post(3) } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const csv = `\uFEFFurl;note\n${post(1)};first\n\n"${post(2)}";second\n${post(3)};dup\n${missing};gone\nnot a link;x\n`;
    const started = await startImport(owner, projectId, csv, true);
    expect(started).toMatchObject({ status: 'queued', create_tasks: true, created_by: expect.any(String) });

    const done = await waitForImport(owner, projectId, started.uid);
    expect(done).toMatchObject({ status: 'completed', total: 5, processed: 5, imported: 2, duplicate: 1, failed: 2, finished_at: expect.any(String) });

    const posts = await listPosts(projectId);
    expect(posts.filter((p) => p.import_uid === started.uid).map((p) => p.url).sort()).toEqual([post(1), post(2)].sort());

    const csvAnswer = await api('GET', `${importsPath(owner, projectId)}/${started.uid}/failures`, { token: owner.token });
    expect(csvAnswer.status).toBe(200);
    expect(csvAnswer.body).toBe(`row,url,reason\r\n4,${missing},Not found\r\n5,not a link,Not a web address (http or https)\r\n`);

    // Each imported post became a Post task through the one create path.
    const tasks = await api('GET', `/workspaces/${owner.workspaceId}/tickets?projectFilter=${projectId}`, { token: owner.token });
    const imported = JSON.stringify(tasks.body);
    expect(imported).toContain(post(1));
    expect(imported).toContain(post(2));
    expect(imported).not.toContain(post(3));

    const list = await api('GET', importsPath(owner, projectId), { token: owner.token });
    expect(list.body.items[0]).toMatchObject({ uid: started.uid, status: 'completed' });
  });

  it('the same file imported again finds every URL in the library: each row a duplicate, no post added', async () => {
    const projectId = await newBrand(owner);
    const urls = Array.from({ length: 12 }, (_, i) => post(200 + i));
    const csv = `url\n${urls.join('\n')}\n`;
    const first = await startImport(owner, projectId, csv);
    expect(await waitForImport(owner, projectId, first.uid)).toMatchObject({ status: 'completed', imported: 12, duplicate: 0 });
    // Thumbnail links are signed anew on each read (their date moves by the second): compared by the object they name.
    const library = async () =>
      ((await listPosts(projectId)) as { thumbnail_url?: string | null }[]).map(({ thumbnail_url, ...post }) => ({ ...post, thumbnail: thumbnail_url && new URL(thumbnail_url).pathname }));
    const before = await library();
    const again = await startImport(owner, projectId, csv);
    expect(await waitForImport(owner, projectId, again.uid)).toMatchObject({ status: 'completed', total: 12, processed: 12, imported: 0, duplicate: 12, failed: 0 });
    expect(await library()).toEqual(before);
  });

  it('a file without URLs, or not a CSV, fails with the spec message', async () => {
    const projectId = await newBrand(owner);
    const none = await startImport(owner, projectId, 'url\nhello\n');
    expect(await waitForImport(owner, projectId, none.uid)).toMatchObject({ status: 'failed', error: CSV_IMPORT_MESSAGES.noValidUrls, total: 0 });
    const binary = await startImport(owner, projectId, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]));
    expect(await waitForImport(owner, projectId, binary.uid)).toMatchObject({ status: 'failed', error: CSV_IMPORT_MESSAGES.readError });
  });

  it('refuses an upload key that is not the caller’s own import upload of this brand', async () => {
    const projectId = await newBrand(owner);
    const other = await newBrand(owner);
    const key = await uploadCsv(owner, other, `url\n${post(9)}\n`);
    const answer = await api('POST', importsPath(owner, projectId), { token: owner.token, body: { upload_key: key } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'attachment_invalid' });
  });
});

describe('exactly once', () => {
  const drained = () =>
    eventually(
      async () => (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }))).Attributes,
      (a) => a?.ApproximateNumberOfMessages === '0' && a?.ApproximateNumberOfMessagesNotVisible === '0',
      60_000,
      'the post-import queue to drain',
    );

  it('a chunk delivered again while the import runs, and after it finished, counts each row once', async () => {
    const projectId = await newBrand(owner);
    const urls = Array.from({ length: 30 }, (_, i) => post(i + 1));
    const started = await startImport(owner, projectId, `url\n${urls.join('\n')}\n`);
    const chunk = { type: 'chunk', workspaceId: owner.workspaceId, projectId, importId: started.uid, rows: urls.map((url, i) => ({ row: i + 1, url })) };
    await waitForImport(owner, projectId, started.uid, (item) => item.status !== 'queued');
    // Two more deliveries of the same rows, racing the real one.
    await Promise.all([1, 2].map(() => sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(chunk) }))));
    const done = await waitForImport(owner, projectId, started.uid);
    expect(done).toMatchObject({ status: 'completed', total: 30, processed: 30, imported: 30, duplicate: 0, failed: 0 });
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(chunk) }));
    await drained();
    expect(await waitForImport(owner, projectId, started.uid)).toEqual(done);
    expect((await listPosts(projectId)).length).toBe(30);
  });

  it('a row whose post was saved before its worker died counts it imported on redelivery; a second row of that URL is a duplicate', async () => {
    const [{ createImportItem }, { runImportChunk }, { runImportDeps }, { storePosts }, { postDeps }, { newTimeId }] = await Promise.all([
      import('#data/imports'),
      import('#core/imports/run-import'),
      import('../../functions/http/wiring/imports'),
      import('#core/posts/posts'),
      import('../../functions/http/wiring/posts'),
      import('#lib/ids'),
    ]);
    const projectId = await newBrand(owner);
    const ref = { workspaceId: owner.workspaceId, projectId, importId: newTimeId(Date.now()) };
    await createImportItem({
      ...ref,
      filename: 'crash.csv',
      fileKey: `workspaces/${owner.workspaceId}/imports/crash.csv`,
      status: 'running',
      total: 3,
      processed: 0,
      imported: 0,
      duplicate: 0,
      failed: 0,
      createTasks: false,
      createdBy: 'u-importer',
      createdAt: new Date().toISOString(),
    });
    // The worker saved row 1's post, then died before writing the row's outcome.
    const url = post(91);
    const raw = { content_type: 'application/json', fetched_at: new Date().toISOString(), data: '{}' };
    await storePosts(postDeps, { workspaceId: ref.workspaceId, projectId }, [{ fields: { url, platform: 'instagram', caption: 'saved before the crash' }, raw, origin: { source: 'import', importRow: { importId: ref.importId, row: 1 } } }]);

    // Its chunk delivered again: row 1 finds its own post, row 2 (the same URL further down the file) is a duplicate.
    await runImportChunk(runImportDeps, { type: 'chunk', ...ref, rows: [{ row: 1, url }, { row: 2, url }, { row: 3, reason: 'not_a_url', value: 'x' }] });
    const done = await api('GET', `${importsPath(owner, projectId)}/${ref.importId}`, { token: owner.token });
    expect(done.body).toMatchObject({ status: 'completed', processed: 3, imported: 1, duplicate: 1, failed: 1 });
    expect((await listPosts(projectId)).map((item) => item.url)).toEqual([url]);
  });

  it('cancel stops further rows', async () => {
    const projectId = await newBrand(owner);
    const urls = Array.from({ length: 400 }, (_, i) => post(i + 1));
    const started = await startImport(owner, projectId, `url\n${urls.join('\n')}\n`);
    await waitForImport(owner, projectId, started.uid, (item) => item.processed > 0);
    const cancelled = await api('POST', `${importsPath(owner, projectId)}/${started.uid}/cancel`, { token: owner.token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', finished_at: expect.any(String) });
    await drained();
    const after: Import = await waitForImport(owner, projectId, started.uid);
    expect(after.status).toBe('cancelled');
    expect(after.processed).toBeLessThan(400);
    // Nothing moves once cancelled.
    expect(await waitForImport(owner, projectId, started.uid)).toEqual(after);
  });
});

describe('tenant isolation', () => {
  it("answers 403 to another workspace's member on every import route", async () => {
    const projectId = await newBrand(owner);
    const started = await startImport(owner, projectId, `url\n${post(5)}\n`);
    const base = importsPath(owner, projectId);
    const calls: [string, string, unknown?][] = [
      ['POST', `${base}/upload`, { filename: 'x.csv', size: 10 }],
      ['POST', base, { upload_key: 'pending/x/y.csv' }],
      ['GET', base],
      ['GET', `${base}/${started.uid}`],
      ['POST', `${base}/${started.uid}/cancel`],
      ['GET', `${base}/${started.uid}/failures`],
    ];
    for (const [method, path, body] of calls) expect((await api(method, path, { token: mallory.token, body })).status, `${method} ${path}`).toBe(403);
    // Mallory's own brand does not reach Alice's import either.
    const hers = await newBrand(mallory);
    expect((await api('GET', `${importsPath(mallory, hers)}/${started.uid}`, { token: mallory.token })).status).toBe(404);
  });
});
