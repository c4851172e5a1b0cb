import { describe, expect, it, vi } from 'vitest';
import type { InviteItem, MemberItem, AcceptOutcome } from '#data/invites';
import type { WorkspaceContext } from '#lib/context';
import { createInvite, type CreateInviteDeps } from '#core/invites/create-invite';
import { acceptInvite, type AcceptInviteDeps } from '#core/invites/accept-invite';
import { getInvite } from '#core/invites/get-invite';
import { listMyInvites } from '#core/invites/list-my-invites';
import { resendInvite } from '#core/invites/resend-invite';
import { DomainError } from '#lib/errors';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const clock = () => NOW;
const admin: WorkspaceContext = { workspaceId: 'ws1', userId: 'u-admin', email: 'admin@example.com', role: 'admin' };
const workspace = { workspaceId: 'ws1', name: 'Acme Social', ownerId: 'u-admin', whitelisted: false, createdAt: NOW.toISOString() };
const member = (email: string): MemberItem => ({ userId: `u-${email}`, email, role: 'member', status: 'joined', joinedAt: NOW.toISOString() });

const invite = (over: Partial<InviteItem> = {}): InviteItem => ({
  workspaceId: 'ws1',
  inviteId: 'tok-1',
  workspaceName: 'Acme Social',
  email: 'bob@example.com',
  role: 'member',
  status: 'pending',
  invitedBy: 'admin@example.com',
  createdAt: '2026-11-20T10:00:00.000Z',
  validUntil: '2026-11-27T10:00:00.000Z',
  ...over,
});

const createDeps = (over: Partial<CreateInviteDeps> = {}): CreateInviteDeps => ({
  clock,
  newToken: () => 'tok-new',
  appUrl: 'https://app.example.com',
  getWorkspace: async () => workspace,
  listTeam: async () => ({ members: [member('admin@example.com')], invites: [] }),
  putInviteUnlessLive: async () => true,
  deleteInvite: async () => undefined,
  sendEmail: async () => undefined,
  ...over,
});

const code = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return (error as DomainError).code;
  }
  return 'no error';
};

describe('creating an invite', () => {
  it('stores a 7-day invite and queues an email carrying its link', async () => {
    const sendEmail = vi.fn(async () => undefined);
    const put = vi.fn(async () => true);
    const result = await createInvite(createDeps({ sendEmail, putInviteUnlessLive: put }), admin, { email: 'bob@example.com', role: 'member' });

    expect(result).toMatchObject({ uid: 'tok-new', status: 'pending', workspace_name: 'Acme Social', expires_at: '2026-11-28T10:00:00.000Z' });
    expect(sendEmail).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'bob@example.com', data: expect.objectContaining({ inviteUrl: 'https://app.example.com/invite/tok-new' }) }),
    );
    expect(put).toHaveBeenCalledOnce();
  });

  it('refuses a person who is already a member', async () => {
    const deps = createDeps({ listTeam: async () => ({ members: [member('bob@example.com')], invites: [] }) });
    expect(await code(createInvite(deps, admin, { email: 'bob@example.com', role: 'member' }))).toBe('user_already_in_workspace');
  });

  it('refuses a person holding a live invite', async () => {
    const deps = createDeps({ putInviteUnlessLive: async () => false });
    expect(await code(createInvite(deps, admin, { email: 'bob@example.com', role: 'member' }))).toBe('user_already_invited');
  });

  it('removes the invite again when its email cannot be queued', async () => {
    const deleteInvite = vi.fn(async () => undefined);
    const deps = createDeps({ deleteInvite, sendEmail: async () => Promise.reject(new Error('queue down')) });
    await expect(createInvite(deps, admin, { email: 'bob@example.com', role: 'member' })).rejects.toThrow('queue down');
    expect(deleteInvite).toHaveBeenCalledWith(admin, 'bob@example.com');
  });
});

