import { beforeAll, describe, expect, it } from 'vitest';
import { api, mailbox, userWithWorkspace, waitForMail } from './support/api';
import { joinWorkspace, type TeamUser } from './support/team';
import { bytes, made, newProject, newTask, pastEntry, putUpload, runReminderJob, uploadFiles } from './cases/collab-cases';
import { confirmedKeyOf } from '#core/uploads/keys';

/**
 * Comments with files, time tracking, reminders, project users and covers, end to end on the local stack
 * (DynamoDB Local, s3rver, SQS, the mail catcher). s3rver holds presigned URLs to nothing, so these tests also
 * break the rules a real S3 would enforce (more bytes than declared, another type) and check the server does.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;
let member: TeamUser;
let projectId: string;
let projectSlug: string;
let taskId: string;

const MB = 1024 * 1024;
const png = (size = 256) => ({ name: 'Café Shot.PNG', type: 'image/png', bytes: bytes(size) });
const getTask = async (id = taskId) => (await api('GET', `/tickets/${id}`, { token: owner.token })).body;
const timeOf = async (id = taskId) => (await api('GET', `/tickets/${id}/time-entries`, { token: owner.token })).body;
const download = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
};

beforeAll(async () => {
  owner = await userWithWorkspace('cora', 'Cora content');
  member = await joinWorkspace(owner, owner.workspaceId, 'member', 'max');
  const project = await newProject(owner);
  projectId = project.uid;
  projectSlug = project.slug;
  await made(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${projectId}/users`, { userId: member.userId });
  taskId = (await newTask(owner, { project_uid: projectId })).uid;
}, 120_000);

describe('comments with attachments and audio', () => {
  it('uploads a file to its presigned URL and comments with it; the file shows on the comment and the task', async () => {
    const [upload] = await uploadFiles(member, taskId, 'attachment', [png(300)]);
    expect(upload).toMatch(/\/cafe-shot\.png$/);
    const key = confirmedKeyOf(upload!, member.userId);
    const created = await api('POST', `/tickets/${taskId}/comments`, { token: member.token, body: { text: 'Shot attached', attachments: [upload] } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.attachments).toEqual([{ key, name: 'cafe-shot.png', size: 300, content_type: 'image/png', url: expect.any(String) }]);
    const fetched = await download(created.body.attachments[0].url);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes).toEqual(bytes(300));

    const listed = await api('GET', `/tickets/${taskId}/comments`, { token: owner.token });
    expect(listed.body.map((c: { uid: string }) => c.uid)).toContain(created.body.uid);
    expect((await getTask()).attachments.map((f: { key: string }) => f.key)).toContain(key);
  });

  it('refuses a 6 MB file, 11 files and a type not allowed when the upload is requested', async () => {
    const ask = (files: unknown[], purpose = 'attachment') => api('POST', `/tickets/${taskId}/uploads`, { token: member.token, body: { purpose, files } });
    expect((await ask([{ name: 'big.mov', size: 6 * MB, content_type: 'video/quicktime' }])).body).toMatchObject({ code: 'bad_request', field: 'files.0.size' });
    expect((await ask(Array(11).fill({ name: 'a.png', size: 10, content_type: 'image/png' }))).body).toMatchObject({ field: 'files' });
    expect((await ask([{ name: 'page.html', size: 10, content_type: 'text/html' }])).body).toMatchObject({ field: 'files.0.content_type' });
    expect((await ask([{ name: 'a.png', size: 10, content_type: 'image/png' }], 'audio')).body).toMatchObject({ field: 'files.0.content_type' });
  });

  it('deletes an object larger than declared when a comment names it (attachment_too_large); nothing is saved', async () => {
    const { uploads } = await made(member, 'POST', `/tickets/${taskId}/uploads`, { purpose: 'attachment', files: [{ name: 'small.png', size: 1000, content_type: 'image/png' }] });
    await putUpload(uploads[0], bytes(6 * MB)); // s3rver does not hold the signed Content-Length to account; S3 would refuse
    const refused = await api('POST', `/tickets/${taskId}/comments`, { token: member.token, body: { text: 'big', attachments: [uploads[0].key] } });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('attachment_too_large');
    const again = await api('POST', `/tickets/${taskId}/comments`, { token: member.token, body: { attachments: [uploads[0].key] } });
    expect(again.body.code).toBe('attachment_invalid'); // gone
    expect((await api('GET', `/tickets/${taskId}/comments`, { token: owner.token })).body.some((c: { text: string }) => c.text === 'big')).toBe(false);
  });

  it('deletes an object stored with another type than the signed one (attachment_invalid)', async () => {
    const { uploads } = await made(member, 'POST', `/tickets/${taskId}/uploads`, { purpose: 'attachment', files: [{ name: 'pic.png', size: 20, content_type: 'image/png' }] });
    await putUpload({ url: uploads[0].url, headers: { ...uploads[0].headers, 'content-type': 'text/html' } }, bytes(20));
    const refused = await api('POST', `/tickets/${taskId}/comments`, { token: member.token, body: { attachments: [uploads[0].key] } });
    expect(refused.body.code).toBe('attachment_invalid');
  });

  it("refuses a key of another task (and leaves that task's file alone)", async () => {
    const other = await newTask(owner, { project_uid: projectId });
    const [key] = await uploadFiles(owner, other.uid, 'attachment', [png(50)]);
    const refused = await api('POST', `/tickets/${taskId}/comments`, { token: owner.token, body: { attachments: [key] } });
    expect(refused.body.code).toBe('attachment_invalid');
    expect((await api('POST', `/tickets/${other.uid}/comments`, { token: owner.token, body: { attachments: [key] } })).status).toBe(201);
  });

  it('posts an audio comment, and refuses an empty comment and an audio upload of two files', async () => {
    const [upload] = await uploadFiles(member, taskId, 'audio', [{ name: 'Voice note.webm', type: 'audio/webm', bytes: bytes(4096, 3) }]);
    const key = confirmedKeyOf(upload!, member.userId);
    const created = await api('POST', `/tickets/${taskId}/comments`, { token: member.token, body: { audio: upload } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ text: '', attachments: [], audio: { key, name: 'voice-note.webm', content_type: 'audio/webm', size: 4096 } });
    expect((await download(created.body.audio.url)).bytes).toEqual(bytes(4096, 3));
    expect((await getTask()).audio.map((f: { key: string }) => f.key)).toContain(key);

    expect((await api('POST', `/tickets/${taskId}/comments`, { token: member.token, body: { text: '   ' } })).body.code).toBe('comment_empty');
    const two = await api('POST', `/tickets/${taskId}/uploads`, {
      token: member.token,
      body: { purpose: 'audio', files: [{ name: 'a.webm', size: 5, content_type: 'audio/webm' }, { name: 'b.webm', size: 5, content_type: 'audio/webm' }] },
    });
    expect(two.body).toMatchObject({ code: 'bad_request', field: 'files' });
  });

  it("deletes a comment with its files (from the task and the bucket): its author or an admin, nobody else", async () => {
    const [upload] = await uploadFiles(member, taskId, 'attachment', [png(64)]);
    const key = confirmedKeyOf(upload!, member.userId);
    const comment = (await api('POST', `/tickets/${taskId}/comments`, { token: member.token, body: { attachments: [upload] } })).body;
    const ownerComment = await made(owner, 'POST', `/tickets/${taskId}/comments`, { text: 'admin says' });
    expect((await api('DELETE', `/tickets/${taskId}/comments/${ownerComment.uid}`, { token: member.token })).body.code).toBe('comment_not_yours');

    expect((await api('DELETE', `/tickets/${taskId}/comments/${comment.uid}`, { token: member.token })).status).toBe(204);
    expect((await getTask()).attachments.map((f: { key: string }) => f.key)).not.toContain(key);
    expect((await download(comment.attachments[0].url)).status).toBe(404);
    expect((await api('DELETE', `/tickets/${taskId}/comments/${comment.uid}`, { token: member.token })).body.code).toBe('comment_not_found');
    expect((await api('DELETE', `/tickets/${taskId}/comments/${ownerComment.uid}`, { token: owner.token })).status).toBe(204);
  });
});

describe('time entries', () => {
  it('starts one timer per person, stops it with its seconds, and the total follows', async () => {
    const task = await newTask(owner, { project_uid: projectId });
    const timer = await api('POST', `/tickets/${task.uid}/time-entries`, { token: member.token, body: {} });
    expect(timer.status).toBe(201);
    expect(timer.body).toMatchObject({ ended_at: null, seconds: 0, user_uid: member.userId, project_uid: projectId });
    expect((await api('POST', `/tickets/${task.uid}/time-entries`, { token: member.token, body: {} })).body.code).toBe('timer_already_running');
    expect((await api('POST', `/tickets/${task.uid}/time-entries`, { token: owner.token, body: {} })).status).toBe(201);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stopped = await api('PATCH', `/tickets/${task.uid}/time-entries/${timer.body.uid}`, { token: member.token, body: { stop: true } });
    expect(stopped.body).toMatchObject({ ended_at: expect.any(String), seconds: expect.any(Number) });
    expect(stopped.body.seconds).toBeGreaterThanOrEqual(1);
    const { total_spent, entries } = await timeOf(task.uid);
    expect(total_spent).toBe(stopped.body.seconds);
    expect(entries).toHaveLength(2);
    expect((await api('POST', `/tickets/${task.uid}/time-entries`, { token: member.token, body: {} })).status).toBe(201);
  });

  it('checks manual entries, moves the total on edit and takes it back on delete', async () => {
    const task = await newTask(owner, { project_uid: projectId });
    const add = (body: unknown) => api('POST', `/tickets/${task.uid}/time-entries`, { token: member.token, body });
    expect((await add({ started_at: pastEntry().ended_at, ended_at: pastEntry().started_at })).body.code).toBe('time_entry_invalid');
    expect((await add({ started_at: new Date().toISOString(), ended_at: new Date(Date.now() + 3_600_000).toISOString() })).body.code).toBe('time_entry_invalid');
    expect((await add({ started_at: pastEntry().started_at })).body).toMatchObject({ code: 'bad_request', field: 'ended_at' });

    const first = (await add(pastEntry(5, 2))).body;
    const second = (await add(pastEntry(2, 1))).body;
    expect((await timeOf(task.uid)).total_spent).toBe(3 * 3600);
    const edited = await api('PATCH', `/tickets/${task.uid}/time-entries/${first.uid}`, {
      token: member.token,
      body: { ended_at: new Date(Date.parse(first.started_at) + 1_800_000).toISOString() },
    });
    expect(edited.body.seconds).toBe(1800);
    expect((await timeOf(task.uid)).total_spent).toBe(1800 + 3600);
    expect((await getTask(task.uid)).total_spent).toBe(1800 + 3600);

    expect((await api('DELETE', `/tickets/${task.uid}/time-entries/${second.uid}`, { token: owner.token })).status).toBe(204);
    expect((await timeOf(task.uid)).total_spent).toBe(1800);
    const workspaceList = (await api('GET', `/workspaces/${owner.workspaceId}/timetracking/entries`, { token: owner.token })).body;
    expect(workspaceList.entries.find((e: { uid: string }) => e.uid === first.uid)).toMatchObject({ project_uid: projectId, seconds: 1800 });
  });

  it("refuses to change someone else's entry to a member, and an entry of another task", async () => {
    const task = await newTask(owner, { project_uid: projectId });
    const ownerEntry = await made(owner, 'POST', `/tickets/${task.uid}/time-entries`, pastEntry());
    expect((await api('PATCH', `/tickets/${task.uid}/time-entries/${ownerEntry.uid}`, { token: member.token, body: { stop: true } })).body.code).toBe('time_entry_not_yours');
    expect((await api('DELETE', `/tickets/${task.uid}/time-entries/${ownerEntry.uid}`, { token: member.token })).body.code).toBe('time_entry_not_yours');
    expect((await api('DELETE', `/tickets/${taskId}/time-entries/${ownerEntry.uid}`, { token: owner.token })).body.code).toBe('time_entry_not_found');
  });
});

describe('reminders', () => {
  it('emails the assignee and notifies them in the app once, however often the job runs', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const task = await newTask(owner, { project_uid: projectId, assignee: member.userId, reminder: { at, enabled: true }, summary: 'Film the teaser' });
    const unassigned = await newTask(owner, { project_uid: projectId, reminder: { at, enabled: true } });

    await runReminderJob(3_600_000 + 60_000);
    const mail = await waitForMail(member.email, new RegExp(`Reminder: #${task.id} Film the teaser`));
    expect(mail.text).toContain(`/project/${projectSlug}/tasks/${task.uid}`);
    const notifications = async () => (await api('GET', '/notifications', { token: member.token })).body as { type: string; ticket_url: string; uid: string; read: boolean }[];
    // The task's reminders (being assigned it at its create is a notification of its own).
    const mine = <N extends { type: string; ticket_url: string }>(list: N[]) => list.filter((n) => n.type === 'reminder' && n.ticket_url.endsWith(`/tasks/${task.uid}`));
    expect(mine(await notifications())).toEqual([
      expect.objectContaining({ type: 'reminder', title: `Reminder: #${task.id} Film the teaser`, ticket_url: `/project/${projectSlug}/tasks/${task.uid}`, workspace_uid: owner.workspaceId, read: false }),
    ]);
    expect((await getTask(task.uid)).reminder).toMatchObject({ at: expect.any(String), sent_at: expect.any(String) });
    expect((await getTask(unassigned.uid)).reminder.sent_at).toEqual(expect.any(String));

    await runReminderJob(3_600_000 + 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mine(await notifications())).toHaveLength(1);
    expect((await mailbox(member.email)).filter((m) => m.subject === `Reminder: #${task.id} Film the teaser`)).toHaveLength(1);

    const [notification] = mine(await notifications());
    // Ids are exact: the same letters in another case are another notification (the store case-folds keys).
    const otherCase = [...notification!.uid].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    expect((await api('POST', `/notifications/${otherCase}/read`, { token: member.token })).body.code).toBe('notification_not_found');
    expect(mine(await notifications())[0]!.read).toBe(false);
    expect((await api('POST', `/notifications/${notification!.uid}/read`, { token: member.token })).body.read).toBe(true);
    expect((await api('POST', `/notifications/${notification!.uid}/read`, { token: owner.token })).body.code).toBe('notification_not_found');
  });
});

describe('project users', () => {
  it('lists granted people and requests to a project admin, and removes anyone but the owner', async () => {
    const requester = await joinWorkspace(owner, owner.workspaceId, 'member', 'rita');
    const project = await newProject(owner);
    const base = `/workspaces/${owner.workspaceId}/projects/${project.uid}`;
    await made(owner, 'POST', `${base}/users`, { userId: member.userId });
    await made(requester, 'POST', `${base}/access-requests`, {});

    const listed = await api('GET', `${base}/users`, { token: owner.token });
    expect(listed.body.map((u: { email: string; role: string; status: string }) => [u.email, u.role, u.status])).toEqual([
      [owner.email, 'owner', 'granted'],
      [member.email, 'member', 'granted'],
      [requester.email, 'member', 'requested'],
    ]);
    expect((await api('GET', `${base}/users`, { token: member.token })).body.code).toBe('project_admin_required');
    const ownerId = listed.body[0].user_uid;
    expect((await api('DELETE', `${base}/users/${ownerId}`, { token: owner.token })).body.code).toBe('workspace_edit_user_failure');

    const task = await newTask(owner, { project_uid: project.uid });
    expect((await api('GET', `/tickets/${task.uid}`, { token: member.token })).status).toBe(200);
    expect((await api('DELETE', `${base}/users/${member.userId}`, { token: owner.token })).status).toBe(204);
    expect((await api('DELETE', `${base}/users/${requester.userId}`, { token: owner.token })).status).toBe(204);
    expect((await api('GET', `/tickets/${task.uid}`, { token: member.token })).status).toBe(403);
    expect((await api('GET', `${base}/users`, { token: owner.token })).body).toHaveLength(1);
    expect((await api('DELETE', `${base}/users/${member.userId}`, { token: owner.token })).body.code).toBe('not_found');
  });
});

describe('project cover', () => {
  it('uploads and confirms a cover, answers a signed link, and replacing it deletes the old image', async () => {
    const project = await newProject(owner);
    const base = `/workspaces/${owner.workspaceId}/projects/${project.uid}`;
    const cover = async (size: number) => {
      const upload = await made(owner, 'POST', `${base}/cover-upload`, { name: 'Brand Cover.jpg', size, content_type: 'image/jpeg' });
      await putUpload(upload, bytes(size, 9));
      return upload;
    };
    const first = await cover(128);
    const confirmed = await api('PUT', `${base}/cover`, { token: owner.token, body: { key: first.key } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await download(confirmed.body.cover_url)).bytes).toEqual(bytes(128, 9));
    const listed = (await api('GET', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token })).body.find((p: { uid: string }) => p.uid === project.uid);
    expect(listed.cover_url).toMatch(/X-Amz-Signature=/);
    expect(listed.cover_url).not.toBe(first.key);

    const second = await cover(256);
    const replaced = await api('PUT', `${base}/cover`, { token: owner.token, body: { key: second.key } });
    expect((await download(replaced.body.cover_url)).bytes).toEqual(bytes(256, 9));
    expect((await download(confirmed.body.cover_url)).status).toBe(404);
  });

  it('refuses a cover of another project, a too large one (deleted), a PDF, and a member who is not a project admin', async () => {
    const [a, b] = await Promise.all([newProject(owner), newProject(owner)]);
    const baseOf = (p: { uid: string }) => `/workspaces/${owner.workspaceId}/projects/${p.uid}`;
    const upload = await made(owner, 'POST', `${baseOf(a)}/cover-upload`, { name: 'c.png', size: 100, content_type: 'image/png' });
    await putUpload(upload, bytes(100));
    expect((await api('PUT', `${baseOf(b)}/cover`, { token: owner.token, body: { key: upload.key } })).body.code).toBe('attachment_invalid');

    const big = await made(owner, 'POST', `${baseOf(a)}/cover-upload`, { name: 'big.png', size: 100, content_type: 'image/png' });
    await putUpload(big, bytes(5 * MB + 1));
    expect((await api('PUT', `${baseOf(a)}/cover`, { token: owner.token, body: { key: big.key } })).body.code).toBe('attachment_too_large');
    expect((await api('PUT', `${baseOf(a)}/cover`, { token: owner.token, body: { key: big.key } })).body.code).toBe('attachment_invalid');

    expect((await api('POST', `${baseOf(a)}/cover-upload`, { token: owner.token, body: { name: 'c.pdf', size: 100, content_type: 'application/pdf' } })).body.field).toBe('content_type');
    await made(owner, 'POST', `${baseOf(a)}/users`, { userId: member.userId });
    expect((await api('POST', `${baseOf(a)}/cover-upload`, { token: member.token, body: { name: 'c.png', size: 100, content_type: 'image/png' } })).body.code).toBe('project_admin_required');
  });
});
