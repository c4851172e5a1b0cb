import { canTransition, isOpenStatus, TASK_STATUSES, type Task, type TaskListSort, type TaskStatus } from '#shared/schemas/task';

/** The task table's rules without React: its columns, the server orders, what is overdue, what a selection may become. */

export type TaskColumnId = 'id' | 'summary' | 'brand' | 'platform' | 'type' | 'status' | 'assignee' | 'priority' | 'dueDate' | 'tags' | 'updated';

/** Every column a person can show, in the default order; the first six show by default (spec'd for a content team). */
export const COLUMN_IDS: readonly TaskColumnId[] = ['summary', 'brand', 'platform', 'status', 'assignee', 'dueDate', 'id', 'type', 'priority', 'tags', 'updated'];
export const DEFAULT_VISIBLE_COLUMNS: readonly TaskColumnId[] = ['summary', 'brand', 'platform', 'status', 'assignee', 'dueDate'];

/** The columns the server orders by (sort=updated|due, with order=asc|desc): the sorting field says which. */
export const SERVER_SORTS: Readonly<Record<string, TaskListSort>> = { updated_at: 'updated', due_date: 'due' };
export const SERVER_SORT_FIELD = 'updated_at';
export const DUE_SORT_FIELD = 'due_date';

/** The columns everyone had before a choice was offered: a person who still has them never chose, and gets today's. */
const FORMER_DEFAULT = ['id', 'summary', 'brand', 'type', 'status', 'assignee', 'priority', 'dueDate', 'tags', 'updated'];
const isFormerDefault = (stored: readonly { id: string; visible: boolean }[]) =>
  stored.length === FORMER_DEFAULT.length && stored.every((column, index) => column.id === FORMER_DEFAULT[index] && column.visible === (column.id !== 'tags'));

/**
 * The stored column choice made whole: columns it does not know yet join, hidden, at the end (a person's choice is
 * kept), and ids no longer known drop out.
 */
export const normalizeColumns = (stored: readonly { id: string; visible: boolean }[]): { id: string; visible: boolean }[] => {
  if (isFormerDefault(stored)) return COLUMN_IDS.map((id) => ({ id, visible: DEFAULT_VISIBLE_COLUMNS.includes(id) }));
  const known = stored.filter((column) => COLUMN_IDS.includes(column.id as TaskColumnId));
  const missing = COLUMN_IDS.filter((id) => !known.some((column) => column.id === id)).map((id) => ({ id, visible: false }));
  return [...known, ...missing];
};

/** The day in the viewer's time zone, as YYYY-MM-DD (due dates are days). */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** Past its due day and still open (a posted or done task is not late). */
export const isOverdue = (task: Pick<Task, 'due_date' | 'status'>, today = localToday()) =>
  !!task.due_date && task.due_date < today && isOpenStatus(task.status);

/** The statuses every selected task may move to (the server's transition table), in the statuses' own order. */
export const commonStatuses = (tasks: readonly Pick<Task, 'status'>[]): TaskStatus[] =>
  tasks.length ? TASK_STATUSES.filter((status) => tasks.every((task) => task.status !== status && canTransition(task.status, status))) : [];
