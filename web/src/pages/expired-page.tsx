import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { WorkspaceLockdown } from '../modules/workspaces/components/workspace-lockdown';
import { useCan, useCurrentWorkspace, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';

/** /expired: Workspace Lockdown. A workspace that is active again (or none at all) has nothing to show here. */
export const ExpiredPage = () => {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const canUpgrade = useCan('billing.manage');
  const workspaceCount = useWorkspaceStore((state) => state.workspaces.length);
  usePageTitle(t('lockdown.title'));
  // Workspaces but none chosen yet: the current one is being picked from the list.
  if (!workspace && workspaceCount > 0) return <PageLoader label={t('workspaces.loading')} heading />;
  if (!workspace || workspace.active) return <Navigate to="/dashboard" replace />;
  return (
    <ContentLayout header={<Header variant="h1" description={workspace.name}>{t('lockdown.title')}</Header>}>
      <WorkspaceLockdown workspace={workspace} canUpgrade={canUpgrade} hasOtherWorkspaces={workspaceCount > 1} />
    </ContentLayout>
  );
};
