import { describe, expect, it } from 'vitest';
import { commonStatuses, DEFAULT_VISIBLE_COLUMNS, isOverdue, normalizeColumns } from '../../web/src/modules/tasks/internal/task-table-rules';

describe('the task table rules', () => {
  it('a due date is overdue only before today and while the task is open', () => {
    const today = '2026-11-24';
    expect(isOverdue({ due_date: '2026-11-23', status: 'todo' }, today)).toBe(true);
    expect(isOverdue({ due_date: '2026-11-23', status: 'needs_approval' }, today)).toBe(true);
    expect(isOverdue({ due_date: '2026-11-24', status: 'todo' }, today)).toBe(false);
    expect(isOverdue({ due_date: '2026-11-01', status: 'posted' }, today)).toBe(false);
    expect(isOverdue({ due_date: null, status: 'todo' }, today)).toBe(false);
  });

  it('a selection may take only the statuses every selected task may move to', () => {
    expect(commonStatuses([])).toEqual([]);
    const both = commonStatuses([{ status: 'todo' }, { status: 'in_progress' }]);
    expect(both).not.toContain('todo');
    expect(both).not.toContain('in_progress');
    expect(both).toContain('needs_approval');
    expect(commonStatuses([{ status: 'will_not_do' }, { status: 'posted' }])).toEqual([]);
  });

  it('stored columns: the former default becomes the new one, a choice is kept, unknown columns join hidden', () => {
    const former = ['id', 'summary', 'brand', 'type', 'status', 'assignee', 'priority', 'dueDate', 'tags', 'updated'].map((id) => ({ id, visible: id !== 'tags' }));
    expect(normalizeColumns(former).filter((c) => c.visible).map((c) => c.id)).toEqual(DEFAULT_VISIBLE_COLUMNS);

    const chosen = [{ id: 'summary', visible: true }, { id: 'id', visible: true }, { id: 'gone', visible: true }];
    const normalized = normalizeColumns(chosen);
    expect(normalized.slice(0, 2)).toEqual(chosen.slice(0, 2));
    expect(normalized.map((c) => c.id)).not.toContain('gone');
    expect(normalized.find((c) => c.id === 'platform')).toEqual({ id: 'platform', visible: false });
  });
});
