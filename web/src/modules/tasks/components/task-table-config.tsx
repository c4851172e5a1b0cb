import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { TableProps } from '@cloudscape-design/components/table';
import { STATUS_TRANSITIONS, type Task, type TaskStatus } from '#shared/schemas/task';
import type { TeamMember } from '#shared/schemas/workspace';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../ui/format-date';
import { findProject, type Project } from '../../projects/project-store';
import { openTask } from '../task-events';
import { assignableMembers, assigneeLabel, memberName, priorityLabel, statusLabel, TYPE_ICONS, typeLabel } from '../task-labels';
import { TaskStatusBadge } from './task-status-badge';

export type TaskColumnId = 'id' | 'summary' | 'brand' | 'type' | 'status' | 'assignee' | 'priority' | 'dueDate' | 'tags' | 'updated';

/** The one column whose order the server gives (order=asc|desc): the list's own order, by last update. */
export const SERVER_SORT_FIELD = 'updated_at';

/** Where a task lives on its own: the project task page (the link works in a new tab; a click opens the dialog). */
export const taskPath = (task: Pick<Task, 'uid' | 'projects'>) =>
  `/project/${encodeURIComponent(task.projects.slug)}/tasks/${encodeURIComponent(task.uid)}`;

/** The brand's name, resolved locally from the workspace's projects (spec 7), else the name the task carries. */
export const brandName = (task: Pick<Task, 'project_uid' | 'project'>, projects: readonly Project[]) =>
  findProject(projects, task.project_uid)?.name ?? task.project;

/** The task's summary as a link: a click opens the detail dialog, a middle click the task page. */
export const TaskSummaryLink = ({ task }: { task: Task }) => (
  <Link
    href={taskPath(task)}
    onFollow={(event) => {
      event.preventDefault();
      openTask(task.uid);
    }}
  >
    {task.summary}
  </Link>
);

export const TaskTypeLabel = ({ task }: { task: Pick<Task, 'ticket_type'> }) => (
  <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
    <Icon name={TYPE_ICONS[task.ticket_type]} />
    {typeLabel(task.ticket_type)}
  </span>
);

/** The statuses a task may move to from where it is (the server's transition table), its own first. */
export const statusOptions = (status: TaskStatus): SelectProps.Option[] =>
  [status, ...STATUS_TRANSITIONS[status]].map((value) => ({ value, label: statusLabel(value) }));

const compare = (a: string | number | null, b: string | number | null) => {
  if (a === b) return 0;
  if (a === null || a === '') return 1;
  if (b === null || b === '') return -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
};

type ColumnContext = { t: TFunction; projects: readonly Project[]; team: readonly TeamMember[] };

/**
 * The task table's columns. Number, status and assignee can be changed in place (status only to an allowed next
 * status). Every column but Updated sorts the rows of the page in hand; Updated asks the server.
 */
