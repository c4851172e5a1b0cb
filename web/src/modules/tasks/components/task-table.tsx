import Box from '@cloudscape-design/components/box';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Task, TaskStatus } from '#shared/schemas/task';
import { MAX_TASK_PAGE_SIZE } from '#shared/schemas/task';
import { memo, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PHONE_QUERY, useMediaQuery } from '../../../ui/use-media-query';
import { useProjectsStore } from '../../projects/project-store';
import { useSettingsStore } from '../../settings/settings-store';
import { useShortcut } from '../../shortcuts/use-shortcut';
import { TaskTimerButton } from '../../time-tracking/components/task-timer-button';
import { useCan, useWorkspaceStore } from '../../workspaces/workspace-store';
import { OPEN_TASK_PARAM, openTask } from '../task-events';
import type { ListTasksInput } from '../task-query';
import { useTaskStore } from '../task-store';
import { useTaskChange } from '../use-task-change';
import { usePagedTasks } from '../use-task-lists';
import { TaskBulkActions, useDuplicateTask } from './task-table-actions';
import { TaskCards } from './task-table-cards';
import { columnOptions, DUE_SORT_FIELD, normalizeColumns, SERVER_SORT_FIELD, SERVER_SORTS, taskColumns } from './task-table-config';

export type TaskTableProps = {
  workspaceId: string;
  /** The filters as the list route's query (without sort, order, limit and cursor). */
  query: ListTasksInput;
  /** Shown when the list is empty: what to do next. */
  empty: ReactNode;
  /** Shown when the list could not load. */
  failed: (retry: () => void) => ReactNode;
  /** On a brand's own page every row is of that brand: its column goes. */
  hideBrand?: boolean;
};

const PAGE_SIZES = [25, 50, MAX_TASK_PAGE_SIZE];
/** The columns shown while a task is open beside the table (of those the person shows). */
const BESIDE_PANEL_COLUMNS: readonly string[] = ['summary', 'status', 'dueDate'];

/**
 * The table view: one server page per table page (cursor pagination, open-ended until the last page), ordered by
 * the server by last update or by due date, columns chosen and ordered in the preferences, status and assignee
 * edited in place, rows selected for a bulk change, J/K moving through the rows. On a phone the same page shows
 * as cards. An edit shows at once; when the server refuses it, the API client says why and the cell goes back.
 */
