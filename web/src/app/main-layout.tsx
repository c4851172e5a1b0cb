// The toolbar variant of AppLayout: same props, and its mobile toolbar is axe-clean (the classic visual-refresh
// one puts aria-orientation on a <nav>, an ARIA error on phones).
import AppLayout from '@cloudscape-design/components/app-layout-toolbar';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useMatches } from 'react-router-dom';
import { onOpenTask, openTask } from '../modules/tasks/task-events';
import type { RouteHandle } from './router';
import { useTranslation } from 'react-i18next';
import { NotificationsFlashbar } from '../modules/notifications/notifications-flashbar';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { WorkspaceGate } from './workspace-gate';

// The dialog brings the task detail, its tables and forms: fetched when a task is first opened, not with the shell.
const TaskDetailDialog = lazy(async () => ({
  default: (await import('../modules/task-detail/task-detail-dialog')).TaskDetailDialog,
}));

/** Hands the open-task event that fetched the dialog to the dialog, once it mounted and listens. */
const ReplayOpenTask = ({ taskId }: { taskId: string }) => {
  useEffect(() => {
    openTask(taskId);
  }, [taskId]);
  return null;
};

/** Mounts the task detail dialog at the first open-task event (modules/tasks/task-events), then keeps it. */
const TaskDetailHost = () => {
  const [firstTaskId, setFirstTaskId] = useState<string>();
  useEffect(() => {
    if (firstTaskId) return undefined;
    return onOpenTask(({ taskId }) => setFirstTaskId(taskId));
  }, [firstTaskId]);
  if (!firstTaskId) return null;
  // Effects run in tree order: the dialog subscribes before the replay sends the event again.
  return (
    <Suspense fallback={null}>
      <TaskDetailDialog />
      <ReplayOpenTask taskId={firstTaskId} />
    </Suspense>
  );
};

/** The signed-in shell: top navigation, side navigation, notifications and the page. */
export const MainLayout = () => {
  const { t } = useTranslation();
  const [navigationOpen, setNavigationOpen] = useState(true);
  const fullWidth = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.fullWidth);
  return (
    <>
      {/* TopNavigation renders the banner landmark itself; this wrapper only keeps it on top while scrolling. */}
      <div id="top-nav" style={{ position: 'sticky', top: 0, zIndex: 1002 }}>
        <TopBar />
      </div>
      <AppLayout
        headerSelector="#top-nav"
        navigation={<SideNav />}
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        notifications={<NotificationsFlashbar />}
        toolsHide
        content={<WorkspaceGate />}
        contentType={fullWidth ? 'table' : 'default'}
        maxContentWidth={fullWidth ? Number.MAX_VALUE : undefined}
        ariaLabels={{
          navigation: t('nav.sideNavLabel'),
          navigationToggle: t('nav.openNavigation'),
          navigationClose: t('nav.closeNavigation'),
          notifications: t('nav.notifications'),
        }}
      />
      {/* Opened from anywhere by the app-wide open-task event (modules/tasks/task-events). */}
      <TaskDetailHost />
    </>
  );
};
