import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { TASK_PRIORITIES, type Task } from '#shared/schemas/task';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { RouterLink } from '../../../ui/router-link';
import { TaskStatusBadge } from '../../tasks/components/task-status-badge';
import { assignableMembers, assigneeLabel, memberName, priorityLabel, TYPE_ICONS, typeLabel } from '../../tasks/task-labels';
import { formatClock, formatDuration, liveTotal } from '../../time-tracking/duration';
import { useNow } from '../../time-tracking/use-task-timer';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { formatDateTime } from '../format';
import { usePersonName } from '../people';
import { InlineField, linesDraft } from './inline-field';
import { useTaskVocabulary } from '../../tasks/use-task-filters';

export type TaskOverviewProps = { task: Task; canWrite: boolean };

/** The task's total, counting up in seconds while someone's timer runs on it (never a frozen "0m"). */
const TimeSpent = ({ task }: { task: Task }) => {
  const entries = useWorkspaceStore((state) => state.timeEntries?.entries);
  const running = useMemo(() => entries?.filter((entry) => entry.task_uid === task.uid && !entry.ended_at), [entries, task.uid]);
  const now = useNow((running?.length ?? 0) > 0);
  if (!running || running.length === 0) return formatDuration(task.total_spent);
  return formatClock(liveTotal(task.total_spent, running, now));
};

const none = (text: string) => <Box color="text-body-secondary">{text}</Box>;

/**
 * The fields every task has: summary, status, brand, type, assignee, priority, due date, tags, milestone, time,
 * dates. Summary, assignee, priority, due date, tags and milestone are edited in place, one at a time.
 */
export const TaskOverview = ({ task, canWrite }: TaskOverviewProps) => {
  const { t } = useTranslation();
  const team = useWorkspaceStore((state) => state.team);
  const personName = usePersonName();
  const assigneeOptions = [{ value: '', label: t('tasks.unassigned') }, ...assignableMembers(team).map((member) => ({ value: member.uid, label: memberName(member) }))];
  const priorityOptions = TASK_PRIORITIES.map((priority) => ({ value: priority, label: priorityLabel(priority) }));
  const inline = { task, canEdit: canWrite };
  const vocabulary = useTaskVocabulary(canWrite ? (task.workspace_uid ?? undefined) : undefined, task.project_uid);
  return (
    <Container header={<Header variant="h2">{t('taskDetail.overview')}</Header>}>
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={1}
          items={[
            {
              label: t('tasks.form.summary'),
              value: (
                <InlineField
                  {...inline}
                  field="summary"
                  label={t('tasks.form.summary')}
                  display={task.summary}
                  initial={task.summary}
                  editor={{ kind: 'text' }}
                  // A summary is never "none": an empty one is refused as missing.
                  toValue={(draft) => draft.trim()}
                />
              ),
            },
          ]}
        />
        <KeyValuePairs
          columns={3}
          minColumnWidth={160}
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
            {
              label: t('tasks.form.assignee'),
              value: (
                <InlineField
                  {...inline}
                  field="assignee"
                  label={t('tasks.form.assignee')}
                  display={assigneeLabel(task.assignee, team)}
                  initial={task.assignee ?? ''}
                  editor={{ kind: 'select', options: assigneeOptions }}
                />
              ),
            },
            {
              label: t('tasks.form.priority'),
              value: (
                <InlineField
                  {...inline}
                  field="priority"
                  label={t('tasks.form.priority')}
                  display={priorityLabel(task.priority)}
                  initial={task.priority}
                  editor={{ kind: 'select', options: priorityOptions }}
                />
              ),
            },
            {
              label: t('tasks.form.dueDate'),
              value: (
                <InlineField
                  {...inline}
                  field="due_date"
                  label={t('tasks.form.dueDate')}
                  display={task.due_date ? formatDate(task.due_date) : none(t('tasks.noDueDate'))}
                  initial={task.due_date?.slice(0, 10) ?? ''}
                  editor={{ kind: 'date' }}
                />
              ),
            },
            {
              label: t('tasks.form.tags'),
              value: (
                <InlineField
                  {...inline}
                  field="tags"
                  label={t('tasks.form.tags')}
                  display={
                    task.tags.length > 0 ? (
                      <SpaceBetween direction="horizontal" size="xxs">
                        {task.tags.map((tag) => (
                          <Badge key={tag}>{tag}</Badge>
                        ))}
                      </SpaceBetween>
                    ) : (
                      none(t('tasks.form.none'))
                    )
                  }
                  initial={linesDraft(task.tags)}
                  editor={{ kind: 'tags', vocabulary: vocabulary.tags }}
                />
              ),
            },
            {
              label: t('tasks.form.milestone'),
              value: (
                <InlineField
                  {...inline}
                  field="milestone"
                  label={t('tasks.form.milestone')}
                  display={task.milestone ?? none(t('tasks.form.none'))}
                  initial={task.milestone ?? ''}
                  editor={{ kind: 'text' }}
                />
              ),
            },
            { label: t('taskDetail.timeSpent'), value: <TimeSpent task={task} /> },
            {
              label: t('taskDetail.created'),
              value: t('taskDetail.createdBy', { date: formatDateTime(task.created_at), name: personName(task.created_by) }),
            },
            { label: t('taskDetail.updated'), value: formatDateTime(task.updated_at) },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
};
