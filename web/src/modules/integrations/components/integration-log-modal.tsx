import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Integration, IntegrationAttempt } from '#shared/schemas/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../notifications/use-action';
import { useFollow } from '../../../ui/use-follow';
import { taskPath } from '../../tasks/components/task-table-config';
import { integrationKeys, listIntegrationLog, retryDelivery } from '../integration-service';
import { attemptKey, newestRows, rowAction } from '../internal/integration-log';

export type IntegrationLogModalProps = {
  brand: { workspaceId: string; projectId: string; slug: string };
  integration: Pick<Integration, 'uid' | 'name'>;
  /** May send a task's delivery again (tasks.write). */
  canRetry: boolean;
  onDismiss: () => void;
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * An integration's delivery log: every attempt at sending the brand's tasks to it, newest first, a page at a
 * time, each with the task it carried; Retry on the newest attempt of a failed delivery sends it again.
 */
export const IntegrationLogModal = ({ brand, integration, canRetry, onDismiss }: IntegrationLogModalProps) => {
  const { t } = useTranslation();
  const follow = useFollow();
  const { busy, run } = useAction();
  /** Deliveries sent again from here, with their attempts at the time (the log is read again until a newer one shows). */
  const [retriedAt, setRetriedAt] = useState<ReadonlyMap<string, number>>(new Map());
  const query = useInfiniteQuery({
    queryKey: integrationKeys.log(brand.workspaceId, brand.projectId, integration.uid),
    queryFn: ({ pageParam, signal }) => listIntegrationLog(brand, integration.uid, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
    refetchInterval: (current) => {
      const newest = newestRows(current.state.data?.pages.flatMap((page) => page.attempts) ?? []);
      return [...newest.values()].some((row) => rowAction(row, newest, retriedAt) === 'sending') ? 2_000 : false;
    },
  });
  const rows = query.data?.pages.flatMap((page) => page.attempts) ?? [];
  const newest = newestRows(rows);

  const taskLabel = (row: IntegrationAttempt) =>
    row.task.number === null ? t('integrations.log.taskUnknown') : t('integrations.log.task', { number: String(row.task.number), summary: row.task.summary ?? '' });

  const retry = (row: IntegrationAttempt) =>
    run(
      attemptKey(row),
      async () => {
        await retryDelivery({ uid: row.task.uid, workspaceUid: brand.workspaceId }, row.delivery_id);
        setRetriedAt((current) => new Map([...current, [row.delivery_id, row.attempt]]));
      },
      t('integrations.log.retried', { task: taskLabel(row) }),
    );

  const columns: TableProps.ColumnDefinition<IntegrationAttempt>[] = [
    { id: 'at', header: t('integrations.log.columns.at'), cell: (row) => <time dateTime={row.at}>{timeFormat.format(new Date(row.at))}</time> },
    {
      id: 'task',
      header: t('integrations.log.columns.task'),
      cell: (row) => (
        <Link href={taskPath({ uid: row.task.uid, projects: { slug: brand.slug, name: '' } })} onFollow={follow}>
          {taskLabel(row)}
        </Link>
      ),
    },
    {
      id: 'outcome',
      header: t('integrations.log.columns.outcome'),
      cell: (row) => (
        <StatusIndicator type={row.outcome === 'sent' ? 'success' : row.delivery_status === 'waiting' ? 'warning' : 'error'}>
          {t(`integrations.log.outcome.${row.delivery_status}`)}
        </StatusIndicator>
      ),
    },
    { id: 'attempt', header: t('integrations.log.columns.attempt'), cell: (row) => row.attempt },
    { id: 'http', header: t('integrations.log.columns.http'), cell: (row) => (row.http_status === null ? t('integrations.log.noHttp') : row.http_status) },
    { id: 'latency', header: t('integrations.log.columns.latency'), cell: (row) => t('integrations.deliveries.latencyValue', { ms: String(Math.round(row.latency_ms)) }) },
    {
      id: 'error',
      header: t('integrations.log.columns.error'),
      cell: (row) => (row.error ? <span style={{ overflowWrap: 'anywhere' }}>{row.error}</span> : '–'),
      maxWidth: 360,
    },
    ...(canRetry
      ? [
          {
            id: 'actions',
            header: t('integrations.log.columns.actions'),
            cell: (row: IntegrationAttempt) => {
              const action = rowAction(row, newest, retriedAt);
              if (action === 'sending') return <StatusIndicator type="in-progress">{t('integrations.log.sendingAgain')}</StatusIndicator>;
              if (action !== 'retry') return null;
              return (
                <Button
                  iconName="refresh"
                  ariaLabel={t('integrations.log.retryLabel', { task: taskLabel(row) })}
                  loading={busy === attemptKey(row)}
                  onClick={() => retry(row)}
                >
                  {t('integrations.deliveries.retry')}
                </Button>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <Modal
      visible
      size="max"
      header={t('integrations.log.title', { name: integration.name })}
      closeAriaLabel={t('common.close')}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onDismiss}>
            {t('integrations.test.close')}
          </Button>
        </Box>
      }
    >
      {query.isError ? (
        <Box color="text-status-error">{t('integrations.log.loadFailed')}</Box>
      ) : (
        <Table<IntegrationAttempt>
          variant="embedded"
          items={rows}
          trackBy={attemptKey}
          columnDefinitions={columns}
          wrapLines
          loading={query.isPending}
          loadingText={t('integrations.log.loading')}
          ariaLabels={{ tableLabel: t('integrations.log.title', { name: integration.name }) }}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              {t('integrations.log.empty')}
            </Box>
          }
          footer={
            query.hasNextPage ? (
              <Box textAlign="center">
                <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  {t('integrations.log.more')}
                </Button>
              </Box>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
};
