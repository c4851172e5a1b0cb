import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tabs from '@cloudscape-design/components/tabs';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { usePageSearchParams } from '../../../ui/use-page-search-params';
import { useProjectsStore, type Project } from '../../projects/project-store';
import { useSettingsStore } from '../../settings/settings-store';
import type { ViewMode } from '../../settings/settings-defaults';
import { useCan, useWorkspaceStore } from '../../workspaces/workspace-store';
import {
  cleanFilters,
  filtersToQuery,
  hasActiveFilters,
  hasFilterParams,
  SCOPE_PARAM,
  scopeFrom,
  statusesFor,
  VIEW_MODE_PARAM,
  viewModeFrom,
  withFilterParams,
  type TaskScope,
} from '../task-query';
import { PageLoader } from '../../../ui/page-loader';
import { useTaskFilters, useTaskVocabulary } from '../use-task-filters';
import { TaskFilterBar } from './task-filter-bar';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { TaskTable } from './task-table';
import { TaskExportMenu } from '../../exports/task-export-menu';
import { useShortcut } from '../../shortcuts/use-shortcut';
import { openQuickCreate } from './task-form-quick-store';
import { ADD_PARAM, CALL_NOTES_VALUE } from '../../call-notes/call-notes-link';
import { RecordButton } from '../../recording/components/record-button';

// The table is the first screen; the board, the calendar and the task form are fetched when first shown.
const loadTaskForm = () => import('./task-form-quick');
const TaskKanban = lazy(async () => ({ default: (await import('./task-kanban')).TaskKanban }));
const TaskCalendar = lazy(async () => ({ default: (await import('./task-calendar')).TaskCalendar }));
const BulkCreateModal = lazy(async () => ({ default: (await import('./bulk-create')).BulkCreateModal }));
const CallNotesModal = lazy(async () => ({ default: (await import('../../call-notes/call-notes-modal')).CallNotesModal }));

const preloadTaskForm = () => void loadTaskForm().catch(() => undefined);

export type TaskViewsProps = {
  workspaceId: string;
  /** On a brand's page: the brand (its tasks only, no brand filter, new tasks start there). */
  project?: Project;
  title: string;
  description?: string;
};

/**
 * The task screens' address says their view and filter, so it can be shared and a reload keeps them. Arriving
 * without them (a link to /tasks), the screens are first sent on to the address with the remembered ones: written
 * after the screens had rendered, that address rendered the whole task screen a second time before its first
 * paint. Later changes of the address are kept in step by the screens themselves, without leaving them.
 */
export const TaskViews = (props: TaskViewsProps) => {
  const [params] = usePageSearchParams();
  const location = useLocation();
  const storedViewMode = useSettingsStore((state) => state.viewMode);
  const storedFilters = useSettingsStore((state) => state.taskFilters);
  const shown = useRef(false);
  const viewMode = viewModeFrom(params, storedViewMode);
  if (!shown.current && (!hasFilterParams(params) || params.get(VIEW_MODE_PARAM) !== viewMode)) {
    const next = hasFilterParams(params) ? new URLSearchParams(params) : withFilterParams(params, cleanFilters(storedFilters));
    next.set(VIEW_MODE_PARAM, viewMode);
    return <Navigate replace to={{ pathname: location.pathname, search: `?${next.toString()}`, hash: location.hash }} state={location.state} />;
  }
  shown.current = true;
  return <TaskScreens {...props} />;
};

/**
 * The task screens (spec 2): a header with "New task" and the view switcher (table, kanban, calendar; kept in the
 * query string as viewMode and remembered in the settings), the Tasks / Drafts tabs, the filters, and the view.
 */
