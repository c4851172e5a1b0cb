import { describe, expect, it, vi } from 'vitest';
import type { Role } from '#shared/constants';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { InviteItem, MemberItem } from '#data/invites';
import type { GuardedMemberChange } from '#data/memberships';
import type { GuardedOutcome } from '#data/conditions';
import type { WorkspaceItem } from '#data/workspaces';
import { planMemberChange } from '#core/team/member-rules';
import { updateMember, type MemberChangeDeps } from '#core/team/update-member';
import { removeMember } from '#core/team/remove-member';
import { getMember } from '#core/team/get-member';
import { listTeam } from '#core/team/list-team';
import { revokeInvite, type RevokeInviteDeps } from '#core/invites/revoke-invite';
import { deleteWorkspace, type DeleteWorkspaceDeps } from '#core/workspaces/delete-workspace';
import { updateWorkspace } from '#core/workspaces/update-workspace';
import { getProfile } from '#core/profile/get-profile';
import { updateProfile } from '#core/profile/update-profile';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const clock = () => NOW;
const noPause = async () => undefined;

const member = (userId: string, role: Role): MemberItem => ({ userId, email: `${userId}@acme.com`, role, status: 'joined', joinedAt: '2026-11-01T00:00:00.000Z' });
const workspace = (over: Partial<WorkspaceItem> = {}): WorkspaceItem => ({
  workspaceId: 'ws1', name: 'Acme', ownerId: 'owner', whitelisted: false, createdAt: '2026-11-10T00:00:00.000Z', ...over,
});
const ctx = (userId = 'owner', role: Role = 'admin'): WorkspaceContext => ({ workspaceId: 'ws1', userId, email: `${userId}@acme.com`, role });

const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
  return 'no error';
};
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as DomainError).code;
  }
  return 'no error';
};

describe('the team rules', () => {
  const owner = member('owner', 'admin');

  it('refuses to remove the last user', () => {
    expect(codeOf(() => planMemberChange([owner], 'owner', 'owner', 'remove'))).toBe('workspace_last_user');
  });

  it('keeps at least one admin: the last admin can be neither demoted nor removed', () => {
    const team = [owner, member('bob', 'member')];
    expect(codeOf(() => planMemberChange(team, 'owner', 'owner', { role: 'member' }))).toBe('workspace_min_one');
    expect(codeOf(() => planMemberChange(team, 'owner', 'owner', 'remove'))).toBe('workspace_min_one');
  });

  it("refuses to change the owner's role or remove the owner", () => {
    const team = [owner, member('ann', 'admin')];
    expect(codeOf(() => planMemberChange(team, 'owner', 'owner', { role: 'external' }))).toBe('workspace_edit_user_failure');
    expect(codeOf(() => planMemberChange(team, 'owner', 'owner', 'remove'))).toBe('workspace_edit_user_failure');
  });

  it('demotes an admin while another admin stays, naming the owner as the admin the write checks', () => {
    const plan = planMemberChange([owner, member('ann', 'admin'), member('zed', 'admin')], 'owner', 'ann', { role: 'member' });
    expect(plan).toMatchObject({ noop: false, keeper: 'owner', target: { userId: 'ann' } });
  });

  it('falls back to another admin as keeper when the owner is not one', () => {
    const plan = planMemberChange([member('owner', 'member'), member('zed', 'admin'), member('ann', 'admin')], 'owner', 'zed', 'remove');
    expect(plan.keeper).toBe('ann');
  });

  it('needs no keeper when the member is not an admin, and nothing to write for the same role', () => {
    const team = [owner, member('bob', 'member')];
    expect(planMemberChange(team, 'owner', 'bob', 'remove').keeper).toBeUndefined();
    expect(planMemberChange(team, 'owner', 'bob', { role: 'member' }).noop).toBe(true);
  });

  it('does not find someone outside the team', () => {
    expect(codeOf(() => planMemberChange([owner], 'owner', 'stranger', { role: 'admin' }))).toBe('not_found');
  });
});

