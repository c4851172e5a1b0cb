import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { APP_CONFIG_PATH, type AppConfig } from '#shared/app-config';
import { api, baseUrl, PASSWORD, registerUser, signIn, uniqueEmail, userWithWorkspace } from './support/api';
import { joinWorkspace, rolesOf, userIdOf } from './support/team';

/**
 * The team rules of spec 6 through the API: at least one admin, never the last user, the owner untouchable,
 * delete only what you own and never the only one you own, revoked links die, and the admin guard holds when
 * two writes race. Each test builds its own workspace.
 */
const patchRole = (token: string, workspaceId: string, userId: string, role: string) =>
  api('PATCH', `/workspaces/${workspaceId}/users/${userId}`, { token, body: { role } });
const remove = (token: string, workspaceId: string, userId: string) => api('DELETE', `/workspaces/${workspaceId}/users/${userId}`, { token });

describe('keeping a workspace manageable', () => {
  it('keeps at least one admin: the only admin can neither step down nor leave', async () => {
    const alice = await userWithWorkspace('alice');
    await joinWorkspace(alice, alice.workspaceId, 'member', 'bob');
    const aliceId = userIdOf(alice.token);

    const demoted = await patchRole(alice.token, alice.workspaceId, aliceId, 'member');
    const left = await remove(alice.token, alice.workspaceId, aliceId);

    expect(demoted.status).toBe(409);
    expect(demoted.body).toEqual({ code: 'workspace_min_one', message: 'You must have at least 1 admin on this workspace.' });
    expect(left.body.code).toBe('workspace_min_one');
    expect((await rolesOf(alice, alice.workspaceId))[aliceId]).toBe('admin');
  });

  it('never removes the last user', async () => {
    const solo = await userWithWorkspace('solo');

    const answer = await remove(solo.token, solo.workspaceId, userIdOf(solo.token));

    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('workspace_last_user');
  });

  it("refuses to change the owner's role or remove the owner, even for another admin", async () => {
    const alice = await userWithWorkspace('alice');
    const ann = await joinWorkspace(alice, alice.workspaceId, 'admin', 'ann');
    const aliceId = userIdOf(alice.token);

    const answers = await Promise.all([
      patchRole(ann.token, alice.workspaceId, aliceId, 'member'),
      remove(ann.token, alice.workspaceId, aliceId),
      patchRole(alice.token, alice.workspaceId, aliceId, 'external'),
    ]);

    expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(3).fill([409, 'workspace_edit_user_failure']));
    expect(await rolesOf(alice, alice.workspaceId)).toMatchObject({ [aliceId]: 'admin', [ann.userId]: 'admin' });
  });

  it('changes roles and removes members within the rules', async () => {
    const alice = await userWithWorkspace('alice');
    const bob = await joinWorkspace(alice, alice.workspaceId, 'member', 'bob');

    const promoted = await patchRole(alice.token, alice.workspaceId, bob.userId, 'admin');
    const selfDemoted = await patchRole(bob.token, alice.workspaceId, bob.userId, 'external');
    const removed = await remove(alice.token, alice.workspaceId, bob.userId);

    expect(promoted.body).toMatchObject({ uid: bob.userId, role: 'admin' });
    expect(selfDemoted.body).toMatchObject({ role: 'external' });
    expect(removed.status).toBe(204);
    expect(await rolesOf(alice, alice.workspaceId)).toEqual({ [userIdOf(alice.token)]: 'admin' });
    expect((await api('GET', `/workspaces/${alice.workspaceId}`, { token: bob.token })).status).toBe(403);
  });

  it('shows a member with the name from their profile', async () => {
    const alice = await userWithWorkspace('alice');
    const bob = await joinWorkspace(alice, alice.workspaceId, 'member', 'bob');
    await api('PATCH', '/me', { token: bob.token, body: { name: 'Bob Baker' } });

    const one = await api('GET', `/workspaces/${alice.workspaceId}/users/${bob.userId}`, { token: alice.token });
    const found = await api('GET', `/workspaces/${alice.workspaceId}/users/all?search=BAKER`, { token: alice.token });

    expect(one.body).toMatchObject({ name: 'Bob Baker', email: bob.email });
    expect(found.body.map((m: { uid: string }) => m.uid)).toEqual([bob.userId]);
  });
});

