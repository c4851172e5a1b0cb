import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';
import { api, baseUrl, mailbox, PASSWORD, signIn, uniqueEmail, userWithWorkspace, waitForMail } from './support/api';
import { joinWorkspace, userIdOf, type TeamUser } from './support/team';
import { createCheckout } from './support/billing';
import { bytes, made, newProject, newTask, putUpload, uploadFiles } from './cases/collab-cases';

/**
 * The findings of the attacker's-eye probe, each as the attack that worked: uploads confirmed under someone
 * else's key, reused or overwritten after the confirm; racing timer starts; malformed Unicode and unbounded
 * strings; invites listed by an unverified email; workspace ids matched in another case; time entries of brands
 * the caller cannot open, or from 1900; user ids in the public review view.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;
let member: TeamUser;
/** A brand the member was granted, and one they were not. */
let openProject: string;
let closedProject: string;
let taskId: string;

const png = (size = 128, fill = 7) => ({ name: 'Shot.png', type: 'image/png', bytes: bytes(size, fill) });
const download = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
};
const comment = (user: { token: string }, body: unknown, task = taskId) => api('POST', `/tickets/${task}/comments`, { token: user.token, body });

beforeAll(async () => {
  owner = await userWithWorkspace('sam', 'Security studio');
  member = await joinWorkspace(owner, owner.workspaceId, 'member', 'mia');
  [openProject, closedProject] = (await Promise.all([newProject(owner), newProject(owner)])).map((p) => p.uid) as [string, string];
  await made(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${openProject}/users`, { userId: member.userId });
  taskId = (await newTask(owner, { project_uid: openProject })).uid;
}, 120_000);

describe('uploads are confirmed once, by their uploader, and stay as confirmed', () => {
  it("refuses another user's confirmed key named as audio, and leaves the owner's file alone", async () => {
    const [key] = await uploadFiles(owner, taskId, 'attachment', [png(300, 4)]);
    const mine = await comment(owner, { attachments: [key] });
    expect(mine.status).toBe(201);
    const confirmed = mine.body.attachments[0];

    const attack = await comment(member, { audio: confirmed.key });

    expect(attack.body.code).toBe('attachment_invalid');
    expect(await download(confirmed.url)).toEqual({ status: 200, bytes: bytes(300, 4) });
  });

  it('refuses a second comment naming an upload or a confirmed key, by anyone', async () => {
    const [key] = await uploadFiles(member, taskId, 'attachment', [png(64)]);
    const first = await comment(member, { attachments: [key] });
    expect(first.status).toBe(201);

    expect((await comment(member, { attachments: [key] })).body.code).toBe('attachment_invalid');
    expect((await comment(member, { attachments: [first.body.attachments[0].key] })).body.code).toBe('attachment_invalid');
    expect((await comment(owner, { attachments: [first.body.attachments[0].key] })).body.code).toBe('attachment_invalid');
  });

  it('lets one of ten comments racing for one upload have it', async () => {
    const [key] = await uploadFiles(member, taskId, 'attachment', [png(64)]);

    const answers = await Promise.all(Array.from({ length: 10 }, () => comment(member, { attachments: [key] })));

    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body.code)).toEqual(Array(9).fill('attachment_invalid'));
  });

  it('keeps a confirmed file as it was when its presigned URL is used again', async () => {
    const { uploads } = await made(member, 'POST', `/tickets/${taskId}/uploads`, { purpose: 'attachment', files: [{ name: 'a.png', size: 32, content_type: 'image/png' }] });
    await putUpload(uploads[0], bytes(32, 1));
    const created = await comment(member, { attachments: [uploads[0].key] });
    expect(created.status).toBe(201);

    await putUpload(uploads[0], bytes(32, 2));

    expect(await download(created.body.attachments[0].url)).toEqual({ status: 200, bytes: bytes(32, 1) });
  });

  it('keeps a confirmed cover as it was when its presigned URL is used again, and confirms it once', async () => {
    const base = `/workspaces/${owner.workspaceId}/projects/${openProject}`;
    const upload = await made(owner, 'POST', `${base}/cover-upload`, { name: 'cover.png', size: 40, content_type: 'image/png' });
    await putUpload(upload, bytes(40, 5));
    const confirmed = await api('PUT', `${base}/cover`, { token: owner.token, body: { key: upload.key } });
    expect(confirmed.status).toBe(200);

    await putUpload(upload, bytes(40, 6));

    expect(await download(confirmed.body.cover_url)).toEqual({ status: 200, bytes: bytes(40, 5) });
    expect((await api('PUT', `${base}/cover`, { token: owner.token, body: { key: upload.key } })).body.code).toBe('attachment_invalid');
  });
});

describe('timers', () => {
  it('starts exactly one of 20 parallel timers of one person on one task', async () => {
    const task = await newTask(owner, { project_uid: openProject });

    const answers = await Promise.all(Array.from({ length: 20 }, () => api('POST', `/tickets/${task.uid}/time-entries`, { token: member.token, body: {} })));

    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body.code)).toEqual(Array(19).fill('timer_already_running'));
    const running = answers.find((a) => a.status === 201)!.body;
    expect((await api('PATCH', `/tickets/${task.uid}/time-entries/${running.uid}`, { token: member.token, body: { stop: true } })).status).toBe(200);
    expect((await api('POST', `/tickets/${task.uid}/time-entries`, { token: member.token, body: {} })).status).toBe(201);
  });

  it('lets a person start again after deleting their running timer', async () => {
    const task = await newTask(owner, { project_uid: openProject });
    const running = await made(member, 'POST', `/tickets/${task.uid}/time-entries`, {});

    expect((await api('DELETE', `/tickets/${task.uid}/time-entries/${running.uid}`, { token: member.token })).status).toBe(204);

    expect((await api('POST', `/tickets/${task.uid}/time-entries`, { token: member.token, body: {} })).status).toBe(201);
  });

  it('refuses an entry starting long before the task was created (1900)', async () => {
    const add = await api('POST', `/tickets/${taskId}/time-entries`, {
      token: member.token,
      body: { started_at: '1900-01-01T00:00:00.000Z', ended_at: new Date(Date.now() - 60_000).toISOString() },
    });
    expect([add.status, add.body.code]).toEqual([400, 'time_entry_too_early']);

    const entry = await made(member, 'POST', `/tickets/${taskId}/time-entries`, {
      started_at: new Date(Date.now() - 120_000).toISOString(),
      ended_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const edit = await api('PATCH', `/tickets/${taskId}/time-entries/${entry.uid}`, { token: member.token, body: { started_at: '1900-01-01T00:00:00.000Z' } });
    expect([edit.status, edit.body.code]).toEqual([400, 'time_entry_too_early']);
  });

  it("lists to a member only the entries of brands they can open", async () => {
    const closedTask = await newTask(owner, { project_uid: closedProject });
    const hidden = await made(owner, 'POST', `/tickets/${closedTask.uid}/time-entries`, { started_at: new Date(Date.now() - 120_000).toISOString(), ended_at: new Date(Date.now() - 60_000).toISOString() });
    const shown = await made(owner, 'POST', `/tickets/${taskId}/time-entries`, { started_at: new Date(Date.now() - 120_000).toISOString(), ended_at: new Date(Date.now() - 60_000).toISOString() });

    const asMember = (await api('GET', `/workspaces/${owner.workspaceId}/timetracking/entries`, { token: member.token })).body;
    const asOwner = (await api('GET', `/workspaces/${owner.workspaceId}/timetracking/entries`, { token: owner.token })).body;

    const uids = (list: { entries: { uid: string }[] }) => list.entries.map((e) => e.uid);
    expect(uids(asMember)).toContain(shown.uid);
    expect(uids(asMember)).not.toContain(hidden.uid);
    expect(asMember.entries.every((e: { project_uid: string }) => e.project_uid === openProject)).toBe(true);
    expect(uids(asOwner)).toEqual(expect.arrayContaining([shown.uid, hidden.uid]));
  });
});

describe('strings a user sends', () => {
  it('refuses a lone surrogate with a 400 naming the field, in the checkout and everywhere else', async () => {
    const checkout = await createCheckout(owner, owner.workspaceId, { name: 'Business\ud800' });
    expect([checkout.status, checkout.body.field]).toEqual([400, 'name']);
    const url = await createCheckout(owner, owner.workspaceId, { success_url: `${baseUrl()}/billing?x=\udc00` });
    expect([url.status, url.body.field]).toEqual([400, 'success_url']);
    const verify = await api('POST', `/workspaces/${owner.workspaceId}/subscription/verify`, { token: owner.token, body: { sessionId: 'cs_x\ud800' } });
    expect([verify.status, verify.body.field]).toEqual([400, 'sessionId']);
    const task = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, { token: owner.token, body: { summary: 'Launch \udfff reel', project_uid: openProject } });
    expect([task.status, task.body.field]).toEqual([400, 'summary']);
    const text = await comment(member, { text: 'a\ud83d' });
    expect([text.status, text.body.field]).toEqual([400, 'text']);
  });

  it('takes a well-formed emoji (a surrogate pair) as it is', async () => {
    const task = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, { token: owner.token, body: { summary: 'Launch 🚀 reel', project_uid: openProject } });
    expect([task.status, task.body.summary]).toEqual([201, 'Launch 🚀 reel']);
  });

  it("bounds the checkout's userId (1 MB refused)", async () => {
    const checkout = await createCheckout(owner, owner.workspaceId, { userId: 'u'.repeat(1024 * 1024) });
    expect([checkout.status, checkout.body.field]).toEqual([400, 'userId']);
  });
});

describe('numbers a user sends', () => {
  // DynamoDB stores magnitudes from 1e-130 to ~1e126 only; anything else made the write throw (a 500).
  it('refuses an estimate too small or too precise to store with a 400 naming the field, on create, bulk create and update', async () => {
    const tickets = `/workspaces/${owner.workspaceId}/tickets`;
    for (const estimate of [1e-200, 5e-324, 0.001]) {
      const created = await api('POST', tickets, { token: owner.token, body: { summary: 'Tiny', project_uid: openProject, estimate } });
      expect([created.status, created.body.field], String(estimate)).toEqual([400, 'estimate']);
      const bulk = await api('POST', `${tickets}/bulk`, { token: owner.token, body: { tickets: [{ summary: 'Tiny', project_uid: openProject, estimate }] } });
      expect(bulk.status, String(estimate)).toBe(400);
      expect(bulk.body.field, String(estimate)).toMatch(/estimate$/);
      const updated = await api('PATCH', `/tickets/${taskId}`, { token: owner.token, body: { estimate } });
      expect([updated.status, updated.body.field], String(estimate)).toEqual([400, 'estimate']);
    }
  });

  it('takes an estimate in hours to two decimal places', async () => {
    const updated = await api('PATCH', `/tickets/${taskId}`, { token: owner.token, body: { estimate: 1.25 } });
    expect([updated.status, updated.body.estimate]).toEqual([200, 1.25]);
  });
});

describe('identity and tenancy', () => {
  it('refuses to list invites to an email that is not verified', async () => {
    const email = uniqueEmail('unverified');
    await api('POST', `/workspaces/${owner.workspaceId}/invites`, { token: owner.token, body: { email } });
    const cognito = new CognitoIdentityProviderClient({ endpoint: inject('cognitoEndpoint'), region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const { userPoolId } = (await (await fetch(`${baseUrl()}${APP_CONFIG_PATH}`)).json()) as AppConfig;
    await cognito.send(
      new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'false' }] }),
    );
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: PASSWORD, Permanent: true }));
    const unverified = await signIn(email);

    const answer = await api('GET', '/me/invites', { token: unverified.token });

    expect([answer.status, answer.body.code]).toEqual([403, 'email_not_verified']);
  });

  it('matches workspace ids exactly (another case is another id)', async () => {
    const other = owner.workspaceId.toLowerCase() === owner.workspaceId ? owner.workspaceId.toUpperCase() : owner.workspaceId.toLowerCase();

    const created = await api('POST', `/workspaces/${other}/tickets`, { token: owner.token, body: { summary: 'Case', project_uid: openProject } });
    const read = await api('GET', `/workspaces/${other}`, { token: owner.token });

    expect(created.status).toBe(403);
    expect(read.status).toBe(403);
  });
});

describe('ids in another case', () => {
  const swapCase = (id: string) => [...id].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

  it('name no project: a project id in another case is not found', async () => {
    const answer = await api('PATCH', `/workspaces/${owner.workspaceId}/projects/${swapCase(openProject)}`, { token: owner.token, body: { phase: 'inactive' } });

    expect([answer.status, answer.body.code]).toEqual([404, 'project_not_found']);
  });

  it("name no project's people: listing or removing them through a project id in another case finds no project, and removes no one", async () => {
    const users = `/workspaces/${owner.workspaceId}/projects`;

    const listed = await api('GET', `${users}/${swapCase(openProject)}/users`, { token: owner.token });
    const removed = await api('DELETE', `${users}/${swapCase(openProject)}/users/${member.userId}`, { token: owner.token });

    expect([listed.status, listed.body.code]).toEqual([404, 'project_not_found']);
    expect([removed.status, removed.body.code]).toEqual([404, 'project_not_found']);
    const people = await api('GET', `${users}/${openProject}/users`, { token: owner.token });
    expect(people.body.map((person: { user_uid: string }) => person.user_uid)).toContain(member.userId);
  });
});

describe('the public review view', () => {
  it('shows the reviewers\' decisions only: no user ids, no team names, no internal moves', async () => {
    const task = await newTask(owner, { project_uid: openProject });
    await made(owner, 'PATCH', `/tickets/${task.uid}`, { status: 'in_progress' });
    await made(owner, 'PATCH', `/tickets/${task.uid}`, { status: 'needs_approval' });
    const link = await made(owner, 'POST', `/tickets/${task.uid}/review-link`, {});
    const decided = await api('POST', `/review/${link.token}`, { body: { decision: 'rejected', comment: 'Warmer caption', reviewer_name: 'Cleo Client' } });
    expect(decided.status, JSON.stringify(decided.body)).toBeLessThan(300);

    const view = await api('GET', `/review/${link.token}`);

    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).not.toContain(userIdOf(owner.token));
    expect(view.body.activity.map((a: { type: string; reviewer_name: string | null; comment: string | null }) => [a.type, a.reviewer_name, a.comment])).toEqual([
      ['review', 'Cleo Client', 'Warmer caption'],
    ]);
  });
});

describe('resending an invite', () => {
  it('mails a pending invite again with the same link, to an admin only', async () => {
    const email = uniqueEmail('lost');
    const invite = await made(owner, 'POST', `/workspaces/${owner.workspaceId}/invites`, { email });
    const first = await waitForMail(email, /invit/i);

    const resent = await api('POST', `/workspaces/${owner.workspaceId}/invites/${invite.uid}/resend`, { token: owner.token });
    const byMember = await api('POST', `/workspaces/${owner.workspaceId}/invites/${invite.uid}/resend`, { token: member.token });

    expect([resent.status, resent.body.uid, resent.body.status]).toEqual([200, invite.uid, 'pending']);
    expect(byMember.status).toBe(403);
    const until = Date.now() + 15_000;
    while ((await mailbox(email)).length < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = await mailbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`/invite/${invite.uid}`);
    expect(first.text).toContain(`/invite/${invite.uid}`);
  });

  it('refuses to resend a withdrawn invite (invite_not_found)', async () => {
    const invite = await made(owner, 'POST', `/workspaces/${owner.workspaceId}/invites`, { email: uniqueEmail('gone') });
    await api('DELETE', `/workspaces/${owner.workspaceId}/invites/${invite.uid}`, { token: owner.token });

    const resent = await api('POST', `/workspaces/${owner.workspaceId}/invites/${invite.uid}/resend`, { token: owner.token });

    expect([resent.status, resent.body.code]).toEqual([404, 'invite_not_found']);
  });
});
