import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Task } from '#shared/schemas/task';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/router-link';
import { TaskStatusBadge } from '../../tasks/components/task-status-badge';
import { assigneeLabel, priorityLabel, TYPE_ICONS, typeLabel } from '../../tasks/task-labels';
import { formatDuration } from '../../time-tracking/duration';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { formatDateTime } from '../format';
import { usePersonName } from '../people';

export type TaskOverviewProps = { task: Task };

const none = (text: string) => <Box color="text-body-secondary">{text}</Box>;

/** The fields every task has: status, brand, type, assignee, priority, due date, tags, milestone, time, dates. */
export const TaskOverview = ({ task }: TaskOverviewProps) => {
  const { t } = useTranslation();
  const team = useWorkspaceStore((state) => state.team);
  const personName = usePersonName();
  return (
    <Container header={<Header variant="h2">{t('taskDetail.overview')}</Header>}>
      <KeyValuePairs
        columns={4}
        items={[
          { label: t('tasks.form.status'), value: <TaskStatusBadge status={task.status} wrapText /> },
          {
            label: t('tasks.form.brand'),
            value: <RouterLink to={`/project/${encodeURIComponent(task.projects.slug)}/tasks`}>{task.projects.name || task.project}</RouterLink>,
          },
          {
            label: t('tasks.form.type'),
            value: (
              <SpaceBetween direction="horizontal" size="xxs" alignItems="center">
                <Icon name={TYPE_ICONS[task.ticket_type]} />
                <span>{typeLabel(task.ticket_type)}</span>
              </SpaceBetween>
            ),
          },
          { label: t('tasks.form.assignee'), value: assigneeLabel(task.assignee, team) },
          { label: t('tasks.form.priority'), value: priorityLabel(task.priority) },
          { label: t('tasks.form.dueDate'), value: task.due_date ? formatDate(task.due_date) : none(t('tasks.noDueDate')) },
          {
            label: t('tasks.form.tags'),
            value:
              task.tags.length > 0 ? (
                <SpaceBetween direction="horizontal" size="xxs">
                  {task.tags.map((tag) => (
                    <Badge key={tag}>{tag}</Badge>
                  ))}
                </SpaceBetween>
              ) : (
                none(t('tasks.form.none'))
              ),
          },
          { label: t('tasks.form.milestone'), value: task.milestone ?? none(t('tasks.form.none')) },
          { label: t('taskDetail.timeSpent'), value: formatDuration(task.total_spent) },
          {
            label: t('taskDetail.created'),
            value: t('taskDetail.createdBy', { date: formatDateTime(task.created_at), name: personName(task.created_by) }),
          },
          { label: t('taskDetail.updated'), value: formatDateTime(task.updated_at) },
        ]}
      />
    </Container>
  );
};
