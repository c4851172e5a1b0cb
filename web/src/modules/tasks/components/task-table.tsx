import Box from '@cloudscape-design/components/box';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { Task, TaskStatus } from '#shared/schemas/task';
import { MAX_TASK_PAGE_SIZE } from '#shared/schemas/task';
import { memo, useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectsStore } from '../../projects/project-store';
import { useSettingsStore } from '../../settings/settings-store';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import type { ListTasksInput } from '../task-query';
import { useTaskStore } from '../task-store';
import { useTaskChange } from '../use-task-change';
import { usePagedTasks } from '../use-task-lists';
import { columnOptions, SERVER_SORT_FIELD, sortRows, taskColumns } from './task-table-config';

export type TaskTableProps = {
  workspaceId: string;
  /** The filters as the list route's query (without order, limit and cursor). */
  query: ListTasksInput;
  /** Shown when the list is empty: what to do next. */
  empty: ReactNode;
  /** Shown when the list could not load. */
  failed: (retry: () => void) => ReactNode;
  /** On a brand's own page every row is of that brand: its column goes. */
  hideBrand?: boolean;
};

const PAGE_SIZES = [25, 50, MAX_TASK_PAGE_SIZE];

/**
 * The table view: one server page per table page (cursor pagination, open-ended until the last page), columns
 * chosen and ordered in the preferences, status and assignee edited in place. An edit shows at once; when the
 * server refuses it, the API client says why and the cell goes back.
 */
export const TaskTable = memo(function TaskTable({ workspaceId, query, empty, failed, hideBrand = false }: TaskTableProps) {
  const { t } = useTranslation();
  const projects = useProjectsStore((state) => state.projects);
  const team = useWorkspaceStore((state) => state.team);
  const preferences = useSettingsStore((state) => state.taskTablePreferences);
  const setPreferences = useSettingsStore((state) => state.setTaskTablePreferences);
  const entities = useTaskStore((state) => state.entities);
  const columns = useMemo(() => taskColumns({ t, projects, team }), [t, projects, team]);
  const [sorting, setSorting] = useState<{ column: TableProps.SortingColumn<Task>; descending: boolean }>({
    column: { sortingField: SERVER_SORT_FIELD },
    descending: true,
  });
  const serverSorted = sorting.column.sortingField === SERVER_SORT_FIELD;
  const pageSize = PAGE_SIZES.includes(preferences.pageSize) ? preferences.pageSize : 50;
  const listQuery = useMemo(
    () => ({ ...query, limit: String(pageSize), order: serverSorted && !sorting.descending ? ('asc' as const) : ('desc' as const) }),
    [query, pageSize, serverSorted, sorting.descending],
  );
  const list = usePagedTasks(workspaceId, listQuery);
  // A page arriving from the cache re-renders at once and whole; deferred, its rows render in slices that leave
  // the main thread free between them (a page of 50 rows is a long task otherwise).
  const pages = useDeferredValue(list.pages);
  const status = useDeferredValue(list.status);
  const [pageIndex, setPageIndex] = useState(1);
  const [listKey, setListKey] = useState(pages[0]);
  // A new first page (other filters, order or page size) starts again at page 1.
  if (listKey !== pages[0]) {
    setListKey(pages[0]);
    setPageIndex(1);
  }

  const current = Math.min(pageIndex, Math.max(1, pages.length));
  const rows = (pages[current - 1] ?? []).map((uid) => entities[uid]).filter((task): task is Task => !!task);
  const items = serverSorted ? rows : sortRows(rows, sorting.column, sorting.descending);
  const loadedCount = pages.reduce((sum, page) => sum + page.length, 0);

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

  return (
    <Table<Task>
      variant="container"
      header={
        <Header
          variant="h2"
          counter={status === 'loaded' ? t(list.cursor ? 'tasks.table.loadedCount' : 'tasks.table.count', { count: loadedCount }) : undefined}
          description={t('tasks.table.sortNote')}
        >
          {t('tasks.table.label')}
        </Header>
      }
      items={items}
      columnDefinitions={columns}
      columnDisplay={hideBrand ? preferences.columns.filter((column) => column.id !== 'brand') : preferences.columns}
      trackBy="uid"
      loading={status === 'loading'}
      loadingText={t('tasks.loading')}
      empty={empty}
      wrapLines={preferences.wrapLines}
      resizableColumns
      stickyHeader
      sortingColumn={sorting.column}
      sortingDescending={sorting.descending}
      onSortingChange={({ detail }) => setSorting({ column: detail.sortingColumn, descending: !!detail.isDescending })}
      submitEdit={submitEdit}
      ariaLabels={{
        tableLabel: t('tasks.table.label'),
        activateEditLabel: (column, task) => t('tasks.table.edit.activate', { column: String(column.header), id: String(task.id) }),
        cancelEditLabel: (column) => t('tasks.table.edit.cancel', { column: String(column.header) }),
        submitEditLabel: (column) => t('tasks.table.edit.submit', { column: String(column.header) }),
        submittingEditText: (column) => t('tasks.table.edit.submitting', { column: String(column.header) }),
      }}
      pagination={
        <Pagination
          currentPageIndex={current}
          pagesCount={Math.max(1, pages.length)}
          openEnd={!!list.cursor}
          disabled={status === 'loading' || list.loadingMore}
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
      }
      preferences={
        <CollectionPreferences
          title={t('tasks.table.preferences.title')}
          confirmLabel={t('tasks.table.preferences.confirm')}
          cancelLabel={t('tasks.table.preferences.cancel')}
          preferences={{ pageSize, wrapLines: preferences.wrapLines, contentDisplay: preferences.columns }}
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
        list.loadingMore ? (
          <Box textAlign="center" color="text-body-secondary">
            {t('tasks.loading')}
          </Box>
        ) : undefined
      }
    />
  );
});