export const TaskTable = memo(function TaskTable({ workspaceId, query, empty, failed, hideBrand = false }: TaskTableProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery(PHONE_QUERY);
  const besidePanel = useSearchParams()[0].has(OPEN_TASK_PARAM);
  const projects = useProjectsStore((state) => state.projects);
  const team = useWorkspaceStore((state) => state.team);
  const canWrite = useCan('tasks.write');
  const preferences = useSettingsStore((state) => state.taskTablePreferences);
  const setPreferences = useSettingsStore((state) => state.setTaskTablePreferences);
  const entities = useTaskStore((state) => state.entities);
  const duplicate = useDuplicateTask();
  const columns = useMemo(() => {
    const defined = taskColumns({ t, projects, team });
    const actions: TableProps.ColumnDefinition<Task> = {
      id: 'actions',
      header: t('taskTable.columns.actions'),
      cell: (task) => <RowActions task={task} canWrite={canWrite} onDuplicate={duplicate} />,
      width: 80,
    };
    return [...defined, actions];
  }, [t, projects, team, canWrite, duplicate]);
  const [sorting, setSorting] = useState({ field: SERVER_SORT_FIELD, descending: true });
  const sort = SERVER_SORTS[sorting.field] ?? 'updated';
  const pageSize = PAGE_SIZES.includes(preferences.pageSize) ? preferences.pageSize : 50;
  const listQuery = useMemo(
    () => ({ ...query, limit: String(pageSize), sort, order: sorting.descending ? ('desc' as const) : ('asc' as const) }),
    [query, pageSize, sort, sorting.descending],
  );
  const list = usePagedTasks(workspaceId, listQuery);
  // A page arriving from the cache re-renders at once and whole; deferred, its rows render in slices that leave
  // the main thread free between them (a page of 50 rows is a long task otherwise).
  const pages = useDeferredValue(list.pages);
  const status = useDeferredValue(list.status);
  const [pageIndex, setPageIndex] = useState(1);
  const [listKey, setListKey] = useState(pages[0]);
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [focused, setFocused] = useState<string | null>(null);
  // A new first page (other filters, order or page size) starts again at page 1, with nothing selected.
  if (listKey !== pages[0]) {
    setListKey(pages[0]);
    setPageIndex(1);
    setSelected([]);
  }

  const current = Math.min(pageIndex, Math.max(1, pages.length));
  const items = (pages[current - 1] ?? []).map((uid) => entities[uid]).filter((task): task is Task => !!task);
  const selectedItems = items.filter((task) => selected.includes(task.uid));
  const loadedCount = pages.reduce((sum, page) => sum + page.length, 0);

  // J/K: the focused row moves down/up the page, is the one selected, and opens beside the list.
  const move = (step: 1 | -1) => {
    if (!items.length) return;
    const at = items.findIndex((task) => task.uid === focused);
    const next = items[at < 0 ? (step === 1 ? 0 : items.length - 1) : Math.min(items.length - 1, Math.max(0, at + step))]!;
    setFocused(next.uid);
    setSelected([next.uid]);
    document.querySelector<HTMLElement>(`[data-task-row="${next.uid}"]`)?.scrollIntoView({ block: 'nearest' });
    openTask(next.uid);
  };
  useShortcut('next', () => move(1));
  useShortcut('previous', () => move(-1));

  const change = useTaskChange();
  // The cell shows the new value at once (the task store); a refusal puts the old one back.
  const submitEdit: TableProps.SubmitEditFunction<Task> = (task, column, value) => {
    if (column.id === 'status' && typeof value === 'string' && value !== task.status) {
      change.mutate({ uid: task.uid, patch: { status: value as TaskStatus } });
    }
    if (column.id === 'assignee' && typeof value === 'string' && value !== (task.assignee ?? '')) {
      change.mutate({ uid: task.uid, patch: { assignee: value === '' ? null : value } });
    }
  };

  if (list.status === 'error') return <>{failed(list.reload)}</>;

  // Beside an open task the list keeps what finds a row (the task shows the rest): no sideways scrolling on a laptop.
  const visibleColumns = normalizeColumns(preferences.columns).filter(
    (column) => !(hideBrand && column.id === 'brand') && (!besidePanel || BESIDE_PANEL_COLUMNS.includes(column.id)),
  );
  const counter =
    status === 'loaded'
      ? selectedItems.length
        ? t('taskTable.selection.selected', { count: selectedItems.length })
        : t(list.cursor ? 'tasks.table.loadedCount' : 'tasks.table.count', { count: loadedCount })
      : undefined;
  const header = (
    <Header
      variant="h2"
      counter={counter}
      description={sort === 'due' ? t('taskTable.dueSortNote') : undefined}
      actions={
        canWrite && (
          <TaskBulkActions workspaceId={workspaceId} selected={selectedItems} team={team} onDone={() => setSelected([])} compact={phone} />
        )
      }
    >
      {t('tasks.table.label')}
    </Header>
  );
  const pagination = (
    <Pagination
      currentPageIndex={current}
      pagesCount={Math.max(1, pages.length)}
      openEnd={!!list.cursor}
      disabled={status === 'loading' || list.loadingMore}
      ariaLabels={{
        nextPageLabel: t('tasks.table.pagination.next'),
        previousPageLabel: t('tasks.table.pagination.previous'),
        pageLabel: (page) => t('tasks.table.pagination.page', { page: String(page) }),
        paginationLabel: t('tasks.table.pagination.navigation'),
      }}
      onChange={({ detail }) => {
        if (detail.currentPageIndex <= pages.length) setPageIndex(detail.currentPageIndex);
      }}
      onNextPageClick={({ detail }) => {
        if (!detail.requestedPageAvailable && list.cursor) {
          // Shown as soon as it arrives: until then the page index stays within what is loaded.
          setPageIndex(detail.requestedPageIndex);
          list.loadMore();
        }
      }}
    />
  );
  const footer = list.loadingMore ? (
    <Box textAlign="center" color="text-body-secondary">
      {t('tasks.loading')}
    </Box>
  ) : undefined;

  if (phone) {
    return (
      <TaskCards
        items={items}
        loading={status === 'loading'}
        empty={empty}
        header={header}
        pagination={pagination}
        selected={selectedItems}
        onSelectionChange={(tasks) => setSelected(tasks.map((task) => task.uid))}
        selectable={canWrite}
        hideBrand={hideBrand}
      />
    );
  }

  return (
    <Table<Task>
      variant="container"
      header={header}
      items={items}
      columnDefinitions={columns}
      columnDisplay={[...visibleColumns, { id: 'actions', visible: true }]}
      trackBy="uid"
      loading={status === 'loading'}
      loadingText={t('tasks.loading')}
      empty={empty}
      wrapLines={preferences.wrapLines}
      resizableColumns
      stickyHeader
      selectionType={canWrite ? 'multi' : undefined}
      selectedItems={selectedItems}
      onSelectionChange={({ detail }) => setSelected(detail.selectedItems.map((task) => task.uid))}
      sortingColumn={{ sortingField: sorting.field }}
      sortingDescending={sorting.descending}
      onSortingChange={({ detail }) => {
        const field = detail.sortingColumn.sortingField ?? SERVER_SORT_FIELD;
        // Due first opens soonest first; Updated newest first; the same column again reverses.
        const descending = field === sorting.field ? !sorting.descending : field !== DUE_SORT_FIELD;
        setSorting({ field, descending });
      }}
      submitEdit={submitEdit}
      ariaLabels={{
        tableLabel: t('tasks.table.label'),
        selectionGroupLabel: t('taskTable.selection.group'),
        allItemsSelectionLabel: () => t('taskTable.selection.all'),
        itemSelectionLabel: (_selection, task) => t('taskTable.selection.one', { id: String(task.id), summary: task.summary }),
        activateEditLabel: (column, task) => t('tasks.table.edit.activate', { column: String(column.header), id: String(task.id) }),
        cancelEditLabel: (column) => t('tasks.table.edit.cancel', { column: String(column.header) }),
        submitEditLabel: (column) => t('tasks.table.edit.submit', { column: String(column.header) }),
        submittingEditText: (column) => t('tasks.table.edit.submitting', { column: String(column.header) }),
      }}
      pagination={pagination}
      preferences={
        <CollectionPreferences
          title={t('tasks.table.preferences.title')}
          confirmLabel={t('tasks.table.preferences.confirm')}
          cancelLabel={t('tasks.table.preferences.cancel')}
          preferences={{ pageSize, wrapLines: preferences.wrapLines, contentDisplay: normalizeColumns(preferences.columns) }}
          pageSizePreference={{
            title: t('tasks.table.preferences.pageSize'),
            options: PAGE_SIZES.map((value) => ({ value, label: t('tasks.table.preferences.pageSizeOption', { count: value }) })),
          }}
          wrapLinesPreference={{ label: t('tasks.table.preferences.wrapLines'), description: t('tasks.table.preferences.wrapLinesDescription') }}
          contentDisplayPreference={{
            title: t('tasks.table.preferences.columns'),
            description: t('tasks.table.preferences.columnsDescription'),
            options: columnOptions(t),
          }}
          onConfirm={({ detail }) =>
            setPreferences({
              pageSize: detail.pageSize ?? pageSize,
              wrapLines: detail.wrapLines ?? preferences.wrapLines,
              columns: (detail.contentDisplay ?? preferences.columns).map(({ id, visible }) => ({ id, visible })),
            })
          }
        />
      }
      footer={
        footer ?? (
          <Box fontSize="body-s" color="text-body-secondary">
            {t('taskTable.keyboardHint')}
          </Box>
        )
      }
    />
  );
});

type RowActionsProps = { task: Task; canWrite: boolean; onDuplicate: (task: Task) => void };

/** A row's own actions: my timer on it, and a menu to open it and (for those who may write) duplicate it. */
const RowActions = ({ task, canWrite, onDuplicate }: RowActionsProps) => {
  const { t } = useTranslation();
  const items: ButtonDropdownProps.Item[] = [
    { id: 'open', text: t('taskTable.open') },
    ...(canWrite ? [{ id: 'duplicate', text: t('taskTable.duplicate') }] : []),
  ];
  return (
    <span data-task-row={task.uid}>
      <SpaceBetween size="xxs" direction="horizontal" alignItems="center">
        <TaskTimerButton task={task} />
        <ButtonDropdown
          variant="icon"
          expandToViewport
          ariaLabel={t('taskTable.rowActions', { id: String(task.id) })}
          items={items}
          onItemClick={({ detail }) => {
            if (detail.id === 'open') openTask(task.uid);
            if (detail.id === 'duplicate') onDuplicate(task);
          }}
        />
      </SpaceBetween>
    </span>
  );
};
