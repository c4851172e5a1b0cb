import { describe, expect, it } from 'vitest';
import { FIELDS_BY_TYPE, TASK_TYPES } from '#shared/schemas/task';
import { MAX_ATTACHMENT_BYTES } from '#shared/schemas/collab';
import { attachmentTypeOf, checkAttachments, fileProblem, formatBytes } from '../../web/src/modules/comments/attachment-rules';
import { recordingErrorOf, recordingMimeType } from '../../web/src/modules/comments/use-audio-recorder';
import { entrySeconds, formatClock, formatDuration, liveTotal } from '../../web/src/modules/time-tracking/duration';
import { entryTimesProblem, fromIso, toIso } from '../../web/src/modules/time-tracking/entry-times';
import { currentWeek, secondsInRange, toHours, UNKNOWN_PROJECT, weekTotals } from '../../web/src/modules/time-tracking/week-chart-data';
import { decisionProblem, linkNoun, reviewPhase, waitingCount, type ReviewPost } from '../../web/src/modules/review/review-state';
import { taskPageView, type TaskPageInput } from '../../web/src/modules/task-detail/task-page-state';
import { sectionsFor } from '../../web/src/modules/task-detail/type-sections';
import { notificationTarget, unreadCount } from '../../web/src/modules/notification-center/notification-target';
import { addableMembers } from '../../web/src/modules/project-users/use-project-users';
import type { TaskActivity } from '#shared/schemas/task';

const MB = 1024 * 1024;
const file = (name: string, size: number, type: string) => ({ name, size, type });

