import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { usePageBreadcrumbs } from '../app/breadcrumbs';
import { PromptPlayground } from '../modules/ai/components/prompt-playground';
import { useCurrentWorkspace } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { RouterLink } from '../ui/router-link';
import { usePageTitle } from '../ui/use-page-title';

/** The prompt playground (developer tools, workspace admins: the route's guard). */
export const PromptPlaygroundPage = () => {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  usePageTitle(t('ai.playground.title'));
  usePageBreadcrumbs([{ text: t('ai.playground.title'), href: '/developer/playground' }]);
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('ai.playground.description')} actions={<RouterLink to="/kitchen-sync">{t('ai.playground.developerPage')}</RouterLink>}>
          {t('ai.playground.title')}
        </Header>
      }
    >
      {workspace ? <PromptPlayground workspaceId={workspace.uid} /> : <PageLoader label={t('ai.playground.title')} />}
    </ContentLayout>
  );
};
