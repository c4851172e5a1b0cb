import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/auth-store';
import { confirmAction } from '../../notifications/confirm-dialog';
import { notify } from '../../notifications/notification-store';
import { useAction } from '../../notifications/use-action';
import type { TaskRef } from '../../task-detail/task-api';
import { formatDateTime } from '../../task-detail/format';
import { usePersonName } from '../../task-detail/people';
import { entrySeconds, formatClock, formatDuration, liveTotal } from '../duration';
import { addEntry, deleteEntry, editEntry, listTaskTime, taskTimeKey, type TaskTimeEntry } from '../time-service';
import { useNow } from '../use-task-timer';
import { TimeEntryModal } from './time-entry-modal';

export type TaskTimeProps = {
  taskRef: TaskRef;
  /** May track time (time.write). */
  canWrite: boolean;
  /** A workspace admin may change anyone's entries. */
  isAdmin: boolean;
  /** The task's total moved: the detail refreshes it. */
  onChanged?: () => void;
};

/** Time on one task: my running timer's clock (started and stopped from the task's header), manual entries, everyone's entries with the total spent. */
export const TaskTime = ({ taskRef, canWrite, isAdmin, onChanged }: TaskTimeProps) => {
  const { t } = useTranslation();
  const me = useAuthStore((state) => state.user?.uid);
  const personName = usePersonName();
  const list = useQuery({ queryKey: taskTimeKey(taskRef), queryFn: ({ signal }) => listTaskTime(taskRef, signal) });
  const data = list.data;
  const { busy, run: act } = useAction();
  const [editing, setEditing] = useState<{ entry?: TaskTimeEntry }>();

  const entries = data?.entries ?? [];
  const running = entries.some((entry) => !entry.ended_at);
  const now = useNow(running);
  const mine = entries.find((entry) => !entry.ended_at && entry.user_uid === me);
  const total = data ? liveTotal(data.total_spent, entries, now) : 0;
  const mayChange = (entry: TaskTimeEntry) => canWrite && (isAdmin || entry.user_uid === me);

  /** The entries are fetched again by the service; the task's total spent is the detail's to refresh. */
  const run = (key: string, work: () => Promise<unknown>, done?: string) =>
    act(
      key,
      async () => {
        await work();
        onChanged?.();
      },
      done,
    );

  const remove = async (entry: TaskTimeEntry) => {
    if (!(await confirmAction())) return;
    run(`delete:${entry.uid}`, () => deleteEntry(taskRef, entry.uid), t('timeTracking.deleted'));
  };

  if (list.isError && !list.isFetching) {
    return (
      <SpaceBetween size="xs" direction="horizontal" alignItems="center">
        <Box color="text-status-error">{t('timeTracking.loadFailed')}</Box>
        <Button onClick={() => void list.refetch()}>{t('comments.retry')}</Button>
      </SpaceBetween>
    );
  }

  return (
    <SpaceBetween size="l">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center', justifyContent: 'space-between' }}>
        <div>
          <Box variant="awsui-key-label">{t('taskDetail.timeSpent')}</Box>
          <Box variant="h3" tagOverride="p" data-testid="time-total">
            {/* While a timer runs the total counts in seconds: "0m" would read as nothing tracked. */}
            {data ? (running ? formatClock(total) : formatDuration(total)) : '…'}
          </Box>
        </div>
        {canWrite && (
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {mine && (
              <div role="timer" aria-live="off" aria-label={t('timeTracking.runningLabel')}>
                <StatusIndicator type="in-progress">
                  <span data-testid="timer-clock">{formatClock(entrySeconds(mine, now))}</span>
                </StatusIndicator>
              </div>
            )}
            <Button iconName="add-plus" onClick={() => setEditing({})}>
              {t('timeTracking.add')}
            </Button>
          </SpaceBetween>
        )}
      </div>
      <Table<TaskTimeEntry>
        variant="embedded"
        header={
          <Header variant="h3" counter={data ? `(${entries.length})` : undefined}>
            {t('timeTracking.entries')}
          </Header>
        }
        ariaLabels={{ tableLabel: t('timeTracking.entries') }}
        items={entries}
        trackBy="uid"
        loading={!data}
        loadingText={t('timeTracking.loading')}
        empty={<Box color="text-body-secondary">{t('timeTracking.empty')}</Box>}
        columnDefinitions={[
          { id: 'person', header: t('timeTracking.columns.person'), cell: (entry) => personName(entry.user_uid) },
          { id: 'start', header: t('timeTracking.columns.start'), cell: (entry) => formatDateTime(entry.started_at) },
          {
            id: 'end',
            header: t('timeTracking.columns.end'),
            cell: (entry) => (entry.ended_at ? formatDateTime(entry.ended_at) : <StatusIndicator type="in-progress">{t('timeTracking.running')}</StatusIndicator>),
          },
          { id: 'duration', header: t('timeTracking.columns.duration'), cell: (entry) => formatDuration(entrySeconds(entry, now)) },
          {
            id: 'actions',
            header: t('timeTracking.columns.actions'),
            cell: (entry) =>
              mayChange(entry) ? (
                <SpaceBetween direction="horizontal" size="xxs">
                  <Button
                    variant="inline-icon"
                    iconName="edit"
                    disabled={!entry.ended_at}
                    ariaLabel={t('timeTracking.editLabel', { date: formatDateTime(entry.started_at) })}
                    onClick={() => setEditing({ entry })}
                  />
                  <Button
                    variant="inline-icon"
                    iconName="remove"
                    loading={busy === `delete:${entry.uid}`}
                    ariaLabel={t('timeTracking.deleteLabel', { date: formatDateTime(entry.started_at) })}
                    onClick={() => void remove(entry)}
                  />
                </SpaceBetween>
              ) : null,
          },
        ]}
      />
      <TimeEntryModal
        visible={!!editing}
        entry={editing?.entry}
        onDismiss={() => setEditing(undefined)}
        onSave={async (times) => {
          const entry = editing?.entry;
          if (entry) await editEntry(taskRef, entry.uid, times);
          else await addEntry(taskRef, times);
          notify.positive(entry ? t('timeTracking.saved') : t('timeTracking.added'));
          onChanged?.();
        }}
      />
    </SpaceBetween>
  );
};