describe('deleting workspaces', () => {
  it('deletes only a workspace the caller owns, and never the only one they own', async () => {
    const alice = await userWithWorkspace('alice');
    const ann = await joinWorkspace(alice, alice.workspaceId, 'admin', 'ann');

    const byAdmin = await api('DELETE', `/workspaces/${alice.workspaceId}`, { token: ann.token });
    const onlyOne = await api('DELETE', `/workspaces/${alice.workspaceId}`, { token: alice.token });

    expect([byAdmin.status, byAdmin.body]).toEqual([403, { code: 'workspace_delete_own', message: 'You can only delete the workspaces you own.' }]);
    expect([onlyOne.status, onlyOne.body.code]).toEqual([409, 'workspace_no_delete']);
  });

  it('makes a deleted workspace gone for everyone: routes, lists and invite links', async () => {
    const alice = await userWithWorkspace('alice', 'Doomed');
    const keep = await api('POST', '/workspaces', { token: alice.token, body: { name: 'Kept' } });
    const bob = await joinWorkspace(alice, alice.workspaceId, 'member', 'bob');
    const invite = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: uniqueEmail('carol') } });

    const deleted = await api('DELETE', `/workspaces/${alice.workspaceId}`, { token: alice.token });

    expect(deleted.status).toBe(204);
    expect((await api('GET', '/workspaces', { token: alice.token })).body.map((w: any) => w.workspaces.uid)).toEqual([keep.body.workspaces.uid]);
    expect((await api('GET', '/workspaces', { token: bob.token })).body).toEqual([]);
    expect((await api('GET', `/workspaces/${alice.workspaceId}`, { token: alice.token })).status).toBe(403);
    expect((await api('GET', `/invites/${invite.body.uid}`)).status).toBe(404);
    const again = await api('DELETE', `/workspaces/${keep.body.workspaces.uid}`, { token: alice.token });
    expect(again.body.code).toBe('workspace_no_delete');
  });

  it('keeps one when the owner deletes their two workspaces at the same moment', async () => {
    const alice = await userWithWorkspace('alice', 'First');
    const second = await api('POST', '/workspaces', { token: alice.token, body: { name: 'Second' } });
    const ids = [alice.workspaceId, second.body.workspaces.uid as string];

    const answers = await Promise.all(ids.map((id) => api('DELETE', `/workspaces/${id}`, { token: alice.token })));

    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('workspace_no_delete');
    expect((await api('GET', '/workspaces', { token: alice.token })).body).toHaveLength(1);
  });
});

describe('revoking an invite', () => {
  it('kills its link: the page and accepting both answer invite_not_found, and the person can be invited again', async () => {
    const alice = await userWithWorkspace('alice');
    const carol = await registerUser(uniqueEmail('carol'));
    const invite = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: carol.email } });

    const revoked = await api('DELETE', `/workspaces/${alice.workspaceId}/invites/${invite.body.uid}`, { token: alice.token });

    expect(revoked.status).toBe(204);
    const page = await api('GET', `/invites/${invite.body.uid}`);
    expect([page.status, page.body.code]).toEqual([404, 'invite_not_found']);
    const accept = await api('POST', `/invites/${invite.body.uid}/accept`, { token: carol.token });
    expect([accept.status, accept.body.code]).toEqual([404, 'invite_not_found']);
    const team = await api('GET', `/workspaces/${alice.workspaceId}/users/all`, { token: alice.token });
    expect(team.body.map((m: { email: string }) => m.email)).not.toContain(carol.email);
    expect((await api('GET', '/me/invites', { token: carol.token })).body).toEqual([]);
    expect((await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: carol.email } })).status).toBe(201);
  });

  it("is not found from another workspace's admin who knows the uid", async () => {
    const alice = await userWithWorkspace('alice');
    const mallory = await userWithWorkspace('mallory');
    const invite = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email: uniqueEmail('carol') } });

    const answer = await api('DELETE', `/workspaces/${mallory.workspaceId}/invites/${invite.body.uid}`, { token: mallory.token });

    expect([answer.status, answer.body.code]).toEqual([404, 'invite_not_found']);
    expect((await api('GET', `/invites/${invite.body.uid}`)).body.status).toBe('pending');
  });
});

