import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_FILTER, listTasksQuery, TASK_STATUSES } from '#shared/schemas/task';
import { aTask } from './web-tasks.fixtures';
import { calendarRange, byDueDay, inMonth, shiftAnchor } from '../../web/src/modules/tasks/internal/calendar-range';
import { canDropOn, groupCards } from '../../web/src/modules/tasks/internal/kanban-columns';
import { columnKeyboardCoordinates } from '../../web/src/modules/tasks/internal/kanban-dnd';
import { nearEnd, windowRange } from '../../web/src/modules/tasks/internal/window-range';
import { cleanFilters, filtersToQuery, hasActiveFilters, scopeFrom, statusesFor, viewModeFrom } from '../../web/src/modules/tasks/task-query';
import { applyOptimistic, rollbackOptimistic, withTasks, withoutTask } from '../../web/src/modules/tasks/task-store';
import { defaultTaskFilters, type TaskFilters } from '../../web/src/modules/settings/settings-defaults';

const filters = (patch: Partial<TaskFilters> = {}): TaskFilters => ({ ...defaultTaskFilters(), ...patch });


describe('filtersToQuery (spec 3 filters → list route query)', () => {
  it('sends the default status filter and leaves empty filters out', () => {
    const query = filtersToQuery(filters(), { scope: 'tasks' });

    expect(query).toEqual({ status: DEFAULT_STATUS_FILTER.join(',') });
    expect(query.status).toContain('needs_approval');
  });

  it('maps every filter: lists comma-separated, the updated range as updated_from/updated_to', () => {
    const query = filtersToQuery(
      filters({
        status: ['done'],
        tags: ['launch', 'summer'],
        projectFilter: ['p-1', 'p-2'],
        milestones: ['Q3'],
        teamFilter: ['u-1'],
        userFilter: ['unassigned', 'u-2'],
        filter: '  reel  ',
        ticket_type: ['post'],
        updatedDateRange: { start: '2026-03-01', end: '2026-03-31' },
        post_platform: ['instagram', 'tiktok'],
      }),
      { scope: 'tasks', order: 'asc', limit: 25 },
    );

    expect(query).toEqual({
      status: 'done',
      tags: 'launch,summer',
      projectFilter: 'p-1,p-2',
      milestones: 'Q3',
      teamFilter: 'u-1',
      userFilter: 'unassigned,u-2',
      filter: 'reel',
      ticket_type: 'post',
      updated_from: '2026-03-01',
      updated_to: '2026-03-31',
      post_platform: 'instagram,tiktok',
      order: 'asc',
      limit: '25',
    });
  });

  it('produces a query the list route accepts', () => {
    const query = filtersToQuery(filters({ userFilter: ['unassigned'], updatedDateRange: { start: '2026-01-01', end: '2026-01-02' } }), {
      scope: 'tasks',
      limit: 100,
      due: { from: '2026-02-01', to: '2026-03-07' },
    });

    expect(listTasksQuery.safeParse(query).success).toBe(true);
  });

  it("fixes the brand on a brand's page and asks for drafts only in the drafts view", () => {
    const query = filtersToQuery(filters({ projectFilter: ['p-9'] }), { scope: 'drafts', projectUid: 'p-1' });

    expect(query.projectFilter).toBe('p-1');
    expect(query.status).toBe('draft');
  });

  it('reads an empty status filter as every status, and a kanban column asks for its own', () => {
    expect(statusesFor(filters({ status: [] }), 'tasks')).toEqual([...TASK_STATUSES]);
    expect(filtersToQuery(filters(), { scope: 'tasks', statuses: ['blocked'] }).status).toBe('blocked');
  });
});

describe('cleanFilters and hasActiveFilters', () => {
  it('drops stored values the route would refuse (unknown statuses, types, broken ranges)', () => {
    const cleaned = cleanFilters({
      ...filters(),
      status: ['todo', 'archived'],
      ticket_type: ['post', 'memo'],
      post_platform: ['myspace'],
      updatedDateRange: { start: 'yesterday', end: '2026-01-01' },
      tags: ['ok', '', 3 as unknown as string],
    });

    expect(cleaned.status).toEqual(['todo']);
    expect(cleaned.ticket_type).toEqual(['post']);
    expect(cleaned.post_platform).toEqual([]);
    // The broken side is dropped; the range stays open on that side.
    expect(cleaned.updatedDateRange).toEqual({ start: '', end: '2026-01-01' });
    expect(cleaned.tags).toEqual(['ok']);
  });

  it('answers the defaults for nothing stored', () => {
    expect(cleanFilters(undefined)).toEqual(defaultTaskFilters());
  });

  it('sees a filter as active only when it differs from the defaults', () => {
    expect(hasActiveFilters(filters())).toBe(false);
    expect(hasActiveFilters(filters({ status: [...DEFAULT_STATUS_FILTER].reverse() }))).toBe(false);
    expect(hasActiveFilters(filters({ status: ['paused', 'todo', 'in_progress'] }))).toBe(true);
    expect(hasActiveFilters(filters({ filter: 'x' }))).toBe(true);
    expect(hasActiveFilters(filters({ projectFilter: ['p-1'] }), { ignoreProjects: true })).toBe(false);
  });
});

