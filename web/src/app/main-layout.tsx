// The toolbar variant of AppLayout: same props, and its mobile toolbar is axe-clean (the classic visual-refresh
// one puts aria-orientation on a <nav>, an ARIA error on phones).
import AppLayout from '@cloudscape-design/components/app-layout-toolbar';
import type { AppLayoutProps } from '@cloudscape-design/components/app-layout';
import BreadcrumbGroup from '@cloudscape-design/components/breadcrumb-group';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMatches, useSearchParams } from 'react-router-dom';
import { openQuickCreate, useQuickCreateStore } from '../modules/tasks/components/task-form-quick-store';
import { OPEN_TASK_PARAM, onOpenTask } from '../modules/tasks/task-events';
import { useCan } from '../modules/workspaces/workspace-store';
import type { RouteHandle } from './router';
import { useTranslation } from 'react-i18next';
import { NotificationsFlashbar } from '../modules/notifications/notifications-flashbar';
import { ShortcutHost } from '../modules/shortcuts/components/shortcut-help';
import { useShortcut } from '../modules/shortcuts/use-shortcut';
import { useFollow } from '../ui/use-follow';
import { useBreadcrumbItems } from './breadcrumbs';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { WorkspaceGate } from './workspace-gate';

// The panel brings the task detail, its tables and forms: fetched when a task is first opened, not with the shell.
const TaskSplitPanel = lazy(async () => ({ default: (await import('../modules/task-detail/task-split-panel')).TaskSplitPanel }));
// Quick create (C, or a New task button) is fetched when first asked for.
const QuickCreateHost = lazy(async () => ({ default: (await import('../modules/tasks/components/task-form-quick')).QuickCreateHost }));

/** Wide enough for the task's details two to a row beside a table at 1440 px; the person may drag it. */
const PANEL_WIDTH = 560;
/** On a smaller screen the panel takes at most this share of the width, so the list beside it keeps its columns. */
const PANEL_SHARE = 0.4;
/** Below this width the navigation folds away while a task is open (it comes back when the task closes). */
const ROOM_FOR_NAVIGATION = 1680;

/** The query parameter naming the task open beside the page, so the address can be shared and Back closes it. */
const TASK_PARAM = OPEN_TASK_PARAM;

/**
 * The open task lives in the address (?task=<uid>): the app-wide open-task event (modules/tasks/task-events) sets
 * it, closing removes it, and the page under it (a list, its filters and scroll) stays as it was.
 */
const useOpenTask = () => {
  const [params, setParams] = useSearchParams();
  const taskId = params.get(TASK_PARAM) ?? undefined;
  const setTask = useCallback(
    (uid: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (uid) next.set(TASK_PARAM, uid);
          else next.delete(TASK_PARAM);
          return next;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  useEffect(() => onOpenTask(({ taskId: uid }) => setTask(uid)), [setTask]);
  const close = useCallback(() => setTask(undefined), [setTask]);
  useShortcut('close', close, !!taskId);
  return { taskId, close };
};

/** The signed-in shell: top navigation, side navigation, breadcrumbs, notifications, the page and the open task. */
export const MainLayout = () => {
  const { t } = useTranslation();
  const follow = useFollow();
  const [navigationOpen, setNavigationOpen] = useState(true);
  const [panelPreferences, setPanelPreferences] = useState<AppLayoutProps.SplitPanelPreferences>({ position: 'side' });
  const [panelSize, setPanelSize] = useState(() => Math.min(PANEL_WIDTH, Math.round(window.innerWidth * PANEL_SHARE)));
  const fullWidth = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.fullWidth);
  const breadcrumbs = useBreadcrumbItems();
  const { taskId, close } = useOpenTask();
  // AppLayout folds the navigation away when the panel needs its room; closing the task brings it back as it was.
  const navigationBeforePanel = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (taskId && navigationBeforePanel.current === undefined) {
      navigationBeforePanel.current = navigationOpen;
      // On a laptop the list, the panel and the navigation do not fit side by side: the list keeps the room.
      if (navigationOpen && window.innerWidth < ROOM_FOR_NAVIGATION) setNavigationOpen(false);
    }
    if (!taskId && navigationBeforePanel.current !== undefined) {
      setNavigationOpen(navigationBeforePanel.current);
      navigationBeforePanel.current = undefined;
    }
  }, [taskId, navigationOpen]);
  const quickCreateWanted = useQuickCreateStore((state) => state.wanted);
  // The same element on every render: the layout renders again when the page sets its breadcrumbs, the task panel
  // is resized or the navigation folds, and none of that needs the page below to render again.
  const content = useMemo(() => <WorkspaceGate />, []);
  useShortcut('create', () => openQuickCreate(), useCan('tasks.write'));
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
        breadcrumbs={
          breadcrumbs.length > 0 ? <BreadcrumbGroup items={breadcrumbs} onFollow={follow} ariaLabel={t('layout.breadcrumbs')} /> : undefined
        }
        notifications={<NotificationsFlashbar />}
        toolsHide
        content={content}
        contentType={fullWidth ? 'table' : 'default'}
        maxContentWidth={fullWidth ? Number.MAX_VALUE : undefined}
        splitPanel={
          taskId ? (
            <Suspense fallback={null}>
              <TaskSplitPanel key={taskId} taskId={taskId} onClose={close} />
            </Suspense>
          ) : undefined
        }
        splitPanelOpen={!!taskId}
        onSplitPanelToggle={({ detail }) => {
          if (!detail.open) close();
        }}
        splitPanelPreferences={panelPreferences}
        splitPanelSize={panelSize}
        onSplitPanelResize={({ detail }) => setPanelSize(detail.size)}
        onSplitPanelPreferencesChange={({ detail }) => setPanelPreferences(detail)}
        ariaLabels={{
          navigation: t('nav.sideNavLabel'),
          navigationToggle: t('nav.openNavigation'),
          navigationClose: t('nav.closeNavigation'),
          notifications: t('nav.notifications'),
        }}
      />
      <ShortcutHost />
      {quickCreateWanted && (
        <Suspense fallback={null}>
          <QuickCreateHost />
        </Suspense>
      )}
    </>
  );
};
