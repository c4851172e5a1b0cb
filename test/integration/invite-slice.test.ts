import { describe, expect, it } from 'vitest';
import { api, registerUser, uniqueEmail, userWithWorkspace, waitForMail } from './support/api';

describe('the invite slice: an admin invites by link and the teammate joins', () => {
  it('takes a teammate from invite email to joined member', async () => {
    // Arrange: Alice has a workspace; Bob has no account yet.
    const alice = await userWithWorkspace('alice', 'Northwind Content');
    const bobEmail = uniqueEmail('bob');

    // Act: Alice invites Bob; Bob reads the email, registers and accepts through the link.
    const invited = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: bobEmail } });
    const mail = await waitForMail(bobEmail, /Northwind Content/);
    const inviteUid = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const preview = await api('GET', `/invites/${inviteUid}`);
    const bob = await registerUser(bobEmail);
    const joined = await api('POST', `/invites/${inviteUid}/accept`, { token: bob.token });

    // Assert: Bob is a member; Alice's team shows him joined; the invite is used up.
    expect(invited.status).toBe(201);
    expect(inviteUid).toBe(invited.body.uid);
    expect(preview.body).toMatchObject({ workspace_name: 'Northwind Content', email: bobEmail, status: 'pending' });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ role: 'member', status: 'joined', workspaces: { uid: alice.workspaceId } });
    const bobsWorkspaces = await api('GET', '/workspaces', { token: bob.token });
    expect(bobsWorkspaces.body.map((w: any) => w.workspaces.uid)).toEqual([alice.workspaceId]);
    const team = await api('GET', `/workspaces/${alice.workspaceId}/users/all?status=joined`, { token: alice.token });
    expect(team.body.map((m: any) => m.email).sort()).toEqual([alice.email, bobEmail].sort());
    expect((await api('GET', `/invites/${inviteUid}`)).body.status).toBe('accepted');
    expect((await api('GET', `/workspaces/${alice.workspaceId}`, { token: bob.token })).status).toBe(200);
  });

  it('joins once when the accept button is clicked twice at the same moment', async () => {
    const alice = await userWithWorkspace('alice');
    const bob = await registerUser(uniqueEmail('bob'));
    const invite = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: bob.email } });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', `/invites/${invite.body.uid}/accept`, { token: bob.token })),
    );

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const team = await api('GET', `/workspaces/${alice.workspaceId}/users/all`, { token: alice.token });
    expect(team.body.filter((m: any) => m.email === bob.email)).toHaveLength(1);
  });

  it('refuses the link to anyone but the invited email', async () => {
    const alice = await userWithWorkspace('alice');
    const eve = await registerUser(uniqueEmail('eve'));
    const invite = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: uniqueEmail('bob') } });

    const answer = await api('POST', `/invites/${invite.body.uid}/accept`, { token: eve.token });

    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('invite_wrong_account');
    expect((await api('GET', '/workspaces', { token: eve.token })).body).toEqual([]);
  });

  it('refuses to invite a member or someone already invited, with clear codes', async () => {
    const alice = await userWithWorkspace('alice');
    const bobEmail = uniqueEmail('bob');

    const first = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: bobEmail } });
    const again = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: bobEmail.toUpperCase() } });
    const self = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: alice.email } });

    expect(first.status).toBe(201);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'user_already_invited', message: 'This person already has a pending invite to this workspace.' });
    expect(self.body.code).toBe('user_already_in_workspace');
  });

  it('lets a member read but not invite (admin-only)', async () => {
    const alice = await userWithWorkspace('alice');
    const bob = await registerUser(uniqueEmail('bob'));
    const invite = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: bob.email } });
    await api('POST', `/invites/${invite.body.uid}/accept`, { token: bob.token });

    const read = await api('GET', `/workspaces/${alice.workspaceId}/users/all`, { token: bob.token });
    const write = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: bob.token, body: { email: uniqueEmail('zed') } });

    expect(read.status).toBe(200);
    expect(write.status).toBe(403);
  });

  it('says unknown invites are not found', async () => {
    const answer = await api('GET', '/invites/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('invite_not_found');
  });
});
