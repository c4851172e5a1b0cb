import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { colorBorderDividerDefault } from '@cloudscape-design/design-tokens';
import { useQuery } from '@tanstack/react-query';
import type { Delivery } from '#shared/schemas/integrations';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../notifications/use-action';
import type { TaskRef } from '../../task-detail/task-api';
import { integrationKeys, listDeliveries, retryDelivery } from '../integration-service';
import { TYPE_ICON } from '../integration-types';
import { canRetry, DELIVERY_INDICATOR, outcomeKey, refetchDelay } from '../internal/delivery-view';

export type TaskDeliveriesPanelProps = { taskRef: TaskRef; canWrite: boolean };

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const shortTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Where the task was sent (one delivery per integration switched on when it was created): each with its status,
 * the link to what it made, the spec's sent / failed texts, and its log of attempts; a failed one can be sent
 * again. Fetched again while a delivery is on its way.
 */
export const TaskDeliveriesPanel = ({ taskRef, canWrite }: TaskDeliveriesPanelProps) => {
  const { t } = useTranslation();
  const { busy, run } = useAction();
  const query = useQuery({
    queryKey: integrationKeys.deliveries(taskRef.uid),
    queryFn: ({ signal }) => listDeliveries(taskRef, signal),
    refetchInterval: (current) => refetchDelay(current.state.data?.deliveries ?? []),
  });
  const deliveries = query.data?.deliveries ?? [];
  const nameOf = (delivery: Delivery) => delivery.name ?? t('integrations.deliveries.removedIntegration');

  const statusText = (delivery: Delivery) => {
    if (delivery.status === 'waiting') {
      return delivery.next_attempt_at
        ? t('integrations.deliveries.status.waiting', { time: shortTime.format(new Date(delivery.next_attempt_at)) })
        : t('integrations.deliveries.status.waitingSoon');
    }
    return t(`integrations.deliveries.status.${delivery.status}`);
  };

  return (
    <Container
      header={
        <Header variant="h2" description={t('integrations.deliveries.description')} counter={query.data ? `(${deliveries.length})` : undefined}>
          {t('integrations.deliveries.title')}
        </Header>
      }
    >
      {query.isError ? (
        <Box color="text-status-error">{t('integrations.deliveries.loadFailed')}</Box>
      ) : query.isPending ? (
        <StatusIndicator type="loading">{t('integrations.deliveries.loading')}</StatusIndicator>
      ) : deliveries.length === 0 ? (
        <Box color="text-body-secondary">{t('integrations.deliveries.empty')}</Box>
      ) : (
        <ul aria-label={t('integrations.deliveries.title')} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 }}>
          {deliveries.map((delivery) => {
            const outcome = outcomeKey(delivery.type, delivery.status);
            return (
              <li key={delivery.id} data-testid={`delivery-${delivery.type}`}>
                <SpaceBetween size="xs">
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', alignItems: 'center' }}>
                    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                      <Icon name={TYPE_ICON[delivery.type]} />
                      <Box fontWeight="bold">{nameOf(delivery)}</Box>
                      <Box color="text-body-secondary">{t(`integrations.types.${delivery.type}`)}</Box>
                    </SpaceBetween>
                    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                      <span data-testid="delivery-status">
                        <StatusIndicator type={DELIVERY_INDICATOR[delivery.status]}>{statusText(delivery)}</StatusIndicator>
                      </span>
                      {delivery.link && (
                        <Link href={delivery.link} external>
                          {t(`integrations.deliveries.open.${delivery.type}`)}
                        </Link>
                      )}
                      {canWrite && canRetry(delivery.status) && (
                        <Button
                          iconName="refresh"
                          ariaLabel={t('integrations.deliveries.retryLabel', { name: nameOf(delivery) })}
                          loading={busy === delivery.id}
                          onClick={() => run(delivery.id, () => retryDelivery(taskRef, delivery.id), t('integrations.deliveries.retried', { name: nameOf(delivery) }))}
                        >
                          {t('integrations.deliveries.retry')}
                        </Button>
                      )}
                    </SpaceBetween>
                  </div>
                  {outcome && <Box variant="p">{t(outcome as never)}</Box>}
                  {delivery.last_error && delivery.status !== 'sent' && (
                    <Box color="text-status-error" variant="p">
                      <span style={{ overflowWrap: 'anywhere' }}>{t('integrations.deliveries.lastError', { error: delivery.last_error })}</span>
                    </Box>
                  )}
                  <ExpandableSection headerText={t('integrations.deliveries.log', { count: delivery.attempts_log.length })}>
                    {delivery.attempts_log.length === 0 ? (
                      <Box color="text-body-secondary">{t('integrations.deliveries.logEmpty')}</Box>
                    ) : (
                      // A list rather than a table: six columns do not fit a phone, and each attempt reads as one line.
                      <ol aria-label={t('integrations.deliveries.logLabel', { name: nameOf(delivery) })} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                        {[...delivery.attempts_log]
                          .sort((a, b) => b.attempt - a.attempt)
                          .map((attempt) => (
                            <li key={`${attempt.attempt}-${attempt.at}`} style={{ padding: '6px 0', borderTop: `1px solid ${colorBorderDividerDefault}` }}>
                              <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, rowGap: 2, alignItems: 'center' }}>
                                <StatusIndicator type={attempt.outcome === 'sent' ? 'success' : 'error'}>
                                  {t(`integrations.deliveries.outcomes.${attempt.outcome}`)}
                                </StatusIndicator>
                                <span>{t('integrations.deliveries.attempt', { attempt: String(attempt.attempt) })}</span>
                                <time dateTime={attempt.at}>{timeFormat.format(new Date(attempt.at))}</time>
                                <span>{attempt.http_status === null ? t('integrations.deliveries.noHttp') : t('integrations.deliveries.http', { status: String(attempt.http_status) })}</span>
                                <span>{t('integrations.deliveries.latencyValue', { ms: String(Math.round(attempt.latency_ms)) })}</span>
                              </div>
                              {attempt.error && (
                                <Box variant="small" color="text-status-error">
                                  <span style={{ overflowWrap: 'anywhere' }}>{attempt.error}</span>
                                </Box>
                              )}
                            </li>
                          ))}
                      </ol>
                    )}
                  </ExpandableSection>
                </SpaceBetween>
              </li>
            );
          })}
        </ul>
      )}
    </Container>
  );
};
