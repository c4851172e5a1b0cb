import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '#shared/errors';
import { MIN_PART_BYTES } from '#shared/schemas/recordings';
import { api, userWithWorkspace } from './support/api';
import { eventually } from './support/deliveries';
import { newBrand } from './support/imports';
import { complete, putPoster, readyRecording, recordingsPath, shareRecording, startRecording, uploadParts } from './support/recordings';
import { joinWorkspace, type TeamUser } from './support/team';

/**
 * Screen recordings end to end on the local stack (issue 13): the multipart upload against s3rver with the
 * twin's multipart checks, the poster, the share links and the public player, and the recording on a task.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let alice: Owner;
let mallory: Owner;
/** A workspace admin of Alice's (may delete others' recordings) and a plain member (may not). */
let bob: TeamUser & { workspaceId: string };
let carol: TeamUser & { workspaceId: string };

beforeAll(async () => {
  [alice, mallory] = await Promise.all([userWithWorkspace('alice', 'Recording studio'), userWithWorkspace('mallory')]);
  const [admin, member] = await Promise.all([joinWorkspace(alice, alice.workspaceId, 'admin', 'bob'), joinWorkspace(alice, alice.workspaceId, 'member', 'carol')]);
  bob = { ...admin, workspaceId: alice.workspaceId };
  carol = { ...member, workspaceId: alice.workspaceId };
}, 120_000);

