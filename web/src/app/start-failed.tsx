import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { NarrowPage } from '../ui/narrow-page';

/** Shown when the runtime configuration could not be loaded: nothing else can work without it. */
export const StartFailed = () => {
  const { t } = useTranslation();
  return (
    <main id="main-content">
      <NarrowPage title={t('app.startFailed')}>
        <SpaceBetween size="m">
          <Box variant="p">{t('app.startFailedBody')}</Box>
          <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
        </SpaceBetween>
      </NarrowPage>
    </main>
  );
};
