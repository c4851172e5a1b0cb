import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { KitchenSyncView } from '../modules/ai/components/kitchen-sync-view';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

/** /kitchen-sync (spec 2: developer page, no authentication): build, config and health of the stack. */
export const KitchenSyncPage = () => {
  const { t } = useTranslation();
  usePageTitle(t('ai.kitchen.title'));
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('ai.kitchen.description')} actions={<RouterLink to="/developer/playground">{t('ai.kitchen.playground')}</RouterLink>}>
          {t('ai.kitchen.title')}
        </Header>
      }
    >
      <KitchenSyncView />
    </ContentLayout>
  );
};