describe('email verification', () => {
  it('refuses to accept an invite before the email address is verified', async () => {
    const alice = await userWithWorkspace('alice');
    const email = uniqueEmail('unverified');
    const cognito = new CognitoIdentityProviderClient({
      endpoint: inject('cognitoEndpoint'),
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { userPoolId } = (await (await fetch(`${baseUrl()}${APP_CONFIG_PATH}`)).json()) as AppConfig;
    await cognito.send(
      new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'false' }] }),
    );
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: PASSWORD, Permanent: true }));
    const unverified = await signIn(email);
    const invite = await api('POST', `/workspaces/${alice.workspaceId}/invites`, { token: alice.token, body: { email } });

    const answer = await api('POST', `/invites/${invite.body.uid}/accept`, { token: unverified.token });
    const profile = await api('GET', '/me', { token: unverified.token });

    expect([answer.status, answer.body]).toEqual([403, { code: 'email_not_verified', message: 'Email must be verified' }]);
    expect(profile.body).toMatchObject({ email, email_verified: false });
  });
});

describe('the admin guard under concurrency', () => {
  it('two admins demoting each other at once leave the workspace with an admin (API)', async () => {
    const alice = await userWithWorkspace('alice');
    const [bob, cat] = await Promise.all([
      joinWorkspace(alice, alice.workspaceId, 'admin', 'bob'),
      joinWorkspace(alice, alice.workspaceId, 'admin', 'cat'),
    ]);

    const answers = await Promise.all([
      patchRole(bob.token, alice.workspaceId, cat.userId, 'member'),
      patchRole(cat.token, alice.workspaceId, bob.userId, 'member'),
    ]);

    // A request whose caller was demoted before the gate read them answers 403; none fails otherwise.
    for (const answer of answers) expect([200, 403], JSON.stringify(answer.body)).toContain(answer.status);
    const roles = await rolesOf(alice, alice.workspaceId);
    expect(Object.values(roles)).toContain('admin');
    expect(roles[userIdOf(alice.token)]).toBe('admin');
  });

  describe('at the data layer, where no owner rule helps', () => {
    let data: typeof import('#data/memberships');

    beforeAll(async () => {
      // The guarded write against the stack's real DynamoDB Local, from this process.
      Object.assign(process.env, inject('functionEnv'));
      data = await import('#data/memberships');
    });

    it.each([1, 2, 3, 4, 5])('round %i: two admins demoting each other at once never both succeed', async () => {
      const alice = await userWithWorkspace('alice');
      const bob = await joinWorkspace(alice, alice.workspaceId, 'admin', 'bob');
      const aliceId = userIdOf(alice.token);
      const demote = (userId: string, keeper: string) =>
        data.changeMembershipGuarded({ workspaceId: alice.workspaceId, userId, expectedRole: 'admin', change: { role: 'member' }, keeper });

      const outcomes = await Promise.all([demote(aliceId, bob.userId), demote(bob.userId, aliceId)]);

      // DynamoDB may cancel both (TransactionConflict) but never commit both.
      const done = outcomes.filter((o) => o === 'done').length;
      expect(done).toBeLessThanOrEqual(1);
      const members = await Promise.all([aliceId, bob.userId].map((id) => data.findMembership(alice.workspaceId, id)));
      expect(members.filter((m) => m?.role === 'admin')).toHaveLength(2 - done);
    });
  });
});
