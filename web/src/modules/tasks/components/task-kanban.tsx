import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Toggle from '@cloudscape-design/components/toggle';
import * as tokens from '@cloudscape-design/design-tokens';
import { TASK_PAGE_SIZE, type Task, type TaskStatus } from '#shared/schemas/task';
import { useCallback, useEffect, useMemo, useState, type CSSProperties, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHiddenStyle } from '../../../ui/visually-hidden';
import { useProjectsStore } from '../../projects/project-store';
import { useWorkspaceStore } from '../../workspaces/workspace-store';
import { boardStatuses, canDropOn, groupCards } from '../internal/kanban-columns';
import { useWindowedList } from '../internal/use-windowed-list';
import { nearEnd } from '../internal/window-range';
import { assigneeLabel, statusLabel } from '../task-labels';
import type { ListTasksInput } from '../task-query';
import { updateTask } from '../task-service';
import { useTaskStore } from '../task-store';
import { useBoardTasks, type PagedList } from '../use-task-lists';
import { CARD_HEIGHT, KanbanCard, TASK_DRAG_TYPE } from './kanban-card';
import { brandName } from './task-table-config';
import { TaskStatusBadge } from './task-status-badge';

export type TaskKanbanProps = {
  workspaceId: string;
  /** The filters as the list route's query; each column adds its own status. */
  query: ListTasksInput;
  /** The statuses of the status filter: the columns shown unless "every status" is on. */
  statuses: readonly TaskStatus[];
};

const COLUMN_WIDTH = 288;
/** Cards mounted beyond each edge of a column's view. */
const OVERSCAN = 3;
/** The next page loads when the reader is this many cards from the end. */
const PREFETCH_CARDS = 6;

/**
 * The kanban view: a column per status, each loading its own pages. Dragging a card to another column (or
 * "Move to…" in its menu) changes its status at once and asks the server; a refusal puts it back and the API
 * client shows the catalogue's reason. While dragging, the columns the transition table forbids look disabled.
 */
export const TaskKanban = ({ workspaceId, query, statuses: filterStatuses }: TaskKanbanProps) => {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const statuses = useMemo(() => boardStatuses(filterStatuses, showAll), [filterStatuses, showAll]);
  const queryFor = useCallback((status: TaskStatus): ListTasksInput => ({ ...query, status, limit: String(TASK_PAGE_SIZE) }), [query]);
  const board = useBoardTasks(workspaceId, statuses, queryFor);
  const entities = useTaskStore((state) => state.entities);
  const projects = useProjectsStore((state) => state.projects);
  const team = useWorkspaceStore((state) => state.team);
  const [dragging, setDragging] = useState<Task | null>(null);
  const [moving, setMoving] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');

  const groups = useMemo(
    () => groupCards(statuses.map((status) => (board.columns[status]?.pages ?? []).flat()), entities, statuses),
    [statuses, board.columns, entities],
  );

  const move = useCallback(
    async (task: Task, to: TaskStatus) => {
      if (task.status === to || !canDropOn(task.status, to)) return;
      setMoving((current) => new Set(current).add(task.uid));
      try {
        await updateTask(task.uid, { status: to });
        setAnnouncement(t('tasks.moved', { id: String(task.id), status: statusLabel(to) }));
      } catch {
        // The card is back in its column (store rollback); the API client showed why.
      } finally {
        setMoving((current) => {
          const next = new Set(current);
          next.delete(task.uid);
          return next;
        });
      }
    },
    [t],
  );
  const endDrag = useCallback(() => setDragging(null), []);

  return (
    <Container
      disableContentPaddings
      header={
        <Header
          variant="h2"
          description={t('tasks.kanban.dragHint')}
          actions={
            <Toggle checked={showAll} onChange={({ detail }) => setShowAll(detail.checked)} description={t('tasks.kanban.showAllHint')}>
              {t('tasks.kanban.showAll')}
            </Toggle>
          }
        >
          {t('tasks.kanban.label')}
        </Header>
      }
    >
      <div
        data-testid="kanban"
        role="region"
        aria-label={t('tasks.kanban.label')}
        tabIndex={0}
        style={{ display: 'flex', gap: 12, overflowX: 'auto', padding: 12, alignItems: 'stretch' }}
      >
        {statuses.map((status) => (
          <KanbanColumn
            key={status}
            status={status}
            cards={groups.get(status) ?? []}
            list={board.columns[status]}
            onLoadMore={board.loadMore}
            dragging={dragging}
            moving={moving}
            onDragStart={setDragging}
            onDragEnd={endDrag}
            onMove={move}
            brandOf={(task) => brandName(task, projects)}
            assigneeOf={(task) => assigneeLabel(task.assignee, team)}
          />
        ))}
      </div>
      <div aria-live="polite" style={visuallyHiddenStyle}>
        {announcement}
      </div>
    </Container>
  );
};