export const taskColumns = ({ t, projects, team }: ColumnContext): TableProps.ColumnDefinition<Task>[] => {
  const members = assignableMembers(team);
  const assigneeOptions: SelectProps.Option[] = [
    { value: '', label: t('tasks.unassigned') },
    ...members.map((member) => ({ value: member.uid, label: memberName(member) })),
  ];
  const editLabels = { editIconAriaLabel: t('tasks.table.edit.editIcon'), errorIconAriaLabel: t('tasks.table.edit.errorIcon') };
  return [
    {
      id: 'id',
      header: t('tasks.table.columns.id'),
      cell: (task) => t('tasks.number', { id: String(task.id) }),
      sortingComparator: (a, b) => a.id - b.id,
      width: 100,
    },
    {
      id: 'summary',
      header: t('tasks.table.columns.summary'),
      cell: (task) => <TaskSummaryLink task={task} />,
      sortingComparator: (a, b) => compare(a.summary.toLowerCase(), b.summary.toLowerCase()),
      isRowHeader: true,
      width: 280,
      minWidth: 200,
    },
    {
      id: 'brand',
      header: t('tasks.table.columns.brand'),
      cell: (task) => brandName(task, projects),
      sortingComparator: (a, b) => compare(brandName(a, projects), brandName(b, projects)),
      width: 150,
    },
    {
      id: 'type',
      header: t('tasks.table.columns.type'),
      cell: (task) => <TaskTypeLabel task={task} />,
      sortingComparator: (a, b) => compare(typeLabel(a.ticket_type), typeLabel(b.ticket_type)),
      width: 120,
    },
    {
      id: 'status',
      header: t('tasks.table.columns.status'),
      cell: (task) => <TaskStatusBadge status={task.status} />,
      sortingComparator: (a, b) => compare(statusLabel(a.status), statusLabel(b.status)),
      width: 150,
      editConfig: {
        ...editLabels,
        constraintText: t('tasks.table.edit.statusHint'),
        editingCell: (task, { currentValue, setValue }) => {
          const options = statusOptions(task.status);
          const value = (currentValue as string | undefined) ?? task.status;
          return (
            <Select
              autoFocus
              expandToViewport
              ariaLabel={t('tasks.table.edit.status', { id: String(task.id) })}
              options={options}
              selectedOption={options.find((option) => option.value === value) ?? null}
              onChange={({ detail }) => setValue(detail.selectedOption.value)}
            />
          );
        },
      },
    },
    {
      id: 'assignee',
      header: t('tasks.table.columns.assignee'),
      cell: (task) => assigneeLabel(task.assignee, team),
      sortingComparator: (a, b) => compare(a.assignee ? assigneeLabel(a.assignee, team) : null, b.assignee ? assigneeLabel(b.assignee, team) : null),
      width: 170,
      editConfig: {
        ...editLabels,
        editingCell: (task, { currentValue, setValue }) => {
          const value = (currentValue as string | undefined) ?? task.assignee ?? '';
          const options = assigneeOptions.some((option) => option.value === value)
            ? assigneeOptions
            : [...assigneeOptions, { value, label: assigneeLabel(value, team) }];
          return (
            <Select
              autoFocus
              expandToViewport
              filteringType={options.length > 8 ? 'auto' : 'none'}
              ariaLabel={t('tasks.table.edit.assignee', { id: String(task.id) })}
              options={options}
              selectedOption={options.find((option) => option.value === value) ?? null}
              onChange={({ detail }) => setValue(detail.selectedOption.value ?? '')}
            />
          );
        },
      },
    },
    {
      id: 'priority',
      header: t('tasks.table.columns.priority'),
      cell: (task) => priorityLabel(task.priority),
      sortingComparator: (a, b) => compare(Number(a.priority), Number(b.priority)),
      width: 100,
    },
    {
      id: 'dueDate',
      header: t('tasks.table.columns.dueDate'),
      cell: (task) => formatDate(task.due_date) || <Box color="text-status-inactive">{t('tasks.noDueDate')}</Box>,
      sortingComparator: (a, b) => compare(a.due_date, b.due_date),
      width: 120,
    },
    {
      id: 'tags',
      header: t('tasks.table.columns.tags'),
      cell: (task) => task.tags.join(', '),
      sortingComparator: (a, b) => compare(a.tags.join(', ') || null, b.tags.join(', ') || null),
      width: 200,
    },
    {
      id: 'updated',
      header: t('tasks.table.columns.updated'),
      cell: (task) => formatDate(task.updated_at),
      sortingField: SERVER_SORT_FIELD,
    },
  ];
};

/** The columns a person can show, hide and order in the preferences (summary always shows). */
export const columnOptions = (t: TFunction) =>
  (['id', 'summary', 'brand', 'type', 'status', 'assignee', 'priority', 'dueDate', 'tags', 'updated'] as const).map((id) => ({
    id,
    label: t(`tasks.table.columns.${id}`),
    alwaysVisible: id === 'summary',
  }));

/** The rows of a page sorted by a column that the server does not order. */
export const sortRows = (rows: readonly Task[], column: TableProps.SortingColumn<Task> | undefined, descending: boolean): Task[] => {
  if (!column?.sortingComparator) return [...rows];
  const sorted = [...rows].sort(column.sortingComparator);
  return descending ? sorted.reverse() : sorted;
};
