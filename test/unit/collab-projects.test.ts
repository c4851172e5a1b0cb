import { describe, expect, it, vi } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import type { Membership } from '#data/memberships';
import type { NotificationItem } from '#data/notifications';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import { listProjectUsers, removeProjectUser } from '#core/projects/project-users';
import { confirmCover, createCoverUpload } from '#core/projects/project-cover';
import { toProjectWithCover } from '#core/projects/project-rules';
import { listNotifications, readNotification } from '#core/notifications/notifications';
import { coverKey, pendingKey } from '#core/uploads/keys';
import { clock, code, ctx, memoryClaims, memoryStore, noPause, NOW, project } from './collab-fixtures';

const pm = (userId: string, over: Partial<ProjectMemberItem> = {}): ProjectMemberItem => ({
  workspaceId: 'ws1', projectId: 'p1', userId, role: 'member', status: 'granted', updatedAt: NOW.toISOString(), ...over,
});
const membership = (userId: string, status: Membership['status'] = 'joined'): Membership => ({
  workspaceId: 'ws1', userId, email: `${userId}@acme.com`, role: 'member', status, joinedAt: NOW.toISOString(),
});

describe('project users', () => {
  const members = [pm('alice', { role: 'owner' }), pm('dave', { status: 'requested' }), pm('bob', { role: 'admin' }), pm('carol'), pm('gone')];
  const deps = () => ({
    getProjectWithMembers: vi.fn(async () => ({ project: project(), members })),
    getMemberships: vi.fn(async (_c: unknown, ids: readonly string[]) => ids.map((id) => membership(id, id === 'gone' ? 'invited' : 'joined'))),
    getUserNames: vi.fn(async () => new Map([['bob', 'Bob B.']])),
    removeProjectMember: vi.fn(async () => true),
  });

  it('lists granted people (owner and admins first) then requests, with email and name, to a project admin', async () => {
    expect(await listProjectUsers(deps(), ctx('bob', 'member'), 'p1')).toEqual([
      { user_uid: 'alice', email: 'alice@acme.com', name: null, role: 'owner', status: 'granted' },
      { user_uid: 'bob', email: 'bob@acme.com', name: 'Bob B.', role: 'admin', status: 'granted' },
      { user_uid: 'carol', email: 'carol@acme.com', name: null, role: 'member', status: 'granted' },
      { user_uid: 'dave', email: 'dave@acme.com', name: null, role: 'member', status: 'requested' },
    ]);
    expect(await code(listProjectUsers(deps(), ctx('erin', 'admin'), 'p1'))).toBe('resolved');
  });

  it('refuses an unknown project', async () => {
    const none = { ...deps(), getProjectWithMembers: async () => ({ members: [] }) };
    expect(await code(listProjectUsers(none, ctx(), 'p1'))).toBe('project_not_found');
  });

  it('removes a member or declines a request, never the owner', async () => {
    const d = deps();
    await removeProjectUser(d, ctx('bob', 'member'), 'p1', 'dave');
    expect(d.removeProjectMember).toHaveBeenCalledWith(ctx('bob', 'member'), 'p1', 'dave');
    expect(await code(removeProjectUser(deps(), ctx('erin', 'admin'), 'p1', 'alice'))).toBe('workspace_edit_user_failure');
    expect(await code(removeProjectUser(deps(), ctx(), 'p1', 'nobody'))).toBe('not_found');
  });
});