describe('the multipart upload', () => {
  it('refuses bad input with a 400 naming the field', async () => {
    const projectId = await newBrand(alice);
    const cases: [unknown, string][] = [
      [{ project_uid: projectId, content_type: 'video/quicktime' }, 'content_type'],
      [{ project_uid: 'bad id!', content_type: 'video/webm' }, 'project_uid'],
      [{ project_uid: projectId, content_type: 'video/webm', name: 'x'.repeat(201) }, 'name'],
      [{ project_uid: projectId, content_type: 'video/webm', poster: { content_type: 'image/gif', size: 10 } }, 'poster.content_type'],
      [{ project_uid: projectId, content_type: 'video/webm', poster: { content_type: 'image/png', size: 5 * 1024 * 1024 + 1 } }, 'poster.size'],
    ];
    for (const [body, field] of cases) {
      const answer = await api('POST', recordingsPath(alice), { token: alice.token, body });
      expect([answer.status, answer.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    const { path } = await startRecording(alice, { projectId });
    const signs: [unknown, string][] = [
      [{ part_numbers: [0] }, 'part_numbers.0'],
      [{ part_numbers: Array.from({ length: 101 }, (_, i) => i + 1) }, 'part_numbers'],
      [{ part_numbers: [] }, 'part_numbers'],
    ];
    for (const [body, field] of signs) {
      const answer = await api('POST', `${path}/parts`, { token: alice.token, body });
      expect([answer.status, answer.body.field], JSON.stringify(body)).toEqual([400, field]);
    }
    const bad = await complete(alice, path, { parts: [{ part_number: 1, etag: 'x' }], duration_ms: -1 });
    expect([bad.status, bad.body.field]).toEqual([400, 'duration_ms']);
  });

  it('starts only in a brand of the workspace the caller can open', async () => {
    const foreignBrand = await newBrand(mallory);
    const elsewhere = await api('POST', recordingsPath(alice), { token: alice.token, body: { project_uid: foreignBrand, content_type: 'video/webm' } });
    expect([elsewhere.status, elsewhere.body.code, elsewhere.body.field]).toEqual([404, 'project_not_found', 'project_uid']);
    // Carol is a member without access to Alice's brand.
    const closed = await api('POST', recordingsPath(carol), { token: carol.token, body: { project_uid: await newBrand(alice), content_type: 'video/webm' } });
    expect([closed.status, closed.body.code]).toEqual([403, 'user_not_in_project']);
  });

  it("refuses another workspace (403) and finds nothing of it through one's own (404)", async () => {
    const { recording, path } = await startRecording(alice);
    for (const [method, suffix] of [['GET', ''], ['GET', '/parts'], ['POST', '/parts'], ['POST', '/complete'], ['DELETE', ''], ['POST', '/shares'], ['GET', '/shares']] as const) {
      const body = method === 'POST' ? (suffix === '/parts' ? { part_numbers: [1] } : suffix === '/complete' ? { parts: [{ part_number: 1, etag: 'x' }], duration_ms: 1 } : undefined) : undefined;
      const foreign = await api(method, `${path}${suffix}`, { token: mallory.token, body });
      expect(foreign.status, `${method} ${suffix}`).toBe(403);
      const own = await api(method, `${recordingsPath(mallory)}/${recording.uid}${suffix}`, { token: mallory.token, body });
      expect([own.status, own.body.code], `${method} ${suffix} in own workspace`).toEqual([404, 'recording_not_found']);
    }
  });

  it('lets only the uploader drive the upload', async () => {
    // Carol may open the brand (so she sees the recording) but did not record it.
    const projectId = await newBrand(alice);
    await api('POST', `/workspaces/${alice.workspaceId}/projects/${projectId}/users`, { token: alice.token, body: { userId: carol.userId } });
    const { path } = await startRecording(alice, { projectId });
    const sign = await api('POST', `${path}/parts`, { token: carol.token, body: { part_numbers: [1] } });
    expect([sign.status, sign.body.code]).toEqual([403, 'recording_not_owner']);
    const finish = await complete(carol, path, { parts: [{ part_number: 1, etag: 'x' }], duration_ms: 1 });
    expect([finish.status, finish.body.code]).toEqual([403, 'recording_not_owner']);
    const remove = await api('DELETE', path, { token: carol.token });
    expect([remove.status, remove.body.code]).toEqual([403, 'recording_not_owner']);
  });

  it('resumes from the parts S3 holds, takes parts in any order, and completes twice to the same recording', async () => {
    const { recording, path } = await startRecording(alice, { name: 'Checkout bug' });
    const first = await uploadParts(alice, path, [{ number: 2, bytes: MIN_PART_BYTES }]);
    // The connection drops; the client asks what arrived and goes on from there.
    const held = await api('GET', `${path}/parts`, { token: alice.token });
    expect(held.body.parts).toEqual([{ part_number: 2, etag: first[0]!.etag, size: MIN_PART_BYTES }]);
    const rest = await uploadParts(alice, path, [{ number: 3, bytes: 123 }, { number: 1, bytes: MIN_PART_BYTES }]);
    const parts = [rest[0]!, first[0]!, rest[1]!];
    const done = await complete(alice, path, { parts, duration_ms: 61_000 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ uid: recording.uid, status: 'ready', name: 'Checkout bug', size: 2 * MIN_PART_BYTES + 123, duration_ms: 61_000 });
    expect(done.body.url).toContain('checkout-bug.webm');

    // The video is there, whole, and plays with range requests through its signed link.
    const range = await fetch(done.body.url, { headers: { Range: `bytes=${MIN_PART_BYTES - 2}-${MIN_PART_BYTES + 1}` } });
    expect(range.status).toBe(206);
    expect([...new Uint8Array(await range.arrayBuffer())]).toEqual([1, 1, 2, 2]);

    const again = await complete(alice, path, { parts: [{ part_number: 9, etag: 'whatever' }], duration_ms: 1 });
    expect(again.status).toBe(200);
    expect({ ...again.body, url: undefined }).toEqual({ ...done.body, url: undefined });
    // The upload is over: its part URLs write nothing, and there is nothing to resume.
    const late = await api('GET', `${path}/parts`, { token: alice.token });
    expect([late.status, late.body.code]).toEqual([409, 'recording_not_uploading']);
    const sign = await api('POST', `${path}/parts`, { token: alice.token, body: { part_numbers: [4] } });
    expect(sign.body.code).toBe('recording_not_uploading');
  });

  it('refuses a part too small (but the last) or one that was not uploaded, naming parts.N', async () => {
    const { path } = await startRecording(alice);
    const parts = await uploadParts(alice, path, [{ number: 1, bytes: 1024 }, { number: 2, bytes: 1024 }]);
    const small = await complete(alice, path, { parts: [parts[1], parts[0]], duration_ms: 1000 });
    // Part 1 is not the last: too small. It is the request's parts.1.
    expect([small.status, small.body.field]).toEqual([400, 'parts.1']);
    expect(small.body.message).toMatch(/at least 5242880/);
    const missing = await complete(alice, path, { parts: [...parts, { part_number: 3, etag: parts[0]!.etag }], duration_ms: 1000 });
    expect([missing.status, missing.body.field]).toEqual([400, 'parts.0']);
    const wrong = await complete(alice, path, { parts: [{ part_number: 1, etag: '"0123456789abcdef0123456789abcdef"' }], duration_ms: 1000 });
    expect([wrong.status, wrong.body.field]).toEqual([400, 'parts.0']);
    const twice = await complete(alice, path, { parts: [parts[0], parts[0]], duration_ms: 1000 });
    expect([twice.status, twice.body.field]).toEqual([400, 'parts.1.part_number']);
    // Nothing was changed by the refusals: one part alone is a fine (short) recording.
    const ok = await complete(alice, path, { parts: [parts[0]], duration_ms: 1000 });
    expect([ok.status, ok.body.size]).toEqual([200, 1024]);
  });

  it("confirms the poster: only the caller's own upload of this recording, an image of at most 5 MB", async () => {
    const { recording, path } = await startRecording(alice, { poster: { content_type: 'image/jpeg', size: 64 } });
    const other = await startRecording(alice, { poster: { content_type: 'image/jpeg', size: 64 } });
    await putPoster(other.recording.poster_upload, 64);
    const parts = await uploadParts(alice, path, [{ number: 1, bytes: 100 }]);
    const foreignPoster = await complete(alice, path, { parts, duration_ms: 1, poster_key: other.recording.poster_upload.key });
    expect([foreignPoster.status, foreignPoster.body.code, foreignPoster.body.field]).toEqual([400, 'attachment_invalid', 'poster_key']);
    const notUploaded = await complete(alice, path, { parts, duration_ms: 1, poster_key: recording.poster_upload.key });
    expect([notUploaded.status, notUploaded.body.field]).toEqual([400, 'poster_key']);
    // A fresh poster upload asked for at stop (parts may be none).
    const signed = await api('POST', `${path}/parts`, { token: alice.token, body: { part_numbers: [], poster: { content_type: 'image/webp', size: 32 } } });
    expect(signed.body.parts).toEqual([]);
    await putPoster(signed.body.poster_upload, 32);
    const done = await complete(alice, path, { parts, duration_ms: 1, poster_key: signed.body.poster_upload.key });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const poster = await fetch(done.body.poster_url);
    expect([poster.status, (await poster.arrayBuffer()).byteLength]).toEqual([200, 32]);
  });

  it('aborts an upload: nothing left to sign, resume, complete or play', async () => {
    const { path } = await startRecording(alice);
    const signed = await api('POST', `${path}/parts`, { token: alice.token, body: { part_numbers: [1, 2] } });
    await fetch(signed.body.parts[0].url, { method: 'PUT', body: new Uint8Array(10) });
    expect((await api('DELETE', path, { token: alice.token })).status).toBe(204);
    const late = await fetch(signed.body.parts[1].url, { method: 'PUT', body: new Uint8Array(10) });
    expect(late.status).toBe(404);
    for (const [method, suffix, body] of [['GET', '', undefined], ['GET', '/parts', undefined], ['POST', '/complete', { parts: [{ part_number: 1, etag: 'x' }], duration_ms: 1 }]] as const) {
      const answer = await api(method, `${path}${suffix}`, { token: alice.token, body });
      expect([answer.status, answer.body.code]).toEqual([404, 'recording_not_found']);
    }
    expect((await api('DELETE', path, { token: alice.token })).status).toBe(404);
  });

  it("lets a workspace admin delete a member's recording", async () => {
    const projectId = await newBrand(alice);
    const grant = await api('POST', `/workspaces/${alice.workspaceId}/projects/${projectId}/users`, { token: alice.token, body: { userId: carol.userId } });
    expect(grant.status).toBeLessThan(300);
    const { path } = await readyRecording(carol, { projectId, small: true });
    // Bob is an admin, not the uploader.
    expect((await api('DELETE', path, { token: bob.token })).status).toBe(204);
  });
});

describe('share links and the public player', () => {
  it('shares with unguessable, revocable links that play without signing in', async () => {
    const { recording, path } = await readyRecording(alice, { small: true });
    const [one, two] = [await shareRecording(alice, path), await shareRecording(alice, path)];
    expect(one.uid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(one.uid).not.toBe(two.uid);
    expect(one.url).toMatch(new RegExp(`/play/${one.uid}$`));

    const play = await api('GET', `/play/${one.uid}`);
    expect(play.status).toBe(200);
    expect(play.body).toMatchObject({ name: 'Screen recording', created_at: recording.created_at, task: null, video: { content_type: 'video/webm', size: 2048, duration_ms: 10_000 } });
    const partial = await fetch(play.body.video.url, { headers: { Range: 'bytes=0-99' } });
    expect([partial.status, partial.headers.get('content-range')]).toEqual([206, 'bytes 0-99/2048']);
    // The player gets signed links and what it shows, nothing of the workspace besides the task's ids.
    expect(Object.keys(play.body).sort()).toEqual(['created_at', 'name', 'poster_url', 'task', 'video']);

    expect((await api('DELETE', `${path}/shares/${one.uid}`, { token: alice.token })).status).toBe(204);
    const revoked = await api('GET', `/play/${one.uid}`);
    expect(revoked.status).toBe(404);
    expect(revoked.body).toEqual({ code: 'recording_not_found', message: errorCatalogue.recording_not_found.message });
    expect((await api('DELETE', `${path}/shares/${one.uid}`, { token: alice.token })).status).toBe(404);
    const listed = await api('GET', `${path}/shares`, { token: alice.token });
    expect(listed.body.shares.map((share: { uid: string }) => share.uid)).toEqual([two.uid]);

    // Another case of the id is another id; so is one never made.
    const swapped = two.uid.replace(/[a-z]/, (c) => c.toUpperCase()) === two.uid ? two.uid.replace(/[A-Z]/, (c) => c.toLowerCase()) : two.uid.replace(/[a-z]/, (c) => c.toUpperCase());
    expect((await api('GET', `/play/${swapped}`)).status).toBe(404);
    expect((await api('GET', `/play/${'A'.repeat(32)}`)).status).toBe(404);

    expect((await api('DELETE', path, { token: alice.token })).status).toBe(204);
    expect((await api('GET', `/play/${two.uid}`)).status).toBe(404);
    expect((await fetch(play.body.video.url)).status).toBe(404);
  });

  it('plays nothing of a deleted workspace, and its files leave the bucket', async () => {
    const owner = await userWithWorkspace('gone', 'Closing studio');
    // A second workspace of the owner's: the only one may not be deleted.
    await api('POST', '/workspaces', { token: owner.token, body: { name: 'Staying studio' } });
    const { path } = await readyRecording(owner, { small: true });
    const share = await shareRecording(owner, path);
    const play = await api('GET', `/play/${share.uid}`);
    expect(play.status).toBe(200);
    // The other workspace's recording stays.
    const kept = await readyRecording(alice, { small: true });
    const keptPlay = await api('GET', `/play/${(await shareRecording(alice, kept.path)).uid}`);
    const deleted = await api('DELETE', `/workspaces/${owner.workspaceId}`, { token: owner.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    const gone = await api('GET', `/play/${share.uid}`);
    expect([gone.status, gone.body.code]).toEqual([404, 'recording_not_found']);
    // The video's link was signed before the delete: the object itself is gone once the purge queue ran.
    await eventually(async () => (await fetch(play.body.video.url)).status, (status) => status === 404, 20_000, 'the deleted workspace’s video to leave the bucket');
    expect((await fetch(keptPlay.body.video.url, { headers: { Range: 'bytes=0-0' } })).status).toBe(206);
  });

  it('shares a recording while it uploads (the player waits for it), only by its uploader or an admin', async () => {
    const { path } = await startRecording(alice);
    const early = await shareRecording(alice, path);
    const waiting = await api('GET', `/play/${early.uid}`);
    expect([waiting.status, waiting.body.code]).toEqual([409, 'recording_not_ready']);
    const parts = await uploadParts(alice, path, [{ number: 1, bytes: 300 }]);
    expect((await complete(alice, path, { parts, duration_ms: 3000 })).status).toBe(200);
    expect((await api('GET', `/play/${early.uid}`)).body.video).toMatchObject({ size: 300, duration_ms: 3000 });

    const ready = await readyRecording({ token: bob.token, workspaceId: bob.workspaceId }, { small: true });
    const byMember = await api('POST', `${ready.path}/shares`, { token: carol.token });
    // Carol cannot open Bob's brand: for her the recording is not there.
    expect([byMember.status, byMember.body.code]).toEqual([404, 'recording_not_found']);
    expect((await api('POST', `${ready.path}/shares`, { token: alice.token })).status).toBe(201);
  });
});

describe('a recording on a task', () => {
  const createTask = (token: string, body: Record<string, unknown>) => api('POST', `/workspaces/${alice.workspaceId}/tickets`, { token, body });

  it('is attached at create, answered on the task and named by the player', async () => {
    const { projectId, recording, path } = await readyRecording(alice);
    const task = await createTask(alice.token, { summary: 'Checkout breaks on Safari', project_uid: projectId, source: 'screen', recording_uid: recording.uid });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    expect(task.body.recording).toMatchObject({ uid: recording.uid, duration_ms: 10_000, size: MIN_PART_BYTES + 1000, content_type: 'video/webm', url: expect.stringMatching(/^http/), poster_url: expect.stringMatching(/^http/) });
    expect((await fetch(task.body.recording.url, { headers: { Range: 'bytes=0-0' } })).status).toBe(206);

    const read = await api('GET', `/tickets/${task.body.uid}?workspaceId=${alice.workspaceId}`, { token: alice.token });
    expect(read.body.recording.uid).toBe(recording.uid);
    expect((await api('GET', path, { token: alice.token })).body.task_uid).toBe(task.body.uid);
    const share = await shareRecording(alice, path);
    expect((await api('GET', `/play/${share.uid}`)).body.task).toEqual({ uid: task.body.uid, workspace_uid: alice.workspaceId });

    // A task without one answers null.
    const plain = await createTask(alice.token, { summary: 'No video', project_uid: projectId });
    expect(plain.body.recording).toBeNull();

    // Deleting the recording takes it off the task.
    expect((await api('DELETE', path, { token: alice.token })).status).toBe(204);
    expect((await api('GET', `/tickets/${task.body.uid}?workspaceId=${alice.workspaceId}`, { token: alice.token })).body.recording).toBeNull();
  });

  it("refuses a recording that is not the caller's finished one, or is already on a task (recording_invalid)", async () => {
    const projectId = await newBrand(alice);
    const uploading = await startRecording(alice, { projectId });
    const bobs = await readyRecording({ token: bob.token, workspaceId: bob.workspaceId }, { projectId, small: true });
    const used = await readyRecording(alice, { projectId, small: true });
    expect((await createTask(alice.token, { summary: 'First', project_uid: projectId, recording_uid: used.recording.uid })).status).toBe(201);
    const foreign = await readyRecording(mallory, { small: true });
    for (const recordingId of [uploading.recording.uid, bobs.recording.uid, used.recording.uid, foreign.recording.uid, 'no-such-recording']) {
      const refused = await createTask(alice.token, { summary: 'Second', project_uid: projectId, recording_uid: recordingId });
      expect([refused.status, refused.body.code, refused.body.field], recordingId).toEqual([400, 'recording_invalid', 'recording_uid']);
    }
    // One recording named twice in a bulk: refused, and nothing of the bulk is written.
    const fresh = await readyRecording(alice, { projectId, small: true });
    const bulk = await api('POST', `/workspaces/${alice.workspaceId}/tickets/bulk`, {
      token: alice.token,
      body: { tickets: [{ summary: 'A', project_uid: projectId, recording_uid: fresh.recording.uid }, { summary: 'B', project_uid: projectId, recording_uid: fresh.recording.uid }] },
    });
    expect([bulk.status, bulk.body.code, bulk.body.field]).toEqual([400, 'recording_invalid', 'tickets.1.recording_uid']);
    expect((await api('GET', fresh.path, { token: alice.token })).body.task_uid).toBeNull();
  });

  it('goes with its task: deleting the task deletes the recording, its links, its video and its poster', async () => {
    const { projectId, recording, path } = await readyRecording(alice);
    const task = await createTask(alice.token, { summary: 'Gone with its video', project_uid: projectId, recording_uid: recording.uid });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const share = await shareRecording(alice, path);
    const play = await api('GET', `/play/${share.uid}`);
    expect(play.status).toBe(200);
    expect((await fetch(play.body.video.url, { headers: { Range: 'bytes=0-0' } })).status).toBe(206);
    expect((await fetch(play.body.poster_url)).status).toBe(200);

    const deleted = await api('DELETE', `/tickets/${task.body.uid}?workspaceId=${alice.workspaceId}`, { token: alice.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    const gone = await api('GET', `/play/${share.uid}`);
    expect(gone.body).toEqual({ code: 'recording_not_found', message: errorCatalogue.recording_not_found.message });
    expect(gone.status).toBe(404);
    const read = await api('GET', path, { token: alice.token });
    expect([read.status, read.body.code]).toEqual([404, 'recording_not_found']);
    expect((await api('GET', `${path}/shares`, { token: alice.token })).status).toBe(404);
    expect((await fetch(play.body.video.url)).status).toBe(404);
    expect((await fetch(play.body.poster_url)).status).toBe(404);
    // Deleting it again finds nothing.
    expect((await api('DELETE', `/tickets/${task.body.uid}?workspaceId=${alice.workspaceId}`, { token: alice.token })).status).toBe(404);
  });

  it('goes with its task in a bulk delete too: the recording, its links, its video and its poster', async () => {
    const { projectId, recording, path } = await readyRecording(alice);
    const task = await createTask(alice.token, { summary: 'Gone in a batch', project_uid: projectId, recording_uid: recording.uid });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    const other = await createTask(alice.token, { summary: 'No recording', project_uid: projectId });
    const share = await shareRecording(alice, path);
    const play = await api('GET', `/play/${share.uid}`);
    expect(play.status).toBe(200);

    const deleted = await api('POST', `/workspaces/${alice.workspaceId}/tickets/bulk-update`, { token: alice.token, body: { ids: [task.body.uid, other.body.uid], delete: true } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.deleted).toEqual([task.body.uid, other.body.uid]);
    expect((await api('GET', `/play/${share.uid}`)).status).toBe(404);
    expect((await api('GET', path, { token: alice.token })).status).toBe(404);
    expect((await fetch(play.body.video.url)).status).toBe(404);
    expect((await fetch(play.body.poster_url)).status).toBe(404);
  });

  it('goes on one task only, even when two creates race for it', async () => {
    const { projectId, recording } = await readyRecording(alice, { small: true });
    const answers = await Promise.all([1, 2, 3].map((n) => createTask(alice.token, { summary: `Race ${n}`, project_uid: projectId, recording_uid: recording.uid })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400]);
  });
});
