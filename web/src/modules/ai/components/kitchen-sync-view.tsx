import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useTranslation } from 'react-i18next';
import type { KitchenSync } from '#shared/schemas/ai';
import { errorText } from '../../../i18n';
import { format, parseISO } from 'date-fns';
import { formatDate } from '../../../ui/format-date';
import { PageLoader } from '../../../ui/page-loader';
import { AiSourceBadge } from '../ai-source-badge';
import { useKitchenSync } from '../ai-api';

type Check = KitchenSync['health'][number];

const formatDateTime = (iso: string) => `${formatDate(iso)} ${format(parseISO(iso), 'HH:mm:ss')}`;

/** The developer page's body: build, configuration (no secrets: the server never sends one) and each part's health. */
export const KitchenSyncView = () => {
  const { t } = useTranslation();
  const { data, error, isFetching, refetch } = useKitchenSync();
  const refresh = (
    <Button iconName="refresh" loading={isFetching} onClick={() => void refetch()}>
      {t('ai.kitchen.refresh')}
    </Button>
  );
  if (error && !data) {
    return (
      <Alert type="error" statusIconAriaLabel={t('notifications.error')} action={refresh}>
        {t('ai.kitchen.loadFailed')} {errorText(error)}
      </Alert>
    );
  }
  if (!data) return <PageLoader label={t('ai.kitchen.title')} />;
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2}>
        <Container header={<Header variant="h2">{t('ai.kitchen.build')}</Header>}>
          <KeyValuePairs
            columns={1}
            items={[
              { label: t('ai.kitchen.version'), value: data.build.version },
              { label: t('ai.kitchen.commit'), value: <Box variant="code">{data.build.commit}</Box> },
              { label: t('ai.kitchen.builtAt'), value: data.build.built_at ? formatDateTime(data.build.built_at) : '—' },
            ]}
          />
        </Container>
        <Container header={<Header variant="h2">{t('ai.kitchen.config')}</Header>}>
          <KeyValuePairs
            columns={1}
            items={[
              { label: t('ai.kitchen.stage'), value: data.config.stage },
              { label: t('ai.kitchen.region'), value: data.config.region },
              { label: t('ai.kitchen.aiProvider'), value: data.config.ai.provider },
              {
                label: t('ai.kitchen.aiModel'),
                value: (
                  <SpaceBetween size="xxs">
                    <Box variant="code">{data.config.ai.model}</Box>
                    {data.config.ai.local_test_model && <AiSourceBadge model={data.config.ai.model} localTestModel />}
                  </SpaceBetween>
                ),
              },
              { label: t('ai.kitchen.aiTimeout'), value: t('ai.playground.latencyValue', { value: String(data.config.ai.timeout_ms) }) },
              { label: t('ai.kitchen.aiRate'), value: String(data.config.ai.requests_per_minute) },
            ]}
          />
        </Container>
      </ColumnLayout>
      <Table<Check>
        header={
          <Header variant="h2" description={t('ai.kitchen.checkedAt', { time: formatDateTime(data.checked_at) })} actions={refresh}>
            {t('ai.kitchen.health')}
          </Header>
        }
        items={data.health}
        trackBy="part"
        variant="container"
        columnDefinitions={[
          { id: 'part', header: t('ai.kitchen.part'), cell: (check) => t(`ai.kitchen.parts.${check.part}`), isRowHeader: true },
          {
            id: 'status',
            header: t('ai.kitchen.status'),
            cell: (check) => <StatusIndicator type={check.ok ? 'success' : 'error'}>{check.ok ? t('ai.kitchen.ok') : t('ai.kitchen.failing')}</StatusIndicator>,
          },
          { id: 'detail', header: t('ai.kitchen.detail'), cell: (check) => check.detail },
          { id: 'latency', header: t('ai.kitchen.latency'), cell: (check) => t('ai.playground.latencyValue', { value: String(check.latency_ms) }) },
        ]}
      />
    </SpaceBetween>
  );
};
