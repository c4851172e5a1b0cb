import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { NarrowPage } from '../ui/narrow-page';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <NarrowPage title={t('notFound.title')}>
      <SpaceBetween size="m">
        <Box variant="p">{t('notFound.body')}</Box>
        <RouterLink to="/dashboard">{t('common.goToDashboard')}</RouterLink>
      </SpaceBetween>
    </NarrowPage>
  );
};
