import { describe, expect, it } from 'vitest';
import {
  canTransition,
  DEFAULT_STATUS_FILTER,
  FINISHED_STATUSES,
  PIPELINE_STATUSES,
  REVIEWABLE_STATUSES,
  STATUS_TRANSITIONS,
  TASK_STATUSES,
  type TaskStatus,
} from '#shared/schemas/task';
import { BOARD_ORDER, boardColumns, isCollapsed, moveRefusal } from '../../web/src/modules/tasks/internal/kanban-columns';
import { readBoardLayout, writeBoardLayout } from '../../web/src/modules/tasks/internal/kanban-layout';
import { byDueDay, CALENDAR_STATUSES } from '../../web/src/modules/tasks/internal/calendar-range';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
};

describe('the transition table', () => {
  it('lets a team make its usual moves in one step', () => {
    const oneStep: [TaskStatus, TaskStatus][] = [
      ['todo', 'needs_approval'],
      ['todo', 'in_review'],
      ['in_progress', 'needs_approval'],
      ['in_progress', 'in_review'],
      ['draft', 'in_progress'],
      ['draft', 'todo'],
      ['needs_approval', 'approved'],
      ['in_review', 'rejected'],
      ['rejected', 'needs_approval'],
      ['approved', 'published'],
      ['approved', 'posted'],
      ['published', 'posted'],
      ['published', 'approved'],
      ['posted', 'done'],
      ['done', 'todo'],
      ['will_not_do', 'todo'],
    ];
    for (const [from, to] of oneStep) expect(canTransition(from, to), `${from} → ${to}`).toBe(true);
  });

  it('reaches approved, published or posted only through a review', () => {
    const beforeReview: TaskStatus[] = ['draft', 'todo', 'in_progress', 'paused', 'blocked', 'rejected', 'done', 'will_not_do'];
    for (const from of beforeReview) {
      for (const to of ['approved', 'published', 'posted'] as const) expect(canTransition(from, to), `${from} → ${to}`).toBe(false);
    }
    for (const from of REVIEWABLE_STATUSES) expect(STATUS_TRANSITIONS[from]).not.toContain('published');
  });

  it('names only real statuses, never the status itself, and leaves no status a dead end', () => {
    for (const from of TASK_STATUSES) {
      expect(STATUS_TRANSITIONS[from].length, from).toBeGreaterThan(0);
      expect(STATUS_TRANSITIONS[from], from).not.toContain(from);
      for (const to of STATUS_TRANSITIONS[from]) expect(TASK_STATUSES).toContain(to);
    }
  });

  it('lets every open status reach the review in at most two moves', () => {
    for (const from of DEFAULT_STATUS_FILTER.filter((status) => !REVIEWABLE_STATUSES.includes(status) && !['approved', 'published'].includes(status))) {
      const reachable = new Set([...STATUS_TRANSITIONS[from], ...STATUS_TRANSITIONS[from].flatMap((next) => STATUS_TRANSITIONS[next])]);
      expect(REVIEWABLE_STATUSES.some((status) => reachable.has(status)), from).toBe(true);
    }
  });
});