describe('project cover', () => {
  const key = coverKey('ws1', 'p1', 'abcdefgh', 'Cover Photo.PNG');
  /** Where alice, the caller of ctx(), uploads it. */
  const upload = pendingKey('alice', key);
  const deps = (objects: Parameters<typeof memoryStore>[0], current: ProjectItem = project(), member: ProjectMemberItem | undefined = pm('alice', { role: 'owner' })) => {
    const { store, stored } = memoryStore(objects);
    let saved = current;
    return {
      stored,
      deps: {
        clock,
        newRandom: () => 'abcdefgh',
        presignUpload: store.presignUpload,
        getProjectAndMember: vi.fn(async () => ({ project: saved, member })),
        setProjectCover: vi.fn(async (read: ProjectItem, k: string) => ((saved = { ...read, coverUrl: k }), true)),
        claimUploads: memoryClaims().claimUploads,
        store,
        retryTiming: noPause,
      },
    };
  };

  it('presigns a cover upload under the project', async () => {
    const { deps: d } = deps({});
    expect(await createCoverUpload(d, ctx('alice', 'member'), 'p1', { name: 'Cover Photo.PNG', size: 1000, content_type: 'image/png' })).toMatchObject({
      key: upload, name: 'cover-photo.png', headers: { 'content-type': 'image/png' },
    });
  });

  it('sets a checked cover, answers a signed link (never the key), and deletes the previous cover', async () => {
    const previous = coverKey('ws1', 'p1', 'oldoldold', 'old.png');
    const { deps: d, stored } = deps({ [upload]: { size: 1000, contentType: 'image/png' }, [previous]: { size: 5, contentType: 'image/png' } }, project({ coverUrl: previous }));
    const answer = await confirmCover(d, ctx('alice', 'member'), 'p1', upload);
    expect(answer.cover_url).toBe(`https://bucket.example/${key}?download=cover-photo.png`);
    expect(d.setProjectCover).toHaveBeenCalledWith(project({ coverUrl: previous }), key, NOW.toISOString());
    expect(stored.has(previous)).toBe(false);
    expect(stored.has(key)).toBe(true);
    expect(stored.has(upload)).toBe(false);
  });

  it('deletes the confirmed copy when the project went meanwhile', async () => {
    const { deps: d, stored } = deps({ [upload]: { size: 1000, contentType: 'image/png' } });
    d.getProjectAndMember.mockResolvedValueOnce({ project: project(), member: pm('alice', { role: 'owner' }) }).mockResolvedValueOnce({ project: undefined, member: undefined } as never);
    expect(await code(confirmCover(d, ctx(), 'p1', upload))).toBe('project_not_found');
    expect(stored.size).toBe(0);
  });

  it('confirms an upload once: the same key again is attachment_invalid and the cover stays', async () => {
    const { deps: d, stored } = deps({ [upload]: { size: 1000, contentType: 'image/png' } });
    await confirmCover(d, ctx(), 'p1', upload);
    stored.set(upload, { size: 1000, contentType: 'image/png' }); // the presigned URL used again
    expect(await code(confirmCover(d, ctx(), 'p1', upload))).toBe('attachment_invalid');
    expect(d.store.copyObject).toHaveBeenCalledTimes(1);
  });

  it('refuses a key of another project (attachment_invalid) and deletes a too large or non-image upload', async () => {
    for (const other of [pendingKey('alice', coverKey('ws1', 'p2', 'abcdefgh', 'c.png')), pendingKey('bob', key), key]) {
      const foreign = deps({ [other]: { size: 1, contentType: 'application/pdf' } });
      expect(await code(confirmCover(foreign.deps, ctx(), 'p1', other))).toBe('attachment_invalid');
      expect(foreign.stored.has(other)).toBe(true);
    }
    const big = deps({ [upload]: { size: MAX_ATTACHMENT_BYTES + 1, contentType: 'image/png' } });
    expect(await code(confirmCover(big.deps, ctx(), 'p1', upload))).toBe('attachment_too_large');
    expect(big.stored.size).toBe(0);
    const pdf = deps({ [upload]: { size: 10, contentType: 'application/pdf' } });
    expect(await code(confirmCover(pdf.deps, ctx(), 'p1', upload))).toBe('attachment_invalid');
    expect(pdf.stored.size).toBe(0);
  });

  it('shows a project without a cover as null, never the stored key', async () => {
    const sign = vi.fn(async (k: string) => `signed:${k}`);
    expect((await toProjectWithCover(sign, project(), true)).cover_url).toBeNull();
    expect((await toProjectWithCover(sign, project({ coverUrl: key }), true)).cover_url).toBe(`signed:${key}`);
  });
});

describe('notifications', () => {
  const item: NotificationItem = {
    userId: 'bob', notificationId: 'n1', type: 'reminder', title: 'Reminder: #7', body: 'Acme', ticketUrl: '/project/acme/tasks/t1', workspaceId: 'ws1', read: false, createdAt: NOW.toISOString(),
  };
  const caller = { userId: 'bob', email: 'bob@acme.com', emailVerified: true };

  it('lists the newest 50 of the caller', async () => {
    const listNotificationItems = vi.fn(async () => [item]);
    expect(await listNotifications({ listNotificationItems }, caller)).toEqual([
      { uid: 'n1', type: 'reminder', title: 'Reminder: #7', body: 'Acme', ticket_url: '/project/acme/tasks/t1', workspace_uid: 'ws1', read: false, created_at: NOW.toISOString() },
    ]);
    expect(listNotificationItems).toHaveBeenCalledWith('bob', 50);
  });

  it('marks one of mine read; anything else is notification_not_found', async () => {
    expect(await readNotification({ markNotificationRead: async () => ({ ...item, read: true }) }, caller, 'n1')).toMatchObject({ read: true });
    expect(await code(readNotification({ markNotificationRead: async () => undefined }, caller, 'n2'))).toBe('notification_not_found');
  });
});
