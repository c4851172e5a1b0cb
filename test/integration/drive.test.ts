import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, userWithWorkspace } from './support/api';
import { control } from './support/deliveries';
import { brandPath, connectDrive, driveFiles, foldersPath, newTask, taskFoldersPath } from './support/drive';
import { joinWorkspace } from './support/team';

/**
 * Google Drive folders per brand and per task, end to end against the fake Google (consent with PKCE, tokens, the
 * Drive API with the drive.file scope): the brand's folder with raw and final, kept and found again, made anew when
 * trashed; a task's pair written to its links through the task update, idempotent; the tokens never in an answer;
 * a revoked token and a failing Drive refused with the catalogue's errors and nothing stored.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;
let projectId: string;
let brandName: string;

const post = (path: string, as: { token: string } = owner) => api('POST', path, { token: as.token });
const get = (path: string, as: { token: string } = owner) => api('GET', path, { token: as.token });
const folderIdsIn = async (parentId: string) => (await driveFiles()).filter((file) => file.parents.includes(parentId) && !file.trashed);
/** No answer of these routes carries a token: neither the names nor a Google-shaped value. */
const expectNoTokens = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/access_token|refresh_token|sealed|ya29\.|1\/\/|Bearer/i);

beforeAll(async () => {
  owner = await userWithWorkspace('drive');
  brandName = `Crumb ${randomUUID().slice(0, 6)}`;
  const project = await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: brandName } });
  projectId = project.body.uid;
  await connectDrive(owner, projectId);
}, 120_000);

afterEach(async () => {
  await control('DELETE', '/failures');
});