describe('the board columns', () => {
  it('default to the pipeline, Draft to Posted, with the open detours left out while empty', () => {
    const columns = boardColumns(DEFAULT_STATUS_FILTER, 'pipeline');

    expect(columns.filter((column) => !column.optional).map((column) => column.status)).toEqual([...PIPELINE_STATUSES]);
    expect(columns.filter((column) => column.optional).map((column) => column.status)).toEqual(['paused', 'blocked', 'rejected']);
    expect(columns.map((column) => column.status)).not.toContain('done');
  });

  it('show every status in workflow order when asked, none left out', () => {
    const columns = boardColumns(DEFAULT_STATUS_FILTER, 'all');

    expect(columns.map((column) => column.status)).toEqual([...BOARD_ORDER]);
    expect(new Set(BOARD_ORDER)).toEqual(new Set(TASK_STATUSES));
    expect(columns.every((column) => !column.optional)).toBe(true);
  });

  it('follow a status filter that names statuses of its own', () => {
    expect(boardColumns(['posted', 'needs_approval'], 'pipeline')).toEqual([
      { status: 'needs_approval', optional: false },
      { status: 'posted', optional: false },
    ]);
    // An empty filter or every status: the layout decides.
    expect(boardColumns([], 'pipeline')).toEqual(boardColumns(DEFAULT_STATUS_FILTER, 'pipeline'));
    expect(boardColumns([...TASK_STATUSES], 'pipeline')).toEqual(boardColumns(DEFAULT_STATUS_FILTER, 'pipeline'));
  });

  it('narrow a finished column, and an empty one once loaded, unless the reader opened it', () => {
    for (const status of FINISHED_STATUSES) expect(isCollapsed(status, { loading: false, count: 5 })).toBe(true);
    expect(isCollapsed('todo', { loading: false, count: 0 })).toBe(true);
    expect(isCollapsed('todo', { loading: true, count: 0 })).toBe(false);
    expect(isCollapsed('todo', { loading: false, count: 2 })).toBe(false);
    expect(isCollapsed('done', { loading: false, count: 5, chosen: true })).toBe(false);
    expect(isCollapsed('todo', { loading: false, count: 2, chosen: false })).toBe(true);
  });

  it('keep no more open columns than the pipeline on a default board, so a laptop never gets 13 wide ones', () => {
    const wide = boardColumns(DEFAULT_STATUS_FILTER, 'all').filter(({ status }) => !isCollapsed(status, { loading: false, count: 1 }));
    expect(wide.length).toBeLessThanOrEqual(TASK_STATUSES.length - FINISHED_STATUSES.length);
  });
});

describe('a refused drop', () => {
  it('says a review comes first when the card skips it', () => {
    expect(moveRefusal('todo', 'published')).toEqual({ kind: 'review', via: ['needs_approval', 'in_review'] });
    expect(moveRefusal('in_progress', 'approved')).toEqual({ kind: 'review', via: ['needs_approval', 'in_review'] });
  });

  it('names where the card may go otherwise, in board order', () => {
    expect(moveRefusal('posted', 'todo')).toEqual({ kind: 'step', allowed: ['in_progress', 'done'] });
    expect(moveRefusal('paused', 'draft')).toEqual({ kind: 'step', allowed: ['todo', 'in_progress', 'blocked', 'will_not_do'] });
  });

  it('says approval comes first for a card waiting for review', () => {
    expect(moveRefusal('needs_approval', 'published')).toEqual({ kind: 'approve' });
    expect(moveRefusal('in_review', 'posted')).toEqual({ kind: 'approve' });
  });

  it('is nothing for an allowed move', () => {
    expect(moveRefusal('todo', 'needs_approval')).toBeUndefined();
  });
});

describe('the remembered board layout', () => {
  it('is the pipeline until a person chooses, and each person keeps their own', () => {
    const storage = memoryStorage();
    expect(readBoardLayout(storage, 'u1')).toBe('pipeline');

    writeBoardLayout(storage, 'u1', 'all');

    expect(readBoardLayout(storage, 'u1')).toBe('all');
    expect(readBoardLayout(storage, 'u2')).toBe('pipeline');
    expect(readBoardLayout(storage, undefined)).toBe('pipeline');
  });

  it('ignores a value it does not know', () => {
    const storage = memoryStorage();
    storage.setItem('brandslate.kanban-layout.u1', 'everything');
    expect(readBoardLayout(storage, 'u1')).toBe('pipeline');
  });
});

describe('the calendar', () => {
  it('asks for every status, whatever the status filter', () => {
    expect([...CALENDAR_STATUSES].sort()).toEqual([...TASK_STATUSES].sort());
  });

  it('groups dated tasks by day and leaves undated ones out', () => {
    const days = byDueDay([
      { id: 1, due_date: '2026-12-03' },
      { id: 2, due_date: null },
      { id: 3, due_date: '2026-12-03T00:00:00.000Z' },
    ]);
    expect([...days.entries()].map(([day, tasks]) => [day, tasks.map((task) => task.id)])).toEqual([['2026-12-03', [1, 3]]]);
  });
});
