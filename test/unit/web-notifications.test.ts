import { describe, expect, it } from 'vitest';
import { mentionedIds, mentionToken, plainMentions, splitMentions } from '#shared/mentions';
import { NOTIFICATION_KINDS } from '#shared/schemas/collab';
import type { TaskItem } from '#data/tasks';
import { assignmentEvents, commentEvents, recipientsOf, reviewDecisionEvents } from '#core/notifications/events';
import { describeEvent, windowOf } from '#core/notifications/fan-out';
import { offOf, settingsOf } from '#core/notifications/settings';
import { insertMention, matchMentionables, mentionQueryAt, toStoredText } from '../../web/src/modules/comments/internal/mention-draft';

const task = (over: Partial<TaskItem> = {}) =>
  ({ workspaceId: 'ws1', taskId: 't1', number: 7, summary: 'Summer reel', projectId: 'p1', createdBy: 'olive', assignee: 'sam', ...over }) as TaskItem;
const project = { projectId: 'p1', name: 'Café', slug: 'cafe' };
const now = new Date('2026-11-24T10:00:30Z');

describe('mention tokens', () => {
  it('store the user id beside the name, and read back in order, once each', () => {
    const text = `Hi ${mentionToken('Sam [S]', 'sam')} and ${mentionToken('Rita', 'rita')}, ${mentionToken('Sam', 'sam')}!`;
    expect(text).toContain('@[Sam S](sam)');
    expect(mentionedIds(text)).toEqual(['sam', 'rita']);
    expect(plainMentions(text)).toBe('Hi @Sam S and @Rita, @Sam!');
    expect(splitMentions('@[Rita](rita) ok').map((part) => part.kind)).toEqual(['mention', 'text']);
  });
});

describe('the comment box', () => {
  it('finds the @query before the caret, inserts the picked name and posts it as a token', () => {
    const typed = 'Ask @sa';
    expect(mentionQueryAt(typed, typed.length)).toEqual({ start: 4, query: 'sa' });
    expect(mentionQueryAt('mail@example', 12)).toBeUndefined();
    const next = insertMention(typed, 4, typed.length, 'Sam Stone');
    expect(next).toEqual({ text: 'Ask @Sam Stone ', caret: 15 });
    expect(toStoredText(`${next.text}and @Sam`, [{ name: 'Sam Stone', userId: 'sam' }])).toBe('Ask @[Sam Stone](sam) and @Sam');
    const people = [
      { userId: 'sam', name: 'Sam Stone', email: 'sam@x.io' },
      { userId: 'rita', name: 'Rita Sams', email: 'rita@x.io' },
    ];
    expect(matchMentionables(people, 'sa').map((p) => p.userId)).toEqual(['rita', 'sam']);
    expect(matchMentionables(people, 'st').map((p) => p.userId)).toEqual(['sam']);
  });
});

describe('who hears of what', () => {
  it('never the actor, and once per person, a mention winning over a comment', () => {
    expect(recipientsOf([{ userId: 'a', kind: 'mention' }, { userId: 'a', kind: 'comment' }, { userId: 'me', kind: 'comment' }], 'me')).toEqual([
      { userId: 'a', kind: 'mention' },
    ]);
  });

  it('a review decision reaches the sharer, and the watchers: the assignee and the creator (with whoever chose to, at the fan-out)', () => {
    const [event] = reviewDecisionEvents({ task: task(), project, now, sharedBy: 'lena' }, { decision: 'approved', reviewerName: 'Rita' });
    expect(event!.recipients.map((r) => r.userId)).toEqual(['lena']);
    expect(event!.watchers).toEqual(['olive', 'sam']);
    expect(event).toMatchObject({ kind: 'review_decision', decision: 'approved', reviewerName: 'Rita', taskPath: '/project/cafe/tasks/t1' });
    expect(event!.actorId).toBeUndefined();
  });

  it('a comment reaches the mentioned as a mention, and the watchers (creator and assignee) as a comment; the author is left out at the fan-out', () => {
    const [event] = commentEvents({ task: task(), project, now, actorId: 'olive', text: `see ${mentionToken('Rita', 'rita')}`, mentions: ['rita'] });
    expect(event!.recipients).toEqual([{ userId: 'rita', kind: 'mention' }]);
    expect(event!.watchers).toEqual(['olive', 'sam']);
    expect(event!.excerpt).toBe('see @Rita');
    // Without a mention it still goes out: who chose to watch is only known at the fan-out.
    expect(commentEvents({ task: task({ assignee: undefined }), project, now, actorId: 'olive', text: 'mine', mentions: [] })).toHaveLength(1);
  });

  it('an assignment reaches the new assignee only, and nobody when one assigns oneself or nothing changed', () => {
    expect(assignmentEvents({ task: task(), project, now, actorId: 'olive', previousAssignee: undefined })[0]!.recipients).toEqual([{ userId: 'sam', kind: 'assignment' }]);
    expect(assignmentEvents({ task: task(), project, now, actorId: 'sam', previousAssignee: undefined })).toEqual([]);
    expect(assignmentEvents({ task: task(), project, now, actorId: 'olive', previousAssignee: 'sam' })).toEqual([]);
  });

  it('reads as a sentence in the bell and the email', () => {
    const [event] = reviewDecisionEvents({ task: task(), project, now, sharedBy: 'lena' }, { decision: 'rejected' });
    expect(describeEvent(event!, 'review_decision', 'x', 'Studio')).toEqual({ title: 'Your reviewer requested changes on #7 Summer reel', body: 'Café · Studio' });
  });
});

describe('settings and windows', () => {
  it('store only what is turned off; everything else is on', () => {
    const all = settingsOf([]);
    expect(NOTIFICATION_KINDS.every((kind) => all[kind].in_app && all[kind].email && all[kind].push)).toBe(true);
    const some = { ...all, comment: { in_app: true, email: false, push: true }, mention: { in_app: true, email: true, push: false } };
    expect(offOf(some)).toEqual(['comment.email', 'mention.push']);
    expect(settingsOf(offOf(some))).toEqual(some);
  });

  it('put a moment in the window that holds it', () => {
    expect(windowOf(now, 60)).toBe(Date.parse('2026-11-24T10:00:00Z') / 1000);
  });
});
