import { describe, expect, it, vi } from 'vitest';
import { MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import type { CommentItem, TaskFileLists } from '#data/comments';
import type { GuardedOutcome } from '#data/conditions';
import type { TaskItem } from '#data/tasks';
import { createComment } from '#core/comments/create-comment';
import { deleteComment } from '#core/comments/delete-comment';
import { listComments } from '#core/comments/list-comments';
import { taskFileKey } from '#core/uploads/keys';
import { clock, code, ctx, memoryStore, NOW, opener, task } from './collab-fixtures';

const key = (name: string, taskId = 't1', workspaceId = 'ws1') => taskFileKey(workspaceId, taskId, 'abcdefgh', name);

const createDeps = (objects: Parameters<typeof memoryStore>[0] = {}, outcomes: GuardedOutcome[] = ['done']) => {
  const { store, stored, used } = memoryStore(objects);
  const saved: CommentItem[] = [];
  return {
    stored,
    used,
    saved,
    deps: {
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
    },
  };
};

describe('createComment', () => {
  it('saves text with checked attachments and audio, and answers signed links and the author name', async () => {
    const { deps, saved, used } = createDeps({
      [key('brief.pdf')]: { size: 2048, contentType: 'application/pdf' },
      [key('note.webm')]: { size: 900, contentType: 'audio/webm' },
    });
    const answer = await createComment(deps, ctx(), 't1', { text: 'Looks good', attachments: [key('brief.pdf')], audio: key('note.webm') });
    expect(answer).toEqual({
      uid: 'c1', task_uid: 't1', author: 'alice', author_name: 'Alice A.', text: 'Looks good', created_at: NOW.toISOString(),
      attachments: [{ key: key('brief.pdf'), name: 'brief.pdf', size: 2048, content_type: 'application/pdf', url: expect.stringContaining('download=brief.pdf') }],
      audio: { key: key('note.webm'), name: 'note.webm', size: 900, content_type: 'audio/webm', url: expect.any(String) },
    });
    expect(saved[0]).toMatchObject({
      attachments: [{ key: key('brief.pdf'), commentId: 'c1' }],
      audio: [{ key: key('note.webm'), commentId: 'c1' }],
    });
    expect([...used]).toEqual(expect.arrayContaining([key('brief.pdf'), key('note.webm')]));
  });

  it('refuses a comment with nothing in it', async () => {
    expect(await code(createComment(createDeps().deps, ctx(), 't1', { text: '' }))).toBe('comment_empty');
    expect(await code(createComment(createDeps().deps, ctx(), 't1', { attachments: [] }))).toBe('comment_empty');
  });

  it("refuses a key of another task or workspace without deleting it (it is not the caller's)", async () => {
    for (const foreign of [key('a.png', 't2'), key('a.png', 't1', 'ws2'), 'workspaces/ws1/tickets/t1/../t2/abcdefgh/a.png']) {
      const { deps, stored } = createDeps({ [foreign]: { size: 1, contentType: 'image/png' } });
      expect(await code(createComment(deps, ctx(), 't1', { attachments: [foreign] }))).toBe('attachment_invalid');
      expect(stored.has(foreign)).toBe(true);
    }
  });

  it('deletes an object larger than declared and refuses it before saving anything', async () => {
    const { deps, stored, saved } = createDeps({ [key('huge.png')]: { size: MAX_ATTACHMENT_BYTES + 1, contentType: 'image/png' } });
    expect(await code(createComment(deps, ctx(), 't1', { text: 'see', attachments: [key('huge.png')] }))).toBe('attachment_too_large');
    expect(stored.size).toBe(0);
    expect(saved).toEqual([]);
  });

  it('takes only an audio type as the audio, and refuses the same key twice', async () => {
    const { deps, stored } = createDeps({ [key('pic.png')]: { size: 1, contentType: 'image/png' } });
    expect(await code(createComment(deps, ctx(), 't1', { audio: key('pic.png') }))).toBe('attachment_invalid');
    expect(stored.size).toBe(0);
    const twice = createDeps({ [key('a.png')]: { size: 1, contentType: 'image/png' } });
    expect(await code(createComment(twice.deps, ctx(), 't1', { attachments: [key('a.png'), key('a.png')] }))).toBe('attachment_invalid');
  });

  it('answers task_not_found when the task went away before the transaction', async () => {
    expect(await code(createComment(createDeps({}, ['stale']).deps, ctx(), 't1', { text: 'hi' }))).toBe('task_not_found');
    expect(await code(createComment(createDeps().deps, ctx(), 'missing', { text: 'hi' }))).toBe('task_not_found');
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
