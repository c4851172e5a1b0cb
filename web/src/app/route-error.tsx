import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { NarrowPage } from '../ui/narrow-page';

/** Anything a page throws while rendering (or a page chunk that failed to load) ends here, never blank. */
export const RouteError = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main id="main-content">
      <NarrowPage title={t('app.crashed')}>
        <SpaceBetween size="m">
          <Box variant="p">{t('app.crashedBody')}</Box>
          <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
        </SpaceBetween>
      </NarrowPage>
    </main>
  );
};