describe('viewModeFrom and scopeFrom (spec 2: view mode in the query string)', () => {
  it('restores the view from viewMode', () => {
    expect(viewModeFrom(new URLSearchParams('viewMode=kanban'))).toBe('kanban');
    expect(viewModeFrom(new URLSearchParams('viewMode=calendar'), 'table')).toBe('calendar');
  });

  it('falls back to the remembered view, whose default is the table', () => {
    expect(viewModeFrom(new URLSearchParams(''))).toBe('table');
    expect(viewModeFrom(new URLSearchParams('viewMode=gantt'), 'kanban')).toBe('kanban');
  });

  it('opens the drafts view only for scope=drafts', () => {
    expect(scopeFrom(new URLSearchParams('scope=drafts'))).toBe('drafts');
    expect(scopeFrom(new URLSearchParams('scope=other'))).toBe('tasks');
  });
});

describe('windowRange (kanban columns mount only what is in view)', () => {
  it('mounts the visible rows plus overscan at the top of a long column', () => {
    const range = windowRange({ count: 1000, itemHeight: 100, viewportHeight: 500, scrollTop: 0, overscan: 3 });

    expect(range).toEqual({ start: 0, end: 8, offset: 0, totalHeight: 100_000 });
  });

  it('follows the scroll position, offsetting the first mounted row', () => {
    const range = windowRange({ count: 1000, itemHeight: 100, viewportHeight: 500, scrollTop: 25_050, overscan: 3 });

    expect(range.start).toBe(247);
    expect(range.end).toBe(259);
    expect(range.offset).toBe(24_700);
  });

  it('never goes past the end, even when scrolled beyond it', () => {
    const range = windowRange({ count: 10, itemHeight: 100, viewportHeight: 500, scrollTop: 99_999, overscan: 2 });

    expect(range.end).toBe(10);
    expect(range.start).toBe(3);
  });

  it('mounts nothing for an empty column and tells when the end is near', () => {
    expect(windowRange({ count: 0, itemHeight: 100, viewportHeight: 500, scrollTop: 0, overscan: 3 })).toEqual({
      start: 0,
      end: 0,
      offset: 0,
      totalHeight: 0,
    });
    const range = windowRange({ count: 50, itemHeight: 100, viewportHeight: 500, scrollTop: 4_000, overscan: 3 });
    expect(nearEnd(range, 50, 6)).toBe(true);
    expect(nearEnd(windowRange({ count: 50, itemHeight: 100, viewportHeight: 500, scrollTop: 0, overscan: 3 }), 50, 6)).toBe(false);
  });
});

