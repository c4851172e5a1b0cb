import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_FILTER } from '#shared/schemas/task';
import { taskViewFilter } from '#shared/schemas/saved-views';
import {
  filtersFromSearch,
  filtersToQuery,
  fromViewFilter,
  hasFilterParams,
  taskListSearch,
  toViewFilter,
  withFilterParams,
} from '../../web/src/modules/tasks/task-query';
import { defaultTaskFilters, type TaskFilters } from '../../web/src/modules/settings/settings-defaults';

const filters = (patch: Partial<TaskFilters> = {}): TaskFilters => ({ ...defaultTaskFilters(), ...patch });

describe('the task filter in the address', () => {
  it('reads a shared link back into the same filter', () => {
    const chosen = filters({
      status: ['needs_approval', 'in_review'],
      projectFilter: ['p1'],
      userFilter: ['me', 'unassigned'],
      teamFilter: ['u2'],
      ticket_type: ['post'],
      post_platform: ['instagram'],
      tags: ['launch'],
      milestones: ['Q1'],
      filter: 'reel',
      due: 'this_week',
      updatedDateRange: { start: '2026-11-01', end: '' },
    });
    const search = withFilterParams(new URLSearchParams('viewMode=kanban&task=t1'), chosen);

    expect(search.get('viewMode')).toBe('kanban');
    expect(search.get('task')).toBe('t1');
    expect(search.get('assignee')).toBe('me,unassigned');
    expect(search.get('due')).toBe('this_week');
    expect(search.has('updated_to')).toBe(false);
    expect(filtersFromSearch(new URLSearchParams(search.toString()))).toEqual(chosen);
  });

  it('always writes the status: the defaults as open, every status as all', () => {
    expect(withFilterParams(new URLSearchParams(), filters()).get('status')).toBe('open');
    expect(filtersFromSearch(new URLSearchParams('status=open')).status).toEqual([...DEFAULT_STATUS_FILTER]);
    const everything = withFilterParams(new URLSearchParams(), filters({ status: [] }));
    expect(everything.toString()).toBe('status=all');
    expect(filtersFromSearch(everything).status).toEqual([]);
  });

  it('gives a link without a status the default statuses, and a page without any filter parameter none at all', () => {
    const linked = new URLSearchParams('assignee=me&due=overdue');
    expect(hasFilterParams(linked)).toBe(true);
    expect(filtersFromSearch(linked)).toEqual(filters({ userFilter: ['me'], due: 'overdue' }));
    expect(hasFilterParams(new URLSearchParams('viewMode=table&scope=drafts'))).toBe(false);
  });

  it('drops what the list would refuse and adds up repeated parameters', () => {
    const read = filtersFromSearch(new URLSearchParams('status=todo,archived&type=memo&due=someday&updated_from=yesterday&tag=a&tag=b,a'));
    expect(read).toEqual(filters({ status: ['todo'], tags: ['a', 'b'] }));
  });

  it('builds the dashboard links from the saved-view words', () => {
    expect(taskListSearch({ assignee: ['me'], due: 'overdue' })).toBe('assignee=me&due=overdue');
    expect(filtersFromSearch(new URLSearchParams(taskListSearch({ status: ['needs_approval', 'in_review'] }))).status).toEqual(['needs_approval', 'in_review']);
  });
});

describe('saved views and the filters', () => {
  it('store the filter in words the route validates, and read it back', () => {
    const chosen = filters({ status: [], userFilter: ['me'], post_platform: ['instagram'], due: 'next_week' });
    const view = toViewFilter(chosen);
    expect(view).toEqual({ status: [], assignee: ['me'], platform: ['instagram'], due: 'next_week' });
    expect(taskViewFilter.safeParse(view).success).toBe(true);
    expect(fromViewFilter(view)).toEqual(chosen);
  });

  it('leave the default statuses unsaid, so a view keeps following the default', () => {
    expect(toViewFilter(filters())).toEqual({});
    expect(fromViewFilter({}).status).toEqual([...DEFAULT_STATUS_FILTER]);
  });
});

describe('the list query of a filter', () => {
  it('sends the due preset with the time zone it is counted in, and the open side of an updated range', () => {
    const query = filtersToQuery(filters({ due: 'today', updatedDateRange: { start: '', end: '2026-11-30' } }), { scope: 'tasks', timeZone: 'Europe/Paris' });
    expect(query).toMatchObject({ due: 'today', tz: 'Europe/Paris', updated_to: '2026-11-30' });
    expect(query).not.toHaveProperty('updated_from');
    expect(filtersToQuery(filters(), { scope: 'tasks' })).not.toHaveProperty('tz');
  });
});
