import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { BrandsEmptyState } from '../modules/projects/components/brands-empty-state';
import { TrialBanner } from '../modules/workspaces/components/trial-banner';
import { useCan, useCurrentWorkspace, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';

export const DashboardPage = () => {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const details = useWorkspaceStore((state) => state.details);
  const status = useWorkspaceStore((state) => state.workspaceStatus);
  const canUpgrade = useCan('billing.manage');
  usePageTitle(t('dashboard.title'));
  return (
    <ContentLayout header={<Header variant="h1" description={workspace?.name}>{t('dashboard.title')}</Header>}>
      <SpaceBetween size="l">
        {workspace && <TrialBanner workspace={workspace} mode={canUpgrade ? 'upgrade' : 'askAdmin'} />}
        <Container header={<Header variant="h2">{t('dashboard.brandsTitle')}</Header>}>
          {status === 'loading' && !details ? <PageLoader label={t('workspaces.loading')} /> : <BrandsEmptyState />}
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
};