const TaskScreens = ({ workspaceId, project, title, description }: TaskViewsProps) => {
  const { t } = useTranslation();
  const [params, setParams] = usePageSearchParams();
  const storedViewMode = useSettingsStore((state) => state.viewMode);
  const setStoredViewMode = useSettingsStore((state) => state.setViewMode);
  const viewMode = viewModeFrom(params, storedViewMode);
  const scope = scopeFrom(params);
  const { filters, setFilters, resetFilters } = useTaskFilters();
  const projects = useProjectsStore((state) => state.projects);
  const team = useWorkspaceStore((state) => state.team);
  const vocabulary = useTaskVocabulary(workspaceId, project?.uid);
  const canWrite = useCan('tasks.write');
  // On a brand's page, C and New task start in that brand.
  const create = useCallback(() => openQuickCreate({ projectUid: project?.uid }), [project?.uid]);
  // "Add several": tasks from a pasted list, and on a brand's page its call notes.
  const [several, setSeveral] = useState<'list' | 'callNotes' | undefined>(() =>
    project && canWrite && params.get(ADD_PARAM) === CALL_NOTES_VALUE ? 'callNotes' : undefined,
  );
  useShortcut('create', create, canWrite);
  // Mounted in two commits: the header, tabs and filters first, the view a moment later. Each dropdown and each
  // column measures itself as it mounts; all of it in one commit is a long task.
  const viewMounted = useDeferredValue(true, false);

  // The query string always says the view, so the address can be shared and a reload keeps it.
  useEffect(() => {
    if (params.get(VIEW_MODE_PARAM) !== viewMode) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(VIEW_MODE_PARAM, viewMode);
          return next;
        },
        { replace: true },
      );
    }
    if (storedViewMode !== viewMode) setStoredViewMode(viewMode);
  }, [params, viewMode, setParams, storedViewMode, setStoredViewMode]);

  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === null) next.delete(name);
      else next.set(name, value);
      return next;
    });

  const query = useMemo(() => filtersToQuery(filters, { scope, projectUid: project?.uid }), [filters, scope, project?.uid]);
  const statuses = useMemo(() => statusesFor(filters, scope), [filters, scope]);
  const filtered = hasActiveFilters(filters, { ignoreProjects: !!project });
  const noOpenBrand = !project && projects.length > 0 && !projects.some((candidate) => candidate.has_permission);

  const newTaskButton = useMemo(
    () =>
      canWrite && (
        // Hovering or focusing the button fetches the form, so it opens without a wait.
        <Button
          variant="primary"
          iconName="add-plus"
          onClick={create}
          nativeButtonAttributes={{ onPointerEnter: preloadTaskForm, onFocus: preloadTaskForm }}
        >
          {t('tasks.newTask')}
        </Button>
      ),
    [canWrite, create, t],
  );

  // Kept the same between renders, as the memoized table compares them.
  const empty = useMemo(
    () => (
      <EmptyTasks
        scope={scope}
        filtered={filtered}
        action={filtered && scope === 'tasks' ? <Button onClick={resetFilters}>{t('tasks.filters.clear')}</Button> : newTaskButton}
      />
    ),
    [scope, filtered, resetFilters, newTaskButton, t],
  );
  const failed = useCallback(
    (retry: () => void) => (
      <Alert type="error" statusIconAriaLabel={t('notifications.error')} action={<Button onClick={retry}>{t('tasks.retry')}</Button>}>
        {t('tasks.loadFailed')}
      </Alert>
    ),
    [t],
  );

  const view =
    viewMode === 'kanban' ? (
      <Suspense fallback={<PageLoader label={t('tasks.loading')} />}>
        <TaskKanban workspaceId={workspaceId} query={query} statuses={statuses} />
      </Suspense>
    ) : viewMode === 'calendar' ? (
      <Suspense fallback={<PageLoader label={t('tasks.loading')} />}>
        <TaskCalendar workspaceId={workspaceId} query={query} />
      </Suspense>
    ) : (
      <TaskTable workspaceId={workspaceId} query={query} empty={empty} failed={failed} hideBrand={!!project} />
    );

  const phone = useMediaQuery(PHONE_QUERY);
  const filterBar = (
    <TaskFilterBar
      filters={filters}
      onChange={setFilters}
      onClear={resetFilters}
      scope={scope}
      projects={project ? undefined : projects}
      team={team}
      vocabulary={vocabulary}
    />
  );
  const content = (
    <SpaceBetween size="l">
      {scope === 'drafts' && <Box color="text-body-secondary">{t('tasks.scope.draftsHint')}</Box>}
      {!phone && filterBar}
      {viewMounted ? view : <PageLoader label={t('tasks.loading')} />}
      {/* On a phone the tasks come first; the filters wait behind one button after them (a sheet). */}
      {phone && filterBar}
    </SpaceBetween>
  );

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={description}
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <SegmentedControl
                label={t('tasks.viewMode')}
                // Segment ids become data-testids: prefixed, so they never clash with the views' own test ids.
                selectedId={`view-${viewMode}`}
                options={[
                  { id: 'view-table', text: t('tasks.views.table'), iconName: 'view-full' },
                  { id: 'view-kanban', text: t('tasks.views.kanban'), iconName: 'view-vertical' },
                  { id: 'view-calendar', text: t('tasks.views.calendar'), iconName: 'calendar' },
                ]}
                onChange={({ detail }) => {
                  const mode = detail.selectedId.replace(/^view-/, '') as ViewMode;
                  setStoredViewMode(mode);
                  setParam(VIEW_MODE_PARAM, mode);
                }}
              />
              <TaskExportMenu workspaceId={workspaceId} query={query} projectUid={project?.uid} />
              {canWrite && (
                <ButtonDropdown
                  items={[
                    { id: 'list', text: t('bulkCreate.menuList') },
                    ...(project ? [{ id: 'callNotes', text: t('bulkCreate.menuCallNotes') }] : []),
                  ]}
                  onItemClick={({ detail }) => setSeveral(detail.id === 'callNotes' ? 'callNotes' : 'list')}
                >
                  {t('bulkCreate.menu')}
                </ButtonDropdown>
              )}
              {canWrite && project && <RecordButton projectUid={project.uid} />}
              {newTaskButton}
            </SpaceBetween>
          }
        >
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {noOpenBrand && <Alert type="info">{t('tasks.empty.noBrands')}</Alert>}
        <Tabs
          ariaLabel={t('tasks.scope.label')}
          activeTabId={scope}
          onChange={({ detail }) => setParam(SCOPE_PARAM, detail.activeTabId === 'drafts' ? 'drafts' : null)}
          tabs={(['tasks', 'drafts'] as const).map((id) => ({ id, label: t(`tasks.scope.${id}`), content: id === scope ? content : null }))}
        />
        {several && (
          <Suspense fallback={null}>
            {several === 'callNotes' && project ? (
              <CallNotesModal
                workspaceId={workspaceId}
                projectUid={project.uid}
                onDismiss={() => {
                  setSeveral(undefined);
                  if (params.get(ADD_PARAM)) setParam(ADD_PARAM, null);
                }}
              />
            ) : (
              <BulkCreateModal workspaceId={workspaceId} projectUid={project?.uid} onDismiss={() => setSeveral(undefined)} />
            )}
          </Suspense>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
};

type EmptyTasksProps = { scope: TaskScope; filtered: boolean; action: ReactNode };

/** What an empty list says: why it is empty and the one thing to do about it. */
const EmptyTasks = ({ scope, filtered, action }: EmptyTasksProps) => {
  const { t } = useTranslation();
  const [title, body] =
    scope === 'drafts'
      ? [t('tasks.empty.draftsTitle'), t('tasks.empty.draftsBody')]
      : filtered
        ? [t('tasks.empty.filteredTitle'), t('tasks.empty.filteredBody')]
        : [t('tasks.empty.title'), t('tasks.empty.body')];
  return (
    <Box textAlign="center" color="inherit" padding={{ vertical: 'l' }}>
      <SpaceBetween size="s">
        <div>
          <Box variant="h3" tagOverride="p" color="inherit">
            {title}
          </Box>
          <Box variant="p" color="text-body-secondary">
            {body}
          </Box>
        </div>
        {action}
      </SpaceBetween>
    </Box>
  );
};
