import { describe, expect, it } from 'vitest';
import { automaticWatchers, commentEvents, reviewDecisionEvents } from '#core/notifications/events';
import { watchersOf } from '#core/notifications/watchers';
import type { TaskItem } from '#data/tasks';

const task = { workspaceId: 'w1', taskId: 't1', projectId: 'p1', number: 7, summary: 'Summer reel', createdBy: 'ann', assignee: 'bob' } as TaskItem;
const project = { projectId: 'p1', name: 'Saltwater', slug: 'saltwater' };
const now = new Date('2026-11-24T10:00:00Z');

describe('watchers', () => {
  it('are the creator and the assignee unless they stopped, then whoever chose to, each once', () => {
    expect(watchersOf(['ann', 'bob'], [])).toEqual(['ann', 'bob']);
    expect(watchersOf(['ann', 'bob'], [{ userId: 'cy', watching: true }, { userId: 'ann', watching: false }])).toEqual(['bob', 'cy']);
    // A creator who stopped and chose again watches again (the latest choice is the one stored).
    expect(watchersOf(['ann'], [{ userId: 'ann', watching: true }])).toEqual(['ann']);
    expect(watchersOf([], [{ userId: 'cy', watching: false }])).toEqual([]);
    expect(automaticWatchers({ createdBy: 'ann', assignee: 'ann' })).toEqual(['ann']);
    expect(automaticWatchers({ createdBy: 'ann' })).toEqual(['ann']);
  });

  it('events for watchers name the creator and assignee of the moment; the personal ones stay recipients', () => {
    const [comment] = commentEvents({ task, project, now, actorId: 'ann', text: 'Hi', mentions: ['cy'] });
    expect(comment).toMatchObject({ kind: 'comment', recipients: [{ userId: 'cy', kind: 'mention' }], watchers: ['ann', 'bob'] });
    const [decision] = reviewDecisionEvents({ task, project, now, sharedBy: 'dee' }, { decision: 'approved' });
    expect(decision).toMatchObject({ kind: 'review_decision', recipients: [{ userId: 'dee', kind: 'review_decision' }], watchers: ['ann', 'bob'] });
    // A comment nobody is mentioned in still goes to the fan-out: watchers who chose to are only known there.
    expect(commentEvents({ task, project, now, actorId: 'ann', text: 'Hi', mentions: [] })).toHaveLength(1);
  });
});
