import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WorkSummary } from '../modules/dashboard/components/work-summary';
import { OnboardingCard } from '../modules/onboarding/components/onboarding-card';
import { useOnboardingState } from '../modules/try/try-api';
import { brandSectionHref } from '../modules/dashboard/dashboard-links';
import { useDashboard } from '../modules/dashboard/dashboard-service';
import { ProjectBrands } from '../modules/projects/components/project-brands';
import { useProjectsStore } from '../modules/projects/project-store';
import { WeekTimeChart } from '../modules/time-tracking/components/week-time-chart';
import { TrialBanner } from '../modules/workspaces/components/trial-banner';
import { useCan, useCurrentWorkspace, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';
import { usePageBreadcrumbs } from '../app/breadcrumbs';

/**
 * /dashboard: the trial banner, what needs the caller (overdue, due this week, waiting on the client, changes
 * requested, the latest client decisions), then every brand with the same counts (or the way to create the first one).
 * The sections appear together once what decides their heights has arrived (the checklist card, the summary, the
 * brands' counts): one arriving after another would push the rest down under the reader's eyes.
 */
export const DashboardPage = () => {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const details = useWorkspaceStore((state) => state.details);
  const status = useWorkspaceStore((state) => state.workspaceStatus);
  const canUpgrade = useCan('billing.manage');
  const canReadTime = useCan('time.read');
  const canReadTasks = useCan('tasks.read');
  const hasBrands = useProjectsStore((state) => state.projects.length > 0);
  const projectsLoading = useProjectsStore((state) => state.status === 'loading' && state.projects.length === 0);
  usePageTitle(t('dashboard.title'));
  usePageBreadcrumbs([{ text: t('dashboard.title'), href: '/dashboard' }]);
  const workspaceLoading = (status === 'loading' && !details) || !workspace;
  const work = useDashboard(canReadTasks && hasBrands ? workspace?.uid : undefined);
  const brandWork = useMemo(
    () => (work.data ? { counts: new Map(work.data.brands.map((brand) => [brand.project_uid, brand])), hrefOf: brandSectionHref } : undefined),
    [work.data],
  );

  const onboarding = useOnboardingState();
  const settling = workspaceLoading || projectsLoading || work.isLoading || onboarding.isLoading;

  return (
    <ContentLayout header={<Header variant="h1" description={workspace?.name}>{t('dashboard.title')}</Header>}>
      <SpaceBetween size="l">
        {workspace && <TrialBanner workspace={workspace} mode={canUpgrade ? 'upgrade' : 'askAdmin'} />}
        {settling ? (
          <Container header={<Header variant="h2">{t('work.title')}</Header>}>
            <PageLoader label={t('work.loading')} />
          </Container>
        ) : (
          <SpaceBetween size="l">
            <OnboardingCard />
            {work.isError ? (
              <Alert type="error" action={<Button onClick={() => void work.refetch()}>{t('work.retry')}</Button>}>
                {t('work.loadFailed')}
              </Alert>
            ) : (
              work.data && <WorkSummary dashboard={work.data} />
            )}
            <ProjectBrands workspaceId={workspace.uid} work={brandWork} />
            {canReadTime && <WeekTimeChart />}
          </SpaceBetween>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
};