describe('accepting an invite', () => {
  const bob = { userId: 'u-bob', email: 'bob@example.com', emailVerified: true };
  const acceptDeps = (current: InviteItem | undefined, outcome: AcceptOutcome = 'joined', over: Partial<AcceptInviteDeps> = {}): AcceptInviteDeps => ({
    clock,
    findInviteByToken: async () => current,
    acceptInviteTransaction: async () => outcome,
    findMembership: async () => ({ workspaceId: 'ws1', userId: 'u-bob', email: 'bob@example.com', role: 'member', status: 'joined', joinedAt: NOW.toISOString() }),
    getWorkspace: async () => workspace,
    ...over,
  });

  it('joins the workspace with the invite role', async () => {
    const result = await acceptInvite(acceptDeps(invite()), bob, 'tok-1');
    expect(result).toMatchObject({ role: 'member', status: 'joined', workspaces: { uid: 'ws1', name: 'Acme Social' } });
  });

  it('needs a verified email address, before anything else', async () => {
    const transaction = vi.fn(async (): Promise<AcceptOutcome> => 'joined');
    const deps = acceptDeps(invite(), 'joined', { acceptInviteTransaction: transaction });
    expect(await code(acceptInvite(deps, { ...bob, emailVerified: false }, 'tok-1'))).toBe('email_not_verified');
    expect(transaction).not.toHaveBeenCalled();
  });

  it('is not for another account', async () => {
    expect(await code(acceptInvite(acceptDeps(invite()), { ...bob, email: 'eve@example.com' }, 'tok-1'))).toBe('invite_wrong_account');
  });

  it('says expired past its validity', async () => {
    expect(await code(acceptInvite(acceptDeps(invite({ validUntil: '2026-11-21T09:59:59.000Z' })), bob, 'tok-1'))).toBe('invite_expired');
  });

  it('says not found for an unknown or withdrawn invite', async () => {
    expect(await code(acceptInvite(acceptDeps(undefined), bob, 'nope'))).toBe('invite_not_found');
    expect(await code(acceptInvite(acceptDeps(invite({ status: 'revoked' })), bob, 'tok-1'))).toBe('invite_not_found');
  });

  it('answers the same membership when the caller accepted already (double click)', async () => {
    const transaction = vi.fn(async (): Promise<AcceptOutcome> => 'joined');
    const deps = acceptDeps(invite({ status: 'accepted', acceptedBy: 'u-bob' }), 'joined', { acceptInviteTransaction: transaction });
    const result = await acceptInvite(deps, bob, 'tok-1');
    expect(result.workspaces.uid).toBe('ws1');
    expect(transaction).not.toHaveBeenCalled();
  });

  it('refuses an invite accepted by someone else', async () => {
    expect(await code(acceptInvite(acceptDeps(invite({ status: 'accepted', acceptedBy: 'u-other' })), bob, 'tok-1'))).toBe('invite_not_found');
  });

  it('retries a transaction cancelled by a racing write and answers the membership', async () => {
    let reads = 0;
    const deps = acceptDeps(invite(), 'conflict', {
      // The racing request commits meanwhile: the second read sees the invite accepted by Bob.
      findInviteByToken: async () => (reads++ === 0 ? invite() : invite({ status: 'accepted', acceptedBy: 'u-bob' })),
    });
    const result = await acceptInvite(deps, bob, 'tok-1');
    expect(result.workspaces.uid).toBe('ws1');
    expect(reads).toBe(2);
  });

  it('reports an existing member', async () => {
    expect(await code(acceptInvite(acceptDeps(invite(), 'already_member'), bob, 'tok-1'))).toBe('user_already_in_workspace');
  });
});

describe('reading invites', () => {
  it('shows a pending invite past its validity as expired', async () => {
    const result = await getInvite({ clock, findInviteByToken: async () => invite({ validUntil: '2026-11-01T00:00:00.000Z' }) }, 'tok-1');
    expect(result.status).toBe('expired');
  });

  it('lists only the live invites of my email, newest first', async () => {
    const invites = [
      invite({ inviteId: 'old', createdAt: '2026-11-19T00:00:00.000Z' }),
      invite({ inviteId: 'new', createdAt: '2026-11-20T12:00:00.000Z' }),
      invite({ inviteId: 'gone', validUntil: '2026-11-20T00:00:00.000Z' }),
      invite({ inviteId: 'used', status: 'accepted' }),
    ];
    const result = await listMyInvites({ clock, listInvitesOfEmail: async () => invites }, { userId: 'u-bob', email: 'bob@example.com', emailVerified: true });
    expect(result.map((i) => i.uid)).toEqual(['new', 'old']);
  });
});

describe('my invites need a verified email', () => {
  it('lists nothing to an address the caller has not verified (email_not_verified)', async () => {
    const listInvitesOfEmail = vi.fn(async () => [invite()]);
    const unverified = { userId: 'u-bob', email: 'bob@example.com', emailVerified: false };
    await expect(listMyInvites({ clock, listInvitesOfEmail }, unverified)).rejects.toMatchObject({ code: 'email_not_verified' });
    expect(listInvitesOfEmail).not.toHaveBeenCalled();
  });
});

describe('resending an invite', () => {
  const resendDeps = (found: InviteItem | undefined) => ({
    clock,
    appUrl: 'https://app.example',
    findInviteByToken: vi.fn(async () => found),
    sendEmail: vi.fn(async (_message: unknown) => {}),
  });

  it('mails the same link again under a new dedupe key (one per minute: a double click mails once)', async () => {
    const deps = resendDeps(invite());
    const answer = await resendInvite(deps, admin, 'tok-1');
    expect(answer).toMatchObject({ uid: 'tok-1', status: 'pending' });
    const [message] = deps.sendEmail.mock.calls[0]!;
    expect(message).toMatchObject({
      template: 'invite',
      to: invite().email,
      dedupeKey: `invite:tok-1:resent:${Math.floor(NOW.getTime() / 60_000)}`,
      data: { inviteUrl: 'https://app.example/invite/tok-1', inviterEmail: 'admin@example.com' },
    });
  });

  it('refuses an invite of another workspace, a withdrawn or accepted one (invite_not_found) and an expired one (invite_expired)', async () => {
    for (const other of [undefined, invite({ workspaceId: 'ws2' }), invite({ status: 'revoked' }), invite({ status: 'accepted' })]) {
      await expect(resendInvite(resendDeps(other), admin, 'tok-1')).rejects.toMatchObject({ code: 'invite_not_found' });
    }
    await expect(resendInvite(resendDeps(invite({ validUntil: '2026-11-20T00:00:00.000Z' })), admin, 'tok-1')).rejects.toMatchObject({ code: 'invite_expired' });
  });
});