/** A team kept in memory, whose guarded write behaves like the DynamoDB transaction (conditions on role and keeper). */
const fakeTeamStore = (initial: MemberItem[], ownerId = 'owner') => {
  const members = new Map(initial.map((m) => [m.userId, { ...m }]));
  const change = vi.fn(async ({ userId, expectedRole, change: what, keeper }: GuardedMemberChange): Promise<GuardedOutcome> => {
    const target = members.get(userId);
    if (target?.role !== expectedRole) return 'stale';
    if (keeper && members.get(keeper)?.role !== 'admin') return 'stale';
    if (what === 'remove') members.delete(userId);
    else target.role = what.role;
    return 'done';
  });
  const deps: MemberChangeDeps = {
    listTeam: async () => ({ members: [...members.values()].map((m) => ({ ...m })), invites: [] }),
    getUserNames: async () => new Map([['ann', 'Ann Lee']]),
    getWorkspace: async () => workspace({ ownerId }),
    changeMembershipGuarded: change,
    retryTiming: { sleep: noPause },
  };
  return { members, change, deps };
};

describe('changing a role', () => {
  it('promotes a member and answers them with their name', async () => {
    const store = fakeTeamStore([member('owner', 'admin'), member('ann', 'member')]);
    const result = await updateMember(store.deps, ctx(), 'ann', { role: 'admin' });
    expect(result).toMatchObject({ uid: 'ann', name: 'Ann Lee', role: 'admin', status: 'joined' });
    expect(store.change).toHaveBeenCalledWith(expect.objectContaining({ expectedRole: 'member', change: { role: 'admin' }, keeper: undefined }));
  });

  it('decides again on fresh data when the guarded write finds the team changed', async () => {
    // Two admins besides nobody: ann and zed, the owner has left the admin role in this made-up state.
    const store = fakeTeamStore([member('owner', 'member'), member('ann', 'admin'), member('zed', 'admin')]);
    // zed demotes ann while, in between our read and our write, ann demoted zed.
    const raceOnce = store.change.getMockImplementation()!;
    store.change.mockImplementationOnce(async (change) => {
      store.members.get('zed')!.role = 'member';
      return raceOnce(change);
    });
    expect(await code(updateMember(store.deps, ctx('zed'), 'ann', { role: 'member' }))).toBe('workspace_min_one');
    expect([...store.members.values()].filter((m) => m.role === 'admin').map((m) => m.userId)).toEqual(['ann']);
  });

  it('gives up after a few attempts on items that keep changing, with service_busy (503)', async () => {
    const store = fakeTeamStore([member('owner', 'admin'), member('ann', 'member')]);
    store.change.mockImplementation(async () => 'conflict');
    expect(await code(updateMember(store.deps, ctx(), 'ann', { role: 'admin' }))).toBe('service_busy');
    expect(store.change).toHaveBeenCalledTimes(5);
  });
});

describe('removing a member', () => {
  it('removes a member', async () => {
    const store = fakeTeamStore([member('owner', 'admin'), member('bob', 'member')]);
    await removeMember(store.deps, ctx(), 'bob');
    expect([...store.members.keys()]).toEqual(['owner']);
  });

  it('refuses the owner, the last admin and the last user', async () => {
    expect(await code(removeMember(fakeTeamStore([member('owner', 'admin'), member('ann', 'admin')]).deps, ctx('ann'), 'owner'))).toBe(
      'workspace_edit_user_failure',
    );
    expect(await code(removeMember(fakeTeamStore([member('owner', 'admin'), member('bob', 'member')]).deps, ctx(), 'owner'))).toBe('workspace_min_one');
    expect(await code(removeMember(fakeTeamStore([member('owner', 'admin')]).deps, ctx(), 'owner'))).toBe('workspace_last_user');
  });

  it('lets an admin who is not the owner leave while another admin stays', async () => {
    const store = fakeTeamStore([member('owner', 'admin'), member('ann', 'admin')]);
    await removeMember(store.deps, ctx('ann'), 'ann');
    expect(store.change).toHaveBeenCalledWith(expect.objectContaining({ userId: 'ann', change: 'remove', keeper: 'owner' }));
  });
});

