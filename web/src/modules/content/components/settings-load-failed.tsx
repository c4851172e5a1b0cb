import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';

/** The brand's strategy could not be read: say so and offer to try again. */
export const SettingsLoadFailed = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <Container>
      <SpaceBetween size="s">
        <StatusIndicator type="error">{t('content.loadFailed')}</StatusIndicator>
        <Button onClick={onRetry}>{t('content.retry')}</Button>
      </SpaceBetween>
    </Container>
  );
};