describe('attachment rules in the browser (spec 5: 5 MB per file, 10 files)', () => {
  it('accepts a file of exactly 5 MB and refuses one byte more, naming the problem', () => {
    expect(fileProblem(file('cut.mp4', MAX_ATTACHMENT_BYTES, 'video/mp4'))).toBeNull();
    expect(fileProblem(file('cut.mp4', MAX_ATTACHMENT_BYTES + 1, 'video/mp4'))).toBe('too_large');
  });

  it('refuses empty files and types the API does not take', () => {
    expect(fileProblem(file('empty.txt', 0, 'text/plain'))).toBe('empty');
    expect(fileProblem(file('setup.exe', 100, 'application/x-msdownload'))).toBe('bad_type');
  });

  it('takes the type from the extension when the browser leaves it blank, and drops parameters', () => {
    expect(attachmentTypeOf({ name: 'Brief.PDF', type: '' })).toBe('application/pdf');
    expect(attachmentTypeOf({ name: 'note', type: 'audio/webm;codecs=opus' })).toBe('audio/webm');
    expect(attachmentTypeOf({ name: 'noext', type: '' })).toBeUndefined();
  });

  it('flags more than 10 files and says which single file is wrong', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i}.png`, 10, 'image/png'));
    expect(checkAttachments(eleven)).toMatchObject({ tooMany: true, ok: false });
    expect(checkAttachments(eleven.slice(0, 10))).toMatchObject({ tooMany: false, ok: true });
    const mixed = checkAttachments([file('a.png', 10, 'image/png'), file('big.png', 6 * MB, 'image/png')]);
    expect(mixed.problems).toEqual([null, 'too_large']);
    expect(mixed.ok).toBe(false);
  });

  it('checks a cover against its own, narrower list of types', () => {
    expect(fileProblem(file('cover.gif', 10, 'image/gif'), ['image/png', 'image/jpeg', 'image/webp'])).toBe('bad_type');
    expect(fileProblem(file('cover.webp', 10, 'image/webp'), ['image/png', 'image/jpeg', 'image/webp'])).toBeNull();
  });

  it('shows sizes rounded up, so a file just over the limit never reads as the limit', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * MB + 1)).toBe('5.1 MB');
    expect(formatBytes(6.2 * MB)).toBe('6.2 MB');
    expect(formatBytes(12.3 * MB)).toBe('13 MB');
  });
});

describe('audio recording errors (spec 8: permission denied, browser not supported)', () => {
  it('maps the browser errors to their messages', () => {
    expect(recordingErrorOf(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(recordingErrorOf({ name: 'NotFoundError' })).toBe('no_device');
    expect(recordingErrorOf(new DOMException('x', 'NotSupportedError'))).toBe('unsupported');
    expect(recordingErrorOf(new Error('odd'))).toBe('failed');
  });

  it('records webm (opus when available) and has no type in a browser without webm', () => {
    expect(recordingMimeType({ isTypeSupported: (type) => type === 'audio/webm;codecs=opus' })).toBe('audio/webm;codecs=opus');
    expect(recordingMimeType({ isTypeSupported: (type) => type === 'audio/webm' })).toBe('audio/webm');
    expect(recordingMimeType({ isTypeSupported: () => false })).toBeUndefined();
    expect(recordingMimeType(undefined)).toBeUndefined();
  });
});

describe('durations', () => {
  it('reads a total spent in hours and minutes', () => {
    expect(formatDuration(0)).toBe('0m');
    expect(formatDuration(59)).toBe('0m');
    expect(formatDuration(25 * 60)).toBe('25m');
    expect(formatDuration(3 * 3600 + 5 * 60 + 40)).toBe('3h 05m');
    expect(formatDuration(-10)).toBe('0m');
  });

  it('shows a running clock with seconds', () => {
    expect(formatClock(249)).toBe('0:04:09');
    expect(formatClock(12 * 3600)).toBe('12:00:00');
  });

  it('counts a running entry from its start and adds it to the stored total', () => {
    const now = Date.parse('2026-03-04T10:00:00Z');
    const running = { started_at: '2026-03-04T09:30:00Z', ended_at: null, seconds: 0 };
    const done = { started_at: '2026-03-04T08:00:00Z', ended_at: '2026-03-04T08:10:00Z', seconds: 600 };
    expect(entrySeconds(running, now)).toBe(1800);
    expect(entrySeconds(done, now)).toBe(600);
    expect(liveTotal(600, [running, done], now)).toBe(2400);
  });
});

describe('manual time entry', () => {
  it('turns local date and time into ISO and back', () => {
    const iso = toIso({ date: '2026-03-04', time: '09:15' })!;
    expect(fromIso(iso)).toEqual({ date: '2026-03-04', time: '09:15' });
  });

  it('refuses impossible or incomplete values instead of rolling them over', () => {
    expect(toIso({ date: '2026-02-31', time: '10:00' })).toBeUndefined();
    expect(toIso({ date: '2026-02-10', time: '25:00' })).toBeUndefined();
    expect(toIso({ date: '', time: '10:00' })).toBeUndefined();
  });

  it('needs an end after the start and not in the future', () => {
    const now = new Date(2026, 2, 4, 12, 0);
    expect(entryTimesProblem({ date: '2026-03-04', time: '10:00' }, { date: '2026-03-04', time: '11:00' }, now)).toBeUndefined();
    expect(entryTimesProblem({ date: '2026-03-04', time: '10:00' }, { date: '2026-03-04', time: '10:00' }, now)).toBe('end_before_start');
    expect(entryTimesProblem({ date: '2026-03-04', time: '10:00' }, { date: '2026-03-04', time: '13:00' }, now)).toBe('future');
    expect(entryTimesProblem({ date: '2026-03-04', time: '' }, { date: '2026-03-04', time: '13:00' }, now)).toBe('incomplete');
  });
});

describe('the week chart', () => {
  // Wednesday 4 March 2026, noon local time.
  const now = new Date(2026, 2, 4, 12, 0);
  const at = (day: number, hour: number) => new Date(2026, 2, day, hour, 0).toISOString();
  const entry = (project: string, user: string, from: string, to: string | null) => ({
    task_uid: 't',
    project_uid: project,
    user_uid: user,
    started_at: from,
    ended_at: to,
  });

  it('runs from Monday 00:00 to the next Monday, local time', () => {
    const week = currentWeek(now);
    expect(new Date(week.start)).toEqual(new Date(2026, 2, 2, 0, 0));
    expect(new Date(week.end)).toEqual(new Date(2026, 2, 9, 0, 0));
    // A Sunday belongs to the week that started six days before.
    expect(new Date(currentWeek(new Date(2026, 2, 8, 23, 0)).start)).toEqual(new Date(2026, 2, 2));
  });

  it('clips entries crossing the week edge and counts running ones until now', () => {
    const week = currentWeek(now);
    expect(secondsInRange({ started_at: at(1, 22), ended_at: at(2, 2) }, week, now.getTime())).toBe(2 * 3600);
    expect(secondsInRange({ started_at: at(4, 11), ended_at: null }, week, now.getTime())).toBe(3600);
    expect(secondsInRange({ started_at: at(1, 8), ended_at: at(1, 9) }, week, now.getTime())).toBe(0);
  });

  it('sums per brand and per person, biggest first, leaving out last week', () => {
    const totals = weekTotals(
      [
        entry('acme', 'ana', at(2, 9), at(2, 11)),
        entry('acme', 'bo', at(3, 9), at(3, 10)),
        entry('zen', 'bo', at(4, 9), at(4, 12)),
        entry('zen', 'ana', at(1, 9), at(1, 17)),
      ],
      now,
    );
    expect(totals.byProject).toEqual([
      { key: 'acme', seconds: 3 * 3600 },
      { key: 'zen', seconds: 3 * 3600 },
    ]);
    expect(totals.byPerson).toEqual([
      { key: 'bo', seconds: 4 * 3600 },
      { key: 'ana', seconds: 2 * 3600 },
    ]);
    expect(totals.totalSeconds).toBe(6 * 3600);
    expect(toHours(totals.totalSeconds)).toBe(6);
  });

  it('puts an entry without a brand under one "unknown" bar', () => {
    const totals = weekTotals([{ task_uid: 't', user_uid: 'ana', started_at: at(3, 9), ended_at: at(3, 10) }], now);
    expect(totals.byProject).toEqual([{ key: UNKNOWN_PROJECT, seconds: 3600 }]);
  });
});

describe('the review view', () => {
  const decision = (kind: 'approved' | 'rejected', at: string) => ({ decision: kind, at, reviewer_name: 'Kim', comment: null });
  const post = (canDecide: boolean, decisions: ReviewPost['decisions'] = [], type: ReviewPost['task']['ticket_type'] = 'post') =>
    ({ can_decide: canDecide, decisions, task: { ticket_type: type } }) as unknown as ReviewPost;

  it('is open while the post waits for review, decided right after a decision, closed otherwise with the newest decision', () => {
    const older = decision('rejected', '2026-03-04T10:00:00.000Z');
    const newer = decision('approved', '2026-03-05T10:00:00.000Z');
    expect(reviewPhase(post(true), undefined)).toEqual({ kind: 'open' });
    expect(reviewPhase(post(false), 'approved')).toEqual({ kind: 'decided', decision: 'approved' });
    expect(reviewPhase(post(false, [older, newer]), undefined)).toEqual({ kind: 'closed', last: newer });
    expect(reviewPhase(post(false), undefined)).toEqual({ kind: 'closed', last: undefined });
  });

  it('calls the items posts when every one is a post, tasks otherwise, and counts those waiting', () => {
    expect(linkNoun([post(true), post(false)])).toBe('post');
    expect(linkNoun([post(true), post(true, [], 'task')])).toBe('task');
    expect(waitingCount([post(true), post(false), post(true)])).toBe(2);
  });

  it('asks for a comment when requesting changes, not when approving', () => {
    expect(decisionProblem('rejected', '  ')).toBe('comment_required');
    expect(decisionProblem('rejected', 'Shorter hook')).toBeUndefined();
    expect(decisionProblem('approved', '')).toBeUndefined();
  });
});

describe('what the task page shows', () => {
  const base: TaskPageInput = { reviewToken: null, authInitialized: true, authenticated: true, external: false, load: { status: 'loaded' } };

  it('shows the review view to whoever holds a review token, signed in or not', () => {
    expect(taskPageView({ ...base, reviewToken: 'x'.repeat(32), authenticated: false })).toBe('review');
    expect(taskPageView({ ...base, reviewToken: 'x'.repeat(32), authInitialized: false })).toBe('review');
  });

  it('waits for the session, then asks a visitor to sign in', () => {
    expect(taskPageView({ ...base, authInitialized: false })).toBe('waiting');
    expect(taskPageView({ ...base, authenticated: false, load: { status: 'idle' } })).toBe('signIn');
  });

  it('shows the task to a member, and explains a refusal', () => {
    expect(taskPageView(base)).toBe('task');
    expect(taskPageView({ ...base, load: { status: 'loading' } })).toBe('waiting');
    expect(taskPageView({ ...base, load: { status: 'error', errorStatus: 403 } })).toBe('noAccess');
    expect(taskPageView({ ...base, external: true, load: { status: 'error', errorStatus: 403 } })).toBe('external');
    expect(taskPageView({ ...base, load: { status: 'error', errorStatus: 404 } })).toBe('notFound');
    expect(taskPageView({ ...base, load: { status: 'error', errorStatus: 500 } })).toBe('failed');
  });
});

describe('type sections of the task detail', () => {
  it('shows every field of each type exactly once', () => {
    for (const type of TASK_TYPES) {
      const shown = sectionsFor(type).flatMap((section) => section.fields);
      expect([...shown].sort(), type).toEqual([...FIELDS_BY_TYPE[type]].sort());
    }
  });

  it('leads a post with what it is, then its hook, script and caption', () => {
    expect(sectionsFor('post').map((section) => section.id)).toEqual(['post', 'hook', 'script', 'caption', 'dates', 'references']);
    expect(sectionsFor('post')[0]!.fields).toContain('post_audience');
    expect(sectionsFor('reminder')[0]!.fields).toEqual(['reminder']);
  });
});

describe('the notification bell', () => {
  const origin = 'https://app.example.com';

  it('counts the unread ones', () => {
    expect(unreadCount([{ read: true }, { read: false }, { read: false }])).toBe(2);
  });

  it('switches workspace only when the notification is of another one (spec 4, push tap)', () => {
    expect(notificationTarget({ ticket_url: '/project/acme/tasks/t1', workspace_uid: 'w2' }, 'w1', origin)).toEqual({
      switchTo: 'w2',
      path: '/project/acme/tasks/t1',
      external: undefined,
    });
    expect(notificationTarget({ ticket_url: '/project/acme/tasks/t1', workspace_uid: 'w1' }, 'w1', origin).switchTo).toBeUndefined();
  });

  it('reduces a link on this origin to its path and keeps other web links apart', () => {
    expect(notificationTarget({ ticket_url: `${origin}/project/a/tasks/t?x=1`, workspace_uid: 'w1' }, 'w1', origin).path).toBe('/project/a/tasks/t?x=1');
    expect(notificationTarget({ ticket_url: 'https://elsewhere.example/t', workspace_uid: 'w1' }, 'w1', origin)).toMatchObject({
      path: undefined,
      external: 'https://elsewhere.example/t',
    });
    expect(notificationTarget({ ticket_url: 'javascript:alert(1)', workspace_uid: 'w1' }, 'w1', origin)).toMatchObject({ path: undefined, external: undefined });
  });
});

describe('adding people to a brand', () => {
  it('offers joined, non-external members who do not have access yet (a pending request can be granted)', () => {
    const team = [
      { uid: 'a', status: 'joined', role: 'member' },
      { uid: 'b', status: 'joined', role: 'member' },
      { uid: 'c', status: 'invited', role: 'member' },
      { uid: 'd', status: 'joined', role: 'External' },
      { uid: 'e', status: 'joined', role: 'admin' },
    ];
    const users = [
      { user_uid: 'a', status: 'granted' as const },
      { user_uid: 'b', status: 'requested' as const },
    ];
    expect(addableMembers(team, users).map((member) => member.uid)).toEqual(['b', 'e']);
  });
});
