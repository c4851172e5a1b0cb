import Button from '@cloudscape-design/components/button';
import { sameRole } from '#shared/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { brandCrumb, usePageBreadcrumbs } from '../app/breadcrumbs';
import { selectIsAuthenticated, useAuthStore } from '../modules/auth/auth-store';
import { signInPathFor } from '../modules/auth/auth-validation';
import { ReviewView } from '../modules/review/components/review-view';
import { TaskDetail } from '../modules/task-detail/components/task-detail';
import { taskPageView } from '../modules/task-detail/task-page-state';
import { useTaskDetail } from '../modules/task-detail/use-task-detail';
import { useSettingsStore } from '../modules/settings/settings-store';
import { switchWorkspace } from '../modules/workspaces/workspace-service';
import { findMembership, useCurrentMembership, useWorkspaceStore } from '../modules/workspaces/workspace-store';
import { NarrowPage } from '../ui/narrow-page';
import { PageLoader } from '../ui/page-loader';
import { useFollow } from '../ui/use-follow';
import { usePageTitle } from '../ui/use-page-title';

/**
 * /project/{slug}/tasks/{taskId} (spec 2: no sign-in at the router). A visitor with ?review=<token> sees the review
 * view without the product header; a member the full task inside the app, under breadcrumbs (workspace › brand ›
 * task); an external user is told tasks are not for them; anyone else is asked to sign in and comes back here after.
 */
export const TaskPage = () => {
  const { t } = useTranslation();
  const { taskId } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const follow = useFollow();
  const reviewToken = params.get('review');
  const authInitialized = useAuthStore((state) => state.initialized);
  const authenticated = useAuthStore(selectIsAuthenticated);
  const membership = useCurrentMembership();
  const workspaces = useWorkspaceStore((state) => state.workspaces);
  const currentWorkspaceId = useSettingsStore((state) => state.currentWorkspaceId);
  const { task, load } = useTaskDetail(taskId, !reviewToken && authenticated);
  const view = taskPageView({ reviewToken, authInitialized, authenticated, external: sameRole(membership?.role, 'external'), load });
  const label = task ? t('tasks.taskLabel', { id: String(task.id), summary: task.summary }) : t('taskPage.title');
  usePageTitle(label);
  const brand = task?.projects.slug ? { slug: task.projects.slug, name: task.projects.name || task.project } : undefined;
  usePageBreadcrumbs(
    task && brand
      ? [
          brandCrumb(brand),
          { text: task ? `#${task.id}` : label, href: location.pathname },
        ]
      : [],
  );

  // A task of another of my workspaces: work in that workspace (names, permissions, the way back all follow).
  const taskWorkspace = task?.workspace_uid;
  useEffect(() => {
    if (taskWorkspace && taskWorkspace !== currentWorkspaceId && findMembership(workspaces, taskWorkspace)) void switchWorkspace(taskWorkspace);
  }, [taskWorkspace, currentWorkspaceId, workspaces]);

  if (view === 'review') return <ReviewView token={reviewToken!} />;
  if (view === 'waiting') return <PageLoader label={t('taskDetail.loading')} heading />;

  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const dashboardButton = (
    <Button href="/dashboard" onFollow={follow}>
      {t('common.goToDashboard')}
    </Button>
  );

  switch (view) {
    case 'signIn':
      return (
        <NarrowPage title={t('taskPage.signInTitle')} description={t('taskPage.signInBody')}>
          <Button variant="primary" href={signInPathFor(fullPath)} onFollow={follow}>
            {t('taskPage.signIn')}
          </Button>
        </NarrowPage>
      );
    case 'external':
      return (
        <NarrowPage title={t('taskPage.externalTitle')} description={t('taskPage.externalBody')}>
          {dashboardButton}
        </NarrowPage>
      );
    case 'noAccess':
      return (
        <NarrowPage title={t('taskPage.noAccessTitle')} description={t('taskPage.noAccessBody')}>
          {dashboardButton}
        </NarrowPage>
      );
    case 'notFound':
      return (
        <NarrowPage title={t('taskPage.notFoundTitle')} description={t('errors.task_not_found')}>
          {dashboardButton}
        </NarrowPage>
      );
    case 'failed':
      return (
        <NarrowPage title={t('taskPage.title')} description={t('taskDetail.loadFailed')}>
          <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
        </NarrowPage>
      );
    case 'task':
      if (!task) {
        // Deleted while open.
        return (
          <NarrowPage title={t('taskPage.notFoundTitle')} description={t('errors.task_not_found')}>
            {dashboardButton}
          </NarrowPage>
        );
      }
      return (
        <TaskDetail
          key={task.uid}
          task={task}
          variant="page"
          onDeleted={() => navigate(`/project/${encodeURIComponent(task.projects.slug)}/tasks`, { replace: true })}
        />
      );
  }
};
