import { describe, expect, it } from 'vitest';
import { DEFAULT_STATUS_FILTER, FINISHED_STATUSES, TASK_STATUSES } from '#shared/schemas/task';
import { MAX_OPEN_PROJECT_STREAMS, planStreams } from '#core/tasks/list-tasks';
import { NO_KEY, taskIndexAttributes } from '#data/task-entities';

const brands = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`);

describe('which index a page of the task list reads', () => {
  it('reads the default statuses from the open-task index in one Query, with no status filter', () => {
    expect(planStreams('updated', DEFAULT_STATUS_FILTER, undefined)).toEqual({ streams: [{ index: 'byOpen' }] });
  });

  it('reads a single status, some of the open ones, or a set with a closed one, by status', () => {
    expect(planStreams('updated', ['todo'], undefined).streams).toEqual([{ index: 'byStatus', status: 'todo' }]);
    expect(planStreams('updated', ['todo', 'paused'], undefined).streams).toEqual([
      { index: 'byStatus', status: 'todo' },
      { index: 'byStatus', status: 'paused' },
    ]);
    expect(planStreams('updated', ['todo', 'done'], undefined).streams).toEqual([
      { index: 'byStatus', status: 'todo' },
      { index: 'byStatus', status: 'done' },
    ]);
  });

  it('reads one or two brands per project and status, more brands from the open index with a project filter', () => {
    expect(planStreams('updated', DEFAULT_STATUS_FILTER, ['p1']).streams).toHaveLength(DEFAULT_STATUS_FILTER.length);
    expect(MAX_OPEN_PROJECT_STREAMS / DEFAULT_STATUS_FILTER.length).toBe(2);
    expect(planStreams('updated', DEFAULT_STATUS_FILTER, brands(3))).toEqual({ streams: [{ index: 'byOpen' }], projectIds: brands(3) });
  });

  it('reads a scope that is most of the workspace as the whole workspace with a project filter', () => {
    // A member granted every brand: one Query per status (here one), not one per brand.
    expect(planStreams('updated', ['todo'], brands(10), 10)).toEqual({ streams: [{ index: 'byStatus', status: 'todo' }], projectIds: brands(10) });
    expect(planStreams('updated', DEFAULT_STATUS_FILTER, brands(10), 10)).toEqual({ streams: [{ index: 'byOpen' }], projectIds: brands(10) });
    // A few brands of many stay per project.
    expect(planStreams('updated', ['todo'], brands(3), 10).streams).toHaveLength(3);
  });

  it('reads the calendar by due date whatever the statuses', () => {
    expect(planStreams('due', DEFAULT_STATUS_FILTER, undefined)).toEqual({ streams: [{ index: 'byDueDate' }], statuses: DEFAULT_STATUS_FILTER });
  });
});

describe("a task's place in the open-task index", () => {
  const task = { status: 'todo', updatedAt: '2026-03-01T10:00:00.000Z' };

  it('is its update time exactly while its status is a default one', () => {
    for (const status of DEFAULT_STATUS_FILTER) expect(taskIndexAttributes({ ...task, status }).openUpdatedAt).toBe(task.updatedAt);
    for (const status of FINISHED_STATUSES) expect(taskIndexAttributes({ ...task, status }).openUpdatedAt).toBe(NO_KEY);
  });
});

describe('the open statuses (the default list)', () => {
  it('are every status but the finished ones, so a task waiting for approval or a client stays in view', () => {
    expect(FINISHED_STATUSES).toEqual(['posted', 'done', 'will_not_do']);
    expect(DEFAULT_STATUS_FILTER).toEqual(TASK_STATUSES.filter((status) => !FINISHED_STATUSES.includes(status)));
    expect(DEFAULT_STATUS_FILTER).toEqual(expect.arrayContaining(['draft', 'todo', 'in_progress', 'paused', 'needs_approval', 'in_review', 'approved', 'published', 'rejected']));
  });
});