type KanbanColumnProps = {
  status: TaskStatus;
  cards: Task[];
  list: PagedList | undefined;
  onLoadMore: (status: TaskStatus) => void;
  dragging: Task | null;
  moving: ReadonlySet<string>;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
  onMove: (task: Task, status: TaskStatus) => void;
  brandOf: (task: Task) => string;
  assigneeOf: (task: Task) => string;
};

const KanbanColumn = ({ status, cards, list, onLoadMore, dragging, moving, onDragStart, onDragEnd, onMove, brandOf, assigneeOf }: KanbanColumnProps) => {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const windowed = useWindowedList(cards.length, CARD_HEIGHT, OVERSCAN);
  const hasMore = !!list?.cursor;
  const loadingMore = !!list?.loadingMore;
  const loading = !list || list.status === 'loading';
  const droppable = dragging ? canDropOn(dragging.status, status) && dragging.status !== status : false;
  const forbidden = !!dragging && !canDropOn(dragging.status, status);

  // Near the end of what is loaded: fetch the next page without a click.
  useEffect(() => {
    if (hasMore && !loadingMore && !loading && nearEnd(windowed, cards.length, PREFETCH_CARDS)) onLoadMore(status);
  }, [hasMore, loadingMore, loading, windowed, cards.length, onLoadMore, status]);

  const accept = (event: DragEvent) => droppable && event.dataTransfer.types.includes(TASK_DRAG_TYPE);
  const count = t(hasMore ? 'tasks.kanban.columnCountMore' : 'tasks.kanban.columnCount', { count: cards.length });

  const columnStyle: CSSProperties = {
    flex: `0 0 ${COLUMN_WIDTH}px`,
    width: COLUMN_WIDTH,
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusContainer,
    background: tokens.colorBackgroundLayoutMain,
    border: `2px ${over && droppable ? 'solid' : 'dashed'} ${droppable ? tokens.colorBorderItemFocused : 'transparent'}`,
    opacity: forbidden ? 0.45 : 1,
    transition: 'opacity 120ms',
  };

  return (
    <section
      data-testid="kanban-column"
      data-status={status}
      aria-label={t('tasks.kanban.columnLabel', { status: statusLabel(status), count: cards.length })}
      aria-disabled={forbidden || undefined}
      style={columnStyle}
      onDragOver={(event) => {
        if (!accept(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
      }}
      onDragEnter={(event) => {
        if (accept(event)) setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        if (!dragging || !accept(event)) return;
        event.preventDefault();
        onMove(dragging, status);
        onDragEnd();
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '10px 12px 6px' }}>
        <h3 style={{ margin: 0, fontSize: tokens.fontSizeHeadingS, lineHeight: tokens.lineHeightHeadingS }}>
          <TaskStatusBadge status={status} />
        </h3>
        <Box variant="small" color="text-body-secondary">
          {loading ? '' : count}
        </Box>
      </div>
      {forbidden && (
        <Box variant="small" color="text-status-inactive" padding={{ horizontal: 's' }}>
          {t('tasks.kanban.notAllowed')}
        </Box>
      )}
      <div
        ref={windowed.ref}
        onScroll={windowed.onScroll}
        style={{ height: 'max(420px, calc(100vh - 420px))', overflowY: 'auto', padding: '0 8px 8px' }}
      >
        {loading ? (
          <Box padding="s">
            <StatusIndicator type="loading">{t('tasks.loading')}</StatusIndicator>
          </Box>
        ) : list?.status === 'error' ? (
          <Box padding="s" color="text-status-error">
            {t('tasks.loadFailed')}
          </Box>
        ) : cards.length === 0 ? (
          <Box padding="s" color="text-body-secondary" textAlign="center">
            {droppable ? t('tasks.kanban.dropHere') : t('tasks.kanban.emptyColumn')}
          </Box>
        ) : (
          <div style={{ height: windowed.totalHeight, position: 'relative' }}>
            <ul role="list" style={{ listStyle: 'none', margin: 0, padding: 0, position: 'absolute', top: windowed.offset, left: 0, right: 0 }}>
              {cards.slice(windowed.start, windowed.end).map((task, index) => (
                <li key={task.uid} aria-setsize={cards.length} aria-posinset={windowed.start + index + 1} style={{ height: CARD_HEIGHT }}>
                  <KanbanCard
                    task={task}
                    brand={brandOf(task)}
                    assignee={assigneeOf(task)}
                    moving={moving.has(task.uid)}
                    onDragStart={onDragStart}
                    onDragEnd={onDragEnd}
                    onMove={onMove}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
        {hasMore && !loading && (
          <Box textAlign="center" padding={{ top: 'xs' }}>
            <Button variant="link" loading={loadingMore} onClick={() => onLoadMore(status)}>
              {t('tasks.kanban.loadMore')}
            </Button>
          </Box>
        )}
      </div>
    </section>
  );
};
