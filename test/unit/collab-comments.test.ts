import { describe, expect, it, vi } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import type { CommentItem, TaskFileLists } from '#data/comments';
import type { GuardedOutcome } from '#data/conditions';
import type { TaskItem } from '#data/tasks';
import { createComment } from '#core/comments/create-comment';
import { deleteComment } from '#core/comments/delete-comment';
import { listComments } from '#core/comments/list-comments';
import { pendingKey, taskFileKey } from '#core/uploads/keys';
import { clock, code, ctx, memoryClaims, memoryStore, noPause, NOW, opener, task } from './collab-fixtures';

/** A file's key, and the key alice (the caller of ctx()) uploaded it to. */
const key = (name: string, taskId = 't1', workspaceId = 'ws1') => taskFileKey(workspaceId, taskId, 'abcdefgh', name);
const upload = (name: string, taskId = 't1', workspaceId = 'ws1', userId = 'alice') => pendingKey(userId, key(name, taskId, workspaceId));

const createDeps = (objects: Parameters<typeof memoryStore>[0] = {}, outcomes: GuardedOutcome[] = ['done']) => {
  const { store, stored, used } = memoryStore(objects);
  const { claimUploads, claimed } = memoryClaims();
  const saved: CommentItem[] = [];
  return {
    stored,
    used,
    saved,
    claimed,
    deps: {
      claimUploads,
      retryTiming: noPause,
      clock,
      newCommentId: () => 'c1',
      openTask: opener(),
      createCommentTransaction: vi.fn(async (comment: CommentItem) => {
        const outcome = outcomes.shift() ?? 'done';
        if (outcome === 'done') saved.push(comment);
        return outcome;
      }),
      getUserName: async (userId: string) => (userId === 'alice' ? 'Alice A.' : undefined),
      store,
      audience: { getMemberships: async () => [], getProjectMembers: async () => [] },
    },
  };
};

describe('createComment', () => {
  it('saves text with checked attachments and audio, and answers signed links and the author name', async () => {
    const { deps, saved, used, stored } = createDeps({
      [upload('brief.pdf')]: { size: 2048, contentType: 'application/pdf' },
      [upload('note.webm')]: { size: 900, contentType: 'audio/webm' },
    });
    const answer = await createComment(deps, ctx(), 't1', { text: 'Looks good', attachments: [upload('brief.pdf')], audio: upload('note.webm') });
    expect(answer).toEqual({
      uid: 'c1', task_uid: 't1', author: 'alice', author_name: 'Alice A.', text: 'Looks good', mentions: [], created_at: NOW.toISOString(),
      attachments: [{ key: key('brief.pdf'), name: 'brief.pdf', size: 2048, content_type: 'application/pdf', url: expect.stringContaining('download=brief.pdf') }],
      audio: { key: key('note.webm'), name: 'note.webm', size: 900, content_type: 'audio/webm', url: expect.any(String) },
    });
    expect(saved[0]).toMatchObject({
      attachments: [{ key: key('brief.pdf'), commentId: 'c1' }],
      audio: [{ key: key('note.webm'), commentId: 'c1' }],
    });
    expect([...used]).toEqual(expect.arrayContaining([key('brief.pdf'), key('note.webm')]));
    expect([...stored.keys()].sort()).toEqual([key('brief.pdf'), key('note.webm')].sort());
  });

  it('refuses a comment with nothing in it', async () => {
    expect(await code(createComment(createDeps().deps, ctx(), 't1', { text: '' }))).toBe('comment_empty');
    expect(await code(createComment(createDeps().deps, ctx(), 't1', { attachments: [] }))).toBe('comment_empty');
  });

  it("refuses a key of another task or workspace without deleting it (it is not the caller's)", async () => {
    for (const foreign of [upload('a.png', 't2'), upload('a.png', 't1', 'ws2'), pendingKey('alice', 'workspaces/ws1/tickets/t1/../t2/abcdefgh/a.png')]) {
      const { deps, stored } = createDeps({ [foreign]: { size: 1, contentType: 'image/png' } });
      expect(await code(createComment(deps, ctx(), 't1', { attachments: [foreign] }))).toBe('attachment_invalid');
      expect(stored.has(foreign)).toBe(true);
    }
  });

  it("refuses another person's upload and a confirmed file, of any type, touching neither", async () => {
    for (const foreign of [upload('a.png', 't1', 'ws1', 'bob'), key('a.png')]) {
      const { deps, stored } = createDeps({ [foreign]: { size: 1, contentType: 'image/png' } });
      expect(await code(createComment(deps, ctx(), 't1', { audio: foreign }))).toBe('attachment_invalid');
      expect(await code(createComment(deps, ctx(), 't1', { attachments: [foreign] }))).toBe('attachment_invalid');
      expect(stored.has(foreign)).toBe(true);
      expect(deps.store.deleteObjects).not.toHaveBeenCalled();
    }
  });

  it('uses an upload for one comment, once', async () => {
    const { deps, saved } = createDeps({ [upload('a.png')]: { size: 1, contentType: 'image/png' } });
    expect(await code(createComment(deps, ctx(), 't1', { attachments: [upload('a.png')] }))).toBe('resolved');
    deps.store.headObject.mockResolvedValueOnce({ size: 1, contentType: 'image/png' }); // the presigned URL used again
    expect(await code(createComment(deps, ctx(), 't1', { attachments: [upload('a.png')] }))).toBe('attachment_invalid');
    expect(saved).toHaveLength(1);
    expect(deps.store.copyObject).toHaveBeenCalledTimes(1);
  });

  it('deletes an object larger than declared and refuses it before saving anything', async () => {
    const { deps, stored, saved } = createDeps({ [upload('huge.png')]: { size: MAX_ATTACHMENT_BYTES + 1, contentType: 'image/png' } });
    expect(await code(createComment(deps, ctx(), 't1', { text: 'see', attachments: [upload('huge.png')] }))).toBe('attachment_too_large');
    expect(stored.size).toBe(0);
    expect(saved).toEqual([]);
  });

  it('takes only an audio type as the audio, and refuses the same key twice', async () => {
    const { deps, stored } = createDeps({ [upload('pic.png')]: { size: 1, contentType: 'image/png' } });
    expect(await code(createComment(deps, ctx(), 't1', { audio: upload('pic.png') }))).toBe('attachment_invalid');
    expect(stored.size).toBe(0);
    const twice = createDeps({ [upload('a.png')]: { size: 1, contentType: 'image/png' } });
    expect(await code(createComment(twice.deps, ctx(), 't1', { attachments: [upload('a.png'), upload('a.png')] }))).toBe('attachment_invalid');
  });

  it('answers task_not_found when the task went away before the transaction', async () => {
    expect(await code(createComment(createDeps({}, ['stale']).deps, ctx(), 't1', { text: 'hi' }))).toBe('task_not_found');
    expect(await code(createComment(createDeps().deps, ctx(), 'missing', { text: 'hi' }))).toBe('task_not_found');
  });

  it('deletes the confirmed copies when the task went away before the transaction', async () => {
    const { deps, stored } = createDeps({ [upload('a.png')]: { size: 1, contentType: 'image/png' } }, ['stale']);
    expect(await code(createComment(deps, ctx(), 't1', { attachments: [upload('a.png')] }))).toBe('task_not_found');
    expect(stored.size).toBe(0);
  });

  it('retries a transaction conflict after a pause', async () => {
    const { deps, saved } = createDeps({}, ['conflict', 'done']);
    const sleep = vi.fn(async () => {});
    expect(await code(createComment({ ...deps, retryTiming: { sleep, random: () => 0.5 } }, ctx(), 't1', { text: 'hi' }))).toBe('resolved');
    expect(saved).toHaveLength(1);
    expect(sleep).toHaveBeenCalledTimes(1);
  });
});