describe('calendarRange (month and week views by due date)', () => {
  it('pads a month to whole weeks starting on Sunday', () => {
    const range = calendarRange('month', '2026-03-15');

    expect(range.from).toBe('2026-03-01');
    expect(range.to).toBe('2026-04-04');
    expect(range.weeks).toHaveLength(5);
    expect(range.weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('shows the days of the neighbouring months in the first and last rows', () => {
    const range = calendarRange('month', '2026-04-10');

    expect(range.from).toBe('2026-03-29');
    expect(range.to).toBe('2026-05-02');
    expect(inMonth('2026-03-29', '2026-04-10')).toBe(false);
    expect(inMonth('2026-04-30', '2026-04-10')).toBe(true);
  });

  it('covers one week, Sunday to Saturday, across a month end', () => {
    const range = calendarRange('week', '2026-04-01');

    expect(range.weeks).toEqual([['2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']]);
  });

  it('moves by a month or a week', () => {
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
    expect(shiftAnchor('week', '2026-03-02', 1)).toBe('2026-03-09');
  });

  it('groups tasks by due day and leaves undated ones out', () => {
    const groups = byDueDay([aTask('a', { due_date: '2026-03-02' }), aTask('b', { due_date: null }), aTask('c', { due_date: '2026-03-02' })]);

    expect([...groups.keys()]).toEqual(['2026-03-02']);
    expect(groups.get('2026-03-02')?.map((task) => task.uid)).toEqual(['a', 'c']);
  });
});

describe('optimistic changes (kanban moves, calendar reschedules, inline edits)', () => {
  it('shows the change at once and keeps the task before it', () => {
    const entities = withTasks({}, [aTask('a')]);

    const change = applyOptimistic(entities, 'a', { status: 'in_progress' });

    expect(change.entities.a.status).toBe('in_progress');
    expect(change.previous?.status).toBe('todo');
    expect(entities.a.status).toBe('todo');
  });

  it('puts the task back when the server refuses', () => {
    const change = applyOptimistic(withTasks({}, [aTask('a')]), 'a', { due_date: '2026-04-01' });

    const rolledBack = rollbackOptimistic(change.entities, change);

    expect(rolledBack.a.due_date).toBeNull();
  });

  it('keeps a newer copy that arrived meanwhile rather than an old rollback', () => {
    const change = applyOptimistic(withTasks({}, [aTask('a')]), 'a', { status: 'done' });
    const newer = withTasks(change.entities, [aTask('a', { status: 'paused', updated_at: '2026-03-02T00:00:00.000Z' })]);

    expect(rollbackOptimistic(newer, change).a.status).toBe('paused');
  });

  it('does nothing for a task that is not loaded, and forgets a deleted one', () => {
    const change = applyOptimistic({}, 'missing', { status: 'done' });
    expect(change.entities).toEqual({});
    expect(rollbackOptimistic({}, change)).toEqual({});
    expect(withoutTask(withTasks({}, [aTask('a')]), 'a')).toEqual({});
  });

  it('shows a reminder change without losing when it was sent', () => {
    const sent = aTask('a', { reminder: { at: '2026-03-01T09:00:00.000Z', enabled: true, sent_at: '2026-03-01T09:00:05.000Z' } });

    const change = applyOptimistic(withTasks({}, [sent]), 'a', { reminder: { at: '2026-03-01T09:00:00.000Z', enabled: false } });

    expect(change.entities.a.reminder).toEqual({ at: '2026-03-01T09:00:00.000Z', enabled: false, sent_at: '2026-03-01T09:00:05.000Z' });
  });
});

describe('the kanban board', () => {
  it('puts a card in the column of its current status, once, newest update first', () => {
    const entities = withTasks({}, [
      aTask('a', { status: 'in_progress', updated_at: '2026-03-01T00:00:00.000Z' }),
      aTask('b', { status: 'todo' }),
      aTask('c', { status: 'in_progress', updated_at: '2026-03-05T00:00:00.000Z' }),
    ]);

    // "a" was loaded by the todo column but has moved since.
    const groups = groupCards([['a', 'b'], ['c', 'a']], entities, ['todo', 'in_progress']);

    expect(groups.get('todo')?.map((task) => task.uid)).toEqual(['b']);
    expect(groups.get('in_progress')?.map((task) => task.uid)).toEqual(['c', 'a']);
  });

  it('accepts a drop only where the transition table allows', () => {
    expect(canDropOn('draft', 'todo')).toBe(true);
    expect(canDropOn('draft', 'published')).toBe(false);
    expect(canDropOn('posted', 'posted')).toBe(true);
    expect(canDropOn(undefined, 'todo')).toBe(false);
  });
});

describe('the kanban keyboard drag', () => {
  // Three columns 288 px wide, 12 px apart; a 272 px card lifted from the first one.
  const rect = (left: number) => ({ left, top: 100, width: 288, height: 500, right: left + 288, bottom: 600 });
  const columns = new Map([
    ['todo', rect(0)],
    ['paused', rect(300)],
    ['done', rect(600)],
  ]);
  const move = (code: string, enabled: string[], cardLeft = 8) =>
    columnKeyboardCoordinates(
      { code, preventDefault: () => undefined } as KeyboardEvent,
      {
        active: 'a',
        currentCoordinates: { x: cardLeft, y: 110 },
        context: {
          collisionRect: { left: cardLeft, top: 110, width: 272, height: 128, right: cardLeft + 272, bottom: 238 },
          droppableRects: columns,
          droppableContainers: { getEnabled: () => enabled.map((id) => ({ id })) },
        },
      } as unknown as Parameters<typeof columnKeyboardCoordinates>[1],
    );

  it('jumps Right to the centre of the next column that takes the card', () => {
    expect(move('ArrowRight', ['todo', 'paused', 'done'])).toEqual({ x: 300 + 144 - 136, y: 110 });
  });

  it('skips a column the card may not go to (a disabled drop target)', () => {
    expect(move('ArrowRight', ['todo', 'done'])).toEqual({ x: 600 + 144 - 136, y: 110 });
  });

  it('goes Left from a later column, stays put at the edge, and leaves other keys alone', () => {
    expect(move('ArrowLeft', ['todo', 'paused', 'done'], 608)).toEqual({ x: 300 + 144 - 136, y: 110 });
    expect(move('ArrowLeft', ['todo', 'paused', 'done'])).toBeUndefined();
    expect(move('ArrowDown', ['todo', 'paused', 'done'])).toBeUndefined();
  });
});
