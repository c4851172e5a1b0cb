import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../modules/notifications/confirm-dialog';
import { notify } from '../modules/notifications/notification-store';
import { usePageTitle } from '../ui/use-page-title';

/** /ui: the shared pieces (notifications, confirm dialog) to try by hand and in browser tests. */
export const UiGalleryPage = () => {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<string>();
  usePageTitle(t('uiGallery.title'));
  return (
    <div style={{ maxWidth: 960, margin: '0 auto' }}>
      <ContentLayout header={<Header variant="h1" description={t('uiGallery.description')}>{t('uiGallery.title')}</Header>}>
        <SpaceBetween size="l">
          <Container header={<Header variant="h2" description={t('uiGallery.notificationsBody')}>{t('uiGallery.notificationsTitle')}</Header>}>
            <SpaceBetween direction="horizontal" size="xs">
              <Button onClick={() => notify.positive(t('uiGallery.successText'))}>{t('uiGallery.success')}</Button>
              <Button onClick={() => notify.negative(t('uiGallery.errorText'))}>{t('uiGallery.error')}</Button>
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2" description={t('uiGallery.confirmBody')}>{t('uiGallery.confirmTitle')}</Header>}>
            <SpaceBetween size="s">
              <Button
                onClick={async () => setAnswer((await confirmAction()) ? t('uiGallery.confirmed') : t('uiGallery.cancelled'))}
              >
                {t('uiGallery.confirmOpen')}
              </Button>
              <div aria-live="polite">{answer && <Box variant="p">{answer}</Box>}</div>
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </ContentLayout>
    </div>
  );
};