describe("a brand's Drive folders", () => {
  it('reads connected with no folders before they are made', async () => {
    const answer = await get(foldersPath(owner, projectId));

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ state: 'connected' });
  });

  it('makes the brand folder named after the brand with raw and final inside, in Drive and stored', async () => {
    const made = await post(foldersPath(owner, projectId));

    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expectNoTokens(made.body);
    expect(made.body.root.name).toBe(brandName);
    expect(made.body.raw.name).toBe('raw');
    expect(made.body.final.name).toBe('final');
    const files = await driveFiles();
    expect(files.find((file) => file.id === made.body.raw.id)).toMatchObject({ parents: [made.body.root.id], byApp: true, trashed: false });
    expect(files.find((file) => file.id === made.body.final.id)).toMatchObject({ parents: [made.body.root.id], byApp: true });
    expect((await get(foldersPath(owner, projectId))).body).toEqual({ state: 'connected', folders: made.body, missing: [] });
  });

  it('keeps the same folders on a second call, with nothing new in Drive', async () => {
    const first = await post(foldersPath(owner, projectId));
    const count = (await driveFiles()).length;

    const second = await post(foldersPath(owner, projectId));

    expect(second.body).toEqual(first.body);
    expect((await driveFiles()).length).toBe(count);
  });

  it('names a folder trashed in Drive as missing, and makes it anew (the others kept)', async () => {
    const before = (await post(foldersPath(owner, projectId))).body;
    await control('POST', '/drive/trash', { id: before.raw.id });

    expect((await get(foldersPath(owner, projectId))).body).toMatchObject({ state: 'connected', missing: ['raw'] });
    const again = await post(foldersPath(owner, projectId));

    expect(again.body.root).toEqual(before.root);
    expect(again.body.final).toEqual(before.final);
    expect(again.body.raw.id).not.toBe(before.raw.id);
    expect((await get(foldersPath(owner, projectId))).body).toMatchObject({ missing: [], folders: again.body });
  });

  it("finds the app's folders again after a disconnect and a new connection", async () => {
    const before = (await post(foldersPath(owner, projectId))).body;
    expect((await api('DELETE', `${brandPath(owner, projectId)}/connections/drive`, { token: owner.token })).status).toBe(204);
    expect((await get(foldersPath(owner, projectId))).body).toEqual({ state: 'not_connected' });
    expect((await post(foldersPath(owner, projectId))).body.code).toBe('drive_not_connected');

    await connectDrive(owner, projectId);
    const again = await post(foldersPath(owner, projectId));

    expect(again.body).toEqual(before);
  });

  it('answers drive_error (502) when Drive fails, and stores nothing', async () => {
    const brand = (await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Failing ${randomUUID().slice(0, 6)}` } })).body.uid;
    await connectDrive(owner, brand);
    await control('PUT', '/failures/drive', { rate: 1, status: 500 });

    const refused = await post(foldersPath(owner, brand));

    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('drive_error');
    await control('DELETE', '/failures');
    expect((await get(foldersPath(owner, brand))).body).toEqual({ state: 'connected' });
  });

  it('answers drive_rate_limited (429) when Drive is busy', async () => {
    await control('PUT', '/failures/drive', { rate: 1, status: 429 });

    const refused = await post(foldersPath(owner, projectId));

    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('drive_rate_limited');
  });

  it('refuses a brand member who is not its admin (project_admin_required) but lets them read', async () => {
    const member = await joinWorkspace(owner, owner.workspaceId, 'member', 'drive-member');
    const granted = await api('POST', `${brandPath(owner, projectId)}/users`, { token: owner.token, body: { userId: member.userId } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);

    const refused = await post(foldersPath(owner, projectId), member);

    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('project_admin_required');
    expect((await get(foldersPath(owner, projectId), member)).status).toBe(200);
  });
});

describe("a task's Drive folders", () => {
  it("makes '#<number> <summary>' in the brand's raw and final and links them in the task (a new version of it)", async () => {
    const task = await newTask(owner, projectId, 'Spring launch reel');
    const brand = (await post(foldersPath(owner, projectId))).body;

    const made = await post(taskFoldersPath(owner, task.uid));

    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expectNoTokens(made.body);
    expect(made.body.raw.name).toBe(`#${task.id} Spring launch reel`);
    expect(made.body.final.name).toBe(`#${task.id} Spring launch reel`);
    expect((await folderIdsIn(brand.raw.id)).map((file) => file.id)).toContain(made.body.raw.id);
    expect((await folderIdsIn(brand.final.id)).map((file) => file.id)).toContain(made.body.final.id);
    const stored = (await get(`/tickets/${task.uid}`)).body;
    expect(stored).toMatchObject({ drive_raw_link: made.body.raw.url, drive_final_link: made.body.final.url });
    expect(Date.parse(stored.updated_at)).toBeGreaterThan(Date.parse(task.updated_at));
  });

  it('answers the same folders on a second call, leaving the task as it was', async () => {
    const task = await newTask(owner, projectId, 'Twice');
    const first = await post(taskFoldersPath(owner, task.uid));
    const after = (await get(`/tickets/${task.uid}`)).body;
    const count = (await driveFiles()).length;

    const second = await post(taskFoldersPath(owner, task.uid));

    expect(second.body).toEqual(first.body);
    expect((await driveFiles()).length).toBe(count);
    expect((await get(`/tickets/${task.uid}`)).body.updated_at).toBe(after.updated_at);
  });

  it('writes the links onto the task as it stands now (an earlier edit kept)', async () => {
    const task = await newTask(owner, projectId, 'Edited meanwhile');
    await api('PATCH', `/tickets/${task.uid}`, { token: owner.token, body: { caption: 'New caption' } });

    const made = await post(taskFoldersPath(owner, task.uid));

    const stored = (await get(`/tickets/${task.uid}`)).body;
    expect(stored).toMatchObject({ caption: 'New caption', drive_raw_link: made.body.raw.url, drive_final_link: made.body.final.url });
  });

  it('refuses a task whose brand has no Drive (drive_not_connected), leaving its links empty', async () => {
    const other = (await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `No drive ${randomUUID().slice(0, 6)}` } })).body.uid;
    const task = await newTask(owner, other);

    const refused = await post(taskFoldersPath(owner, task.uid));

    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('drive_not_connected');
    expect((await get(`/tickets/${task.uid}`)).body).toMatchObject({ drive_raw_link: null, drive_final_link: null });
  });

  it("refuses another workspace's task: not found in the caller's workspace, forbidden in the other's", async () => {
    const mallory = await userWithWorkspace('drive-mallory');
    const task = await newTask(owner, projectId, 'Not yours');

    const inOwn = await post(`/workspaces/${mallory.workspaceId}/tickets/${task.uid}/drive-folders`, mallory);
    const inTheirs = await post(taskFoldersPath(owner, task.uid), mallory);

    expect(inOwn.status).toBe(404);
    expect(inOwn.body.code).toBe('task_not_found');
    expect(inTheirs.status).toBe(403);
    expect((await get(`/tickets/${task.uid}`)).body.drive_raw_link).toBeNull();
  });

  it('marks the connection needs_reconnect when Google refused its token, and answers drive_needs_reconnect', async () => {
    const brand = (await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Revoked ${randomUUID().slice(0, 6)}` } })).body.uid;
    await connectDrive(owner, brand);
    const task = await newTask(owner, brand);
    await control('POST', '/drive/revoke');

    const refused = await post(taskFoldersPath(owner, task.uid));

    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('drive_needs_reconnect');
    expect((await get(foldersPath(owner, brand))).body).toEqual({ state: 'needs_reconnect' });
    expect((await get(`/tickets/${task.uid}`)).body.drive_raw_link).toBeNull();
  });
});
