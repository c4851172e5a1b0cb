import Cards from '@cloudscape-design/components/cards';
import type { Task } from '#shared/schemas/task';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectsStore } from '../../projects/project-store';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { assigneeLabel } from '../task-labels';
import { brandName, DueDate, TaskSummaryLink } from './task-table-config';
import { TaskStatusBadge } from './task-status-badge';

export type TaskCardsProps = {
  items: readonly Task[];
  loading: boolean;
  empty: ReactNode;
  header: ReactNode;
  pagination: ReactNode;
  selected: readonly Task[];
  onSelectionChange: (tasks: readonly Task[]) => void;
  selectable: boolean;
  hideBrand: boolean;
};

/**
 * The task table on a phone: one card per task, the summary as its title and what a glance needs beneath (brand,
 * status, due, assignee), each with its label, in one column; the same page, selection and bulk actions.
 */
export const TaskCards = ({ items, loading, empty, header, pagination, selected, onSelectionChange, selectable, hideBrand }: TaskCardsProps) => {
  const { t } = useTranslation();
  const projects = useProjectsStore((state) => state.projects);
  const team = useWorkspaceStore((state) => state.team);
  return (
    <Cards<Task>
      variant="container"
      items={[...items]}
      trackBy="uid"
      loading={loading}
      loadingText={t('tasks.loading')}
      empty={empty}
      header={header}
      pagination={pagination}
      cardsPerRow={[{ cards: 1 }]}
      selectionType={selectable ? 'multi' : undefined}
      selectedItems={[...selected]}
      onSelectionChange={({ detail }) => onSelectionChange(detail.selectedItems)}
      ariaLabels={{
        selectionGroupLabel: t('taskTable.selection.group'),
        itemSelectionLabel: (_selection, task) => t('taskTable.selection.one', { id: String(task.id), summary: task.summary }),
      }}
      cardDefinition={{
        header: (task) => (
          <span data-task-row={task.uid}>
            <TaskSummaryLink task={task} />
          </span>
        ),
        sections: [
          ...(hideBrand ? [] : [{ id: 'brand', header: t('taskTable.cards.brand'), content: (task: Task) => brandName(task, projects) }]),
          { id: 'status', header: t('taskTable.cards.status'), content: (task: Task) => <TaskStatusBadge status={task.status} wrapText /> },
          { id: 'due', header: t('taskTable.cards.due'), content: (task: Task) => <DueDate task={task} t={t} /> },
          { id: 'assignee', header: t('taskTable.cards.assignee'), content: (task: Task) => assigneeLabel(task.assignee, team) },
        ],
      }}
    />
  );
};