describe('reading a member and the team with names', () => {
  it('answers a member with the name of their profile', async () => {
    const deps = { findMembership: async () => ({ ...member('ann', 'member'), workspaceId: 'ws1' }), getUser: async () => ({ userId: 'ann', email: 'ann@acme.com', name: 'Ann Lee', updatedAt: '' }) };
    expect(await getMember(deps, ctx(), 'ann')).toMatchObject({ uid: 'ann', name: 'Ann Lee', role: 'member' });
    expect(await code(getMember({ ...deps, findMembership: async () => undefined }, ctx(), 'x'))).toBe('not_found');
  });

  it('searches the team by name as well as email', () => {
    const rows = listTeam(clock, { members: [{ ...member('ann', 'member'), name: 'Ann Lee' }, member('bob', 'member')], invites: [] }, { search: 'lee' });
    expect(rows.map((r) => r.uid)).toEqual(['ann']);
  });
});

describe('revoking an invite', () => {
  const invite = (over: Partial<InviteItem> = {}): InviteItem => ({
    workspaceId: 'ws1', inviteId: 'tok', workspaceName: 'Acme', email: 'bob@acme.com', role: 'member', status: 'pending', invitedBy: 'owner@acme.com', createdAt: '', validUntil: '', ...over,
  });
  const deps = (current: InviteItem | undefined, revoked = true): RevokeInviteDeps => ({
    findInviteByToken: async () => current,
    revokePendingInvite: vi.fn(async () => revoked),
  });

  it('flips a pending invite to revoked', async () => {
    const d = deps(invite());
    await revokeInvite(d, ctx(), 'tok');
    expect(d.revokePendingInvite).toHaveBeenCalledWith(ctx(), expect.objectContaining({ email: 'bob@acme.com', inviteId: 'tok' }));
  });

  it('is not found from another workspace, nor when accepted already; revoking twice is fine', async () => {
    expect(await code(revokeInvite(deps(invite({ workspaceId: 'other' })), ctx(), 'tok'))).toBe('invite_not_found');
    expect(await code(revokeInvite(deps(invite({ status: 'accepted' })), ctx(), 'tok'))).toBe('invite_not_found');
    expect(await code(revokeInvite(deps(invite({ status: 'revoked' })), ctx(), 'tok'))).toBe('no error');
  });
});

