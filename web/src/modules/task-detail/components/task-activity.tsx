import Box from '@cloudscape-design/components/box';
import type { Task, TaskActivity } from '#shared/schemas/task';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader';
import { taskKeys } from '../../tasks/task-keys';
import { statusLabel } from '../../tasks/task-labels';
import { formatDateTime } from '../format';
import { usePersonName } from '../people';
import { fetchActivity, taskRef } from '../task-api';

/** One line of history in words; `actorName` names a team member (the public review view has no team to ask). */
export const useActivityText = (actorName?: (uid: string) => string) => {
  const { t } = useTranslation();
  const personName = usePersonName();
  const nameOf = actorName ?? ((uid: string) => personName(uid));
  return (entry: TaskActivity) => {
    const name = entry.actor ? nameOf(entry.actor) : entry.reviewer_name?.trim() || t('taskDetail.activity.externalReviewer');
    switch (entry.type) {
      case 'created':
        return t('taskDetail.activity.created', { name });
      case 'review':
        return entry.to === 'approved' ? t('taskDetail.activity.approved', { name }) : t('taskDetail.activity.rejected', { name });
      case 'status':
        return entry.from && entry.to
          ? t('taskDetail.activity.moved', { name, from: statusLabel(entry.from), to: statusLabel(entry.to) })
          : t('taskDetail.activity.changed', { name });
    }
  };
};

/** A plain list with Cloudscape's spacing (SpaceBetween would put divs between the list and its items). */
export const listStyle = { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 12 } as const;

export type ActivityListProps = { entries: readonly TaskActivity[]; actorName?: (uid: string) => string };

/** The task's history, oldest first, with review comments quoted. */
export const ActivityList = ({ entries, actorName }: ActivityListProps) => {
  const { t } = useTranslation();
  const textOf = useActivityText(actorName);
  if (entries.length === 0) return <Box color="text-body-secondary">{t('taskDetail.activity.empty')}</Box>;
  return (
    <ol style={listStyle} aria-label={t('taskDetail.activity.label')}>
      {entries.map((entry) => (
        <li key={entry.uid}>
          <Box>{textOf(entry)}</Box>
          <Box variant="small" color="text-body-secondary">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Box>
          {entry.comment && (
            <blockquote style={{ margin: '4px 0 0', paddingInlineStart: 12, borderInlineStart: '3px solid currentColor', whiteSpace: 'pre-wrap' }}>
              {entry.comment}
            </blockquote>
          )}
        </li>
      ))}
    </ol>
  );
};

export type TaskActivityPanelProps = { task: Task };

/** Loads the task's activity; reloads when the task changes (a status move adds a line), showing the last meanwhile. */
export const TaskActivityPanel = ({ task }: TaskActivityPanelProps) => {
  const { t } = useTranslation();
  const activity = useQuery({
    queryKey: [...taskKeys.part(task.uid, 'activity'), task.updated_at],
    queryFn: ({ signal }) => fetchActivity(taskRef(task), signal),
    placeholderData: keepPreviousData,
  });
  const entries = activity.data;

  if (activity.isError) return <Box color="text-status-error">{t('taskDetail.activity.loadFailed')}</Box>;
  if (!entries) return <PageLoader label={t('taskDetail.activity.loading')} />;
  return <ActivityList entries={entries} />;
};
