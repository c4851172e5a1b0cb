import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { IntegrationTestResult } from '#shared/schemas/integrations';
import { useTranslation } from 'react-i18next';

export type TestResultModalProps = { name: string; result: IntegrationTestResult | undefined; onDismiss: () => void };

/** What "Send test" got back: delivered or not, the HTTP status, the time taken, the provider's error or the created link. */
export const TestResultModal = ({ name, result, onDismiss }: TestResultModalProps) => {
  const { t } = useTranslation();
  const none = t('integrations.test.none');
  return (
    <Modal
      visible
      header={t('integrations.test.title', { name })}
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
      {result ? (
        <SpaceBetween size="m">
          <div role="status">
            <StatusIndicator type={result.ok ? 'success' : 'error'}>{result.ok ? t('integrations.test.ok') : t('integrations.test.failed')}</StatusIndicator>
          </div>
          <KeyValuePairs
            columns={2}
            items={[
              { label: t('integrations.test.status'), value: result.http_status === null ? none : String(result.http_status) },
              { label: t('integrations.test.latency'), value: t('integrations.test.latencyValue', { ms: String(Math.round(result.latency_ms)) }) },
              ...(result.error ? [{ label: t('integrations.test.error'), value: result.error }] : []),
              ...(result.link
                ? [{ label: t('integrations.test.link'), value: <Link href={result.link} external>{t('integrations.test.open')}</Link> }]
                : []),
            ]}
          />
        </SpaceBetween>
      ) : (
        <StatusIndicator type="loading">{t('integrations.test.sending')}</StatusIndicator>
      )}
    </Modal>
  );
};