describe('deleteComment', () => {
  const file = (name: string, commentId: string) => ({ key: key(name), name, size: 1, contentType: 'image/png', commentId });
  const comment = (over: Partial<CommentItem> = {}): CommentItem => ({
    workspaceId: 'ws1', taskId: 't1', commentId: 'c1', author: 'bob', text: 'x', attachments: [file('a.png', 'c1')], audio: [], createdAt: NOW.toISOString(), ...over,
  });
  const deps = (current: TaskItem, outcomes: GuardedOutcome[] = ['done'], found: CommentItem | null = comment()) => ({
    openTask: opener(() => current),
    getCommentItem: vi.fn(async () => found ?? undefined),
    deleteCommentTransaction: vi.fn(async (_c: CommentItem, _read: TaskFileLists) => outcomes.shift() ?? 'done'),
    deleteObjects: vi.fn(async () => undefined),
  });
  const withFiles = task({ attachments: [file('a.png', 'c1'), file('b.png', 'c2')] });

  it('lets the author delete, with the task lists as read, then deletes the files', async () => {
    const d = deps(withFiles);
    await deleteComment(d, ctx('bob', 'member'), 't1', 'c1');
    expect(d.deleteCommentTransaction).toHaveBeenCalledWith(comment(), { attachments: withFiles.attachments, audio: undefined });
    expect(d.deleteObjects).toHaveBeenCalledWith([key('a.png')]);
  });

  it("lets a workspace admin delete anyone's comment, and nobody else", async () => {
    expect(await code(deleteComment(deps(withFiles), ctx('alice', 'admin'), 't1', 'c1'))).toBe('resolved');
    const d = deps(withFiles);
    expect(await code(deleteComment(d, ctx('carol', 'member'), 't1', 'c1'))).toBe('comment_not_yours');
    expect(d.deleteObjects).not.toHaveBeenCalled();
    expect(await code(deleteComment(deps(withFiles, [], null), ctx(), 't1', 'c1'))).toBe('comment_not_found');
  });

  it('reads again and retries when the task lists changed meanwhile', async () => {
    const d = deps(withFiles, ['stale', 'done']);
    await deleteComment(d, ctx('bob', 'member'), 't1', 'c1');
    expect(d.deleteCommentTransaction).toHaveBeenCalledTimes(2);
    expect(d.openTask).toHaveBeenCalledTimes(2);
  });
});

describe('listComments', () => {
  it('answers the comments in order with names (null when unknown) and signed links', async () => {
    const { store } = memoryStore();
    const items: CommentItem[] = [
      { workspaceId: 'ws1', taskId: 't1', commentId: 'c1', author: 'alice', text: 'first', createdAt: NOW.toISOString() },
      { workspaceId: 'ws1', taskId: 't1', commentId: 'c2', author: 'bob', text: '', audio: [{ key: key('n.webm'), name: 'n.webm', size: 5, contentType: 'audio/webm', commentId: 'c2' }], createdAt: NOW.toISOString() },
    ];
    const out = await listComments(
      { openTask: opener(), listCommentItems: async () => items, getUserNames: async () => new Map([['alice', 'Alice']]), signDownload: store.signDownload },
      ctx(),
      't1',
    );
    expect(out.map((c) => [c.uid, c.author_name, c.attachments.length, c.audio?.name ?? null])).toEqual([
      ['c1', 'Alice', 0, null],
      ['c2', null, 0, 'n.webm'],
    ]);
  });
});
