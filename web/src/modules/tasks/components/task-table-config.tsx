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
import { taskPath } from '../task-path';
import { assignableMembers, assigneeLabel, memberName, platformLabel, priorityLabel, statusLabel, TYPE_ICONS, typeLabel } from '../task-labels';
import { TaskStatusBadge } from './task-status-badge';
import { COLUMN_IDS, DUE_SORT_FIELD, isOverdue, SERVER_SORT_FIELD } from '../internal/task-table-rules';

export { COLUMN_IDS, DEFAULT_VISIBLE_COLUMNS, DUE_SORT_FIELD, normalizeColumns, SERVER_SORT_FIELD, SERVER_SORTS } from '../internal/task-table-rules';

/** The due date as a cell: "Overdue" in words (and red, with an icon) when it is, never colour alone. */
export const DueDate = ({ task, t }: { task: Task; t: TFunction }) => {
  if (!task.due_date) return <Box color="text-status-inactive">{t('tasks.noDueDate')}</Box>;
  if (!isOverdue(task)) return <>{formatDate(task.due_date)}</>;
  return (
    // The word under the date: the column stays as narrow as a date.
    <Box color="text-status-error" fontWeight="bold">
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
        <Icon name="status-warning" variant="error" />
        {formatDate(task.due_date)}
      </span>
      <Box variant="small" color="text-status-error" fontWeight="bold" display="block">
        {t('taskTable.overdue')}
      </Box>
    </Box>
  );
};

/** The post's platform: the chosen network, else the free-text platform. */
export const platformOf = (task: Pick<Task, 'post_platform' | 'platform'>) => platformLabel(task.post_platform) || task.platform || '';

// Its own light module, so pages outside the task views (the player, the recorder) link to a task without this one.
export { taskPath };

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

type ColumnContext = { t: TFunction; projects: readonly Project[]; team: readonly TeamMember[] };

/**
 * The task table's columns. Status and assignee can be changed in place (status only to an allowed next status).
 * Due date and Updated sort the whole list on the server; the other columns do not sort.
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
      width: 90,
    },
    {
      id: 'summary',
      header: t('tasks.table.columns.summary'),
      cell: (task) => <TaskSummaryLink task={task} />,
      isRowHeader: true,
      // The default columns' widths fit a 1440 px laptop with the navigation open (≈1,000 px for the table).
      width: 210,
      minWidth: 160,
    },
    {
      id: 'brand',
      header: t('tasks.table.columns.brand'),
      cell: (task) => brandName(task, projects),
      width: 135,
    },
    {
      id: 'platform',
      header: t('taskTable.columns.platform'),
      cell: (task) => platformOf(task) || <Box color="text-status-inactive">—</Box>,
      width: 115,
    },
    {
      id: 'type',
      header: t('tasks.table.columns.type'),
      cell: (task) => <TaskTypeLabel task={task} />,
      width: 120,
    },
    {
      id: 'status',
      header: t('tasks.table.columns.status'),
      cell: (task) => <TaskStatusBadge status={task.status} />,
      // Wide enough for the longest status ("Needs approval") beside its icon.
      width: 180,
      minWidth: 150,
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
      width: 130,
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
      width: 100,
    },
    {
      id: 'dueDate',
      header: t('tasks.table.columns.dueDate'),
      cell: (task) => <DueDate task={task} t={t} />,
      sortingField: DUE_SORT_FIELD,
      // A date, with "Overdue" under it when it is.
      width: 140,
      minWidth: 130,
    },
    {
      id: 'tags',
      header: t('tasks.table.columns.tags'),
      cell: (task) => task.tags.join(', '),
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
  COLUMN_IDS.map((id) => ({
    id,
    label: id === 'platform' ? t('taskTable.columns.platform') : t(`tasks.table.columns.${id}`),
    alwaysVisible: id === 'summary',
  }));
