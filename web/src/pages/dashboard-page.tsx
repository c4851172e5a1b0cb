import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { ProjectBrands } from '../modules/projects/components/project-brands';
import { WeekTimeChart } from '../modules/time-tracking/components/week-time-chart';
import { TrialBanner } from '../modules/workspaces/components/trial-banner';
import { useCan, useCurrentWorkspace, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';

/** /dashboard: the trial banner, then every brand of the workspace (or the way to create the first one). */
export const DashboardPage = () => {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const details = useWorkspaceStore((state) => state.details);
  const status = useWorkspaceStore((state) => state.workspaceStatus);
  const canUpgrade = useCan('billing.manage');
  const canReadTime = useCan('time.read');
  usePageTitle(t('dashboard.title'));
  const workspaceLoading = (status === 'loading' && !details) || !workspace;
  return (
    <ContentLayout header={<Header variant="h1" description={workspace?.name}>{t('dashboard.title')}</Header>}>
      <SpaceBetween size="l">
        {workspace && <TrialBanner workspace={workspace} mode={canUpgrade ? 'upgrade' : 'askAdmin'} />}
        {workspaceLoading ? (
          <Container header={<Header variant="h2">{t('dashboard.brandsTitle')}</Header>}>
            <PageLoader label={t('workspaces.loading')} />
          </Container>
        ) : (
          <ProjectBrands workspaceId={workspace.uid} />
        )}
        {!workspaceLoading && canReadTime && <WeekTimeChart />}
      </SpaceBetween>
    </ContentLayout>
  );
};
