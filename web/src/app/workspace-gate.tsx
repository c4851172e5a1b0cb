import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAuthStore } from '../modules/auth/auth-store';
import { ONBOARDING_PATH } from '../modules/onboarding/onboarding-paths';
import { CreateWorkspaceForm } from '../modules/workspaces/components/create-workspace-form';
import { loadSignedInUser } from '../modules/workspaces/workspace-service';
import { useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { PageLoader } from '../ui/page-loader';
import { usePageTitle } from '../ui/use-page-title';

// Only a user without a workspace sees this table here: keep Table out of the shell's first load.
const MyInvitesTable = lazy(async () => ({
  default: (await import('../modules/invites/components/my-invites-table')).MyInvitesTable,
}));

/** Pages that make sense without any workspace. */
const WORKSPACE_FREE = ['/my-invites', '/profile'];

const CreateFirstWorkspace = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invites = useAuthStore((state) => state.invites);
  usePageTitle(t('workspaces.create.title'));
  return (
    <ContentLayout header={<Header variant="h1" description={t('workspaces.create.description')}>{t('workspaces.create.title')}</Header>}>
      <SpaceBetween size="l">
        <Container>
          {/* A first workspace is a first run: the onboarding checklist comes next (skippable, reachable later). */}
          <CreateWorkspaceForm onCreated={() => navigate(ONBOARDING_PATH, { replace: true })} />
        </Container>
        {invites.length > 0 && (
          <Suspense fallback={<PageLoader label={t('invites.myInvites.loading')} />}>
            <MyInvitesTable invites={invites} loading={false} title={t('workspaces.create.pendingInvitesTitle')} />
          </Suspense>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
};

/** The content of the main layout: waits for the workspace list; with no workspace, offers to create one. */
export const WorkspaceGate = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const listStatus = useWorkspaceStore((state) => state.listStatus);
  const hasWorkspace = useWorkspaceStore((state) => state.workspaces.length > 0);
  const workspaceFree = WORKSPACE_FREE.some((path) => location.pathname === path);
  const state = workspaceFree || hasWorkspace ? 'page' : listStatus === 'idle' || listStatus === 'loading' ? 'loading' : listStatus;
  // The list's arrival renders at once and whole; deferred, the page it lets through mounts in slices.
  const shown = useDeferredValue(state);

  if (shown !== 'page') {
    if (shown === 'loading') return <PageLoader label={t('workspaces.loading')} heading />;
    if (shown === 'error') {
      return (
        <Alert
          type="error"
          statusIconAriaLabel={t('notifications.error')}
          action={<Button onClick={() => void loadSignedInUser()}>{t('app.reload')}</Button>}
        >
          {t('errors.internal_error')}
        </Alert>
      );
    }
    return <CreateFirstWorkspace />;
  }
  return (
    <Suspense fallback={<PageLoader label={t('app.loading')} heading />}>
      <Outlet />
    </Suspense>
  );
};