describe('deleting a workspace', () => {
  const membership = (workspaceId: string) => ({ workspaceId, userId: 'owner', email: 'owner@acme.com', role: 'admin' as const, status: 'joined' as const, joinedAt: '' });
  const deps = (over: Partial<DeleteWorkspaceDeps> = {}): DeleteWorkspaceDeps => ({
    clock,
    getWorkspace: async () => workspace(),
    listMembershipsOfUser: async () => [membership('ws1'), membership('ws2'), membership('ws3')],
    getWorkspacesOfMemberships: async (ms) =>
      ms.map(({ workspaceId }) => workspace({ workspaceId, ownerId: workspaceId === 'ws3' ? 'someone-else' : 'owner' })),
    tombstoneWorkspace: vi.fn(async (): Promise<GuardedOutcome> => 'done'),
    purgeWorkspace: vi.fn(async () => undefined),
    purgeFiles: vi.fn(async () => undefined),
    onPurgeError: vi.fn(),
    retryTiming: { sleep: noPause },
    ...over,
  });

  it('tombstones a workspace the caller owns, keeping another they own, then purges it and queues its files\' purge', async () => {
    const d = deps();
    await deleteWorkspace(d, ctx());
    expect(d.tombstoneWorkspace).toHaveBeenCalledWith({ workspaceId: 'ws1', ownerId: 'owner', keep: 'ws2', deletedAt: NOW.toISOString() });
    expect(d.purgeWorkspace).toHaveBeenCalledWith('ws1');
    expect(d.purgeFiles).toHaveBeenCalledWith('ws1');
  });

  it('queues the files\' purge even when the table purge fails, and reports each failure', async () => {
    const d = deps({ purgeWorkspace: async () => Promise.reject(new Error('throttled')) });
    expect(await code(deleteWorkspace(d, ctx()))).toBe('no error');
    expect(d.purgeFiles).toHaveBeenCalledWith('ws1');
    const queueDown = deps({ purgeFiles: async () => Promise.reject(new Error('queue down')) });
    expect(await code(deleteWorkspace(queueDown, ctx()))).toBe('no error');
    expect(queueDown.purgeWorkspace).toHaveBeenCalledWith('ws1');
    expect(queueDown.onPurgeError).toHaveBeenCalledWith(expect.objectContaining({ message: 'queue down' }), 'ws1');
  });

  it('refuses a workspace the caller does not own', async () => {
    expect(await code(deleteWorkspace(deps(), ctx('ann')))).toBe('workspace_delete_own');
  });

  it('refuses the only workspace the caller owns', async () => {
    const d = deps({ listMembershipsOfUser: async () => [membership('ws1'), membership('ws3')] });
    expect(await code(deleteWorkspace(d, ctx()))).toBe('workspace_no_delete');
    expect(d.tombstoneWorkspace).not.toHaveBeenCalled();
  });

  it('decides again when the workspace it keeps was deleted meanwhile', async () => {
    let deletedMeanwhile = false;
    const d = deps({
      getWorkspacesOfMemberships: async (ms) => ms.filter(({ workspaceId }) => !(deletedMeanwhile && workspaceId === 'ws2')).map(({ workspaceId }) => workspace({ workspaceId })),
      tombstoneWorkspace: vi.fn(async () => ((deletedMeanwhile = true), 'stale' as const)),
      listMembershipsOfUser: async () => [membership('ws1'), membership('ws2')],
    });
    expect(await code(deleteWorkspace(d, ctx()))).toBe('workspace_no_delete');
  });

  it('answers success when the purge fails, reporting it (the tombstone already hides everything)', async () => {
    const d = deps({ purgeWorkspace: async () => Promise.reject(new Error('throttled')) });
    expect(await code(deleteWorkspace(d, ctx()))).toBe('no error');
    expect(d.onPurgeError).toHaveBeenCalledWith(expect.any(Error), 'ws1');
  });
});

describe('renaming a workspace', () => {
  it('answers the renamed workspace, or not found when it was deleted meanwhile', async () => {
    const renamed = await updateWorkspace({ clock, renameWorkspace: async (_c, name) => workspace({ name }), signDownload: async () => 'signed' }, ctx(), { name: 'New name' });
    expect(renamed).toMatchObject({ uid: 'ws1', name: 'New name', active: true });
    expect(await code(updateWorkspace({ clock, renameWorkspace: async () => undefined, signDownload: async () => 'signed' }, ctx(), { name: 'x' }))).toBe('company_account_not_found');
  });
});

describe('the profile', () => {
  const caller = { userId: 'u1', email: 'ann@acme.com', emailVerified: false };

  it('answers identity from the token and the name from the stored profile (null until set)', async () => {
    expect(await getProfile({ getUser: async () => undefined }, caller)).toEqual({ uid: 'u1', email: 'ann@acme.com', email_verified: false, name: null });
  });

  it('saves the name', async () => {
    const saveUserName = vi.fn(async (user: { userId: string; email: string; name: string; updatedAt: string }) => user);
    expect(await updateProfile({ clock, saveUserName }, caller, { name: 'Ann Lee' })).toMatchObject({ name: 'Ann Lee' });
    expect(saveUserName).toHaveBeenCalledWith({ userId: 'u1', email: 'ann@acme.com', name: 'Ann Lee', updatedAt: NOW.toISOString() });
  });
});
