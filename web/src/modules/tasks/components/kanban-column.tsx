import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import * as tokens from '@cloudscape-design/design-tokens';
import { useDroppable } from '@dnd-kit/core';
import type { Task, TaskStatus } from '#shared/schemas/task';
import { useEffect, useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { canDropOn, isCollapsed } from '../internal/kanban-columns';
import { useWindowedList } from '../internal/use-windowed-list';
import { nearEnd } from '../internal/window-range';
import { statusLabel } from '../task-labels';
import type { ListTasksInput } from '../task-query';
import { usePagedTasks } from '../use-task-lists';
import { CARD_HEIGHT, DraggableKanbanCard } from './kanban-card';
import { TaskStatusBadge } from './task-status-badge';

/**
 * An open column takes its share of the board's width within these bounds (the board scrolls beyond); a narrow
 * one shows only its name and count, so a laptop sees the whole pipeline at once.
 */
const COLUMN_MIN_WIDTH = 220;
const COLUMN_MAX_WIDTH = 320;
const NARROW_WIDTH = 40;
/** Cards mounted beyond each edge of a column's view. */
const OVERSCAN = 3;
/** The next page loads when the reader is this many cards from the end. */
const PREFETCH_CARDS = 6;

export type KanbanColumnProps = {
  workspaceId: string;
  status: TaskStatus;
  /** The column's list query (the filters with this status). */
  query: ListTasksInput;
  /** The cards whose current status is this one, from every column's loaded pages (the board groups them). */
  cards: Task[];
  /** Tells the board which uids this column loaded. */
  onLoaded: (status: TaskStatus, uids: string[]) => void;
  /** The uids the board has from this column: `cards` are up to date once they are this column's own. */
  reported: string[] | undefined;
  /** The card being dragged, if any. */
  dragging: Task | null;
  moving: ReadonlySet<string>;
  onMove: (task: Task, status: TaskStatus) => void;
  brandOf: (task: Task) => string;
  assigneeOf: (task: Task) => string;
  /** Left out of the board while it has no card (a detour of the pipeline). */
  optional: boolean;
  /** The reader opened (true) or narrowed (false) this column; undefined: as its status and count say. */
  chosen: boolean | undefined;
  onChoose: (status: TaskStatus, open: boolean) => void;
};

/**
 * One status of the board: its own pages (the next loads near the end), only the cards in view mounted, and a drop
 * target that a dragged card may use when the transition table lets it; else it looks disabled.
 */
export const KanbanColumn = (props: KanbanColumnProps) => {
  const { workspaceId, status, query, cards, onLoaded, reported, dragging, moving, onMove, brandOf, assigneeOf, optional, chosen, onChoose } = props;
  const { t } = useTranslation();
  const list = usePagedTasks(workspaceId, query);
  const uids = useMemo(() => list.pages.flat(), [list.pages]);
  useEffect(() => onLoaded(status, uids), [onLoaded, status, uids]);

  const allowed = !!dragging && canDropOn(dragging.status, status);
  const droppable = allowed && dragging?.status !== status;
  const forbidden = !!dragging && !allowed;
  const { setNodeRef, isOver } = useDroppable({ id: status, disabled: !allowed });

  const windowed = useWindowedList(cards.length, CARD_HEIGHT, OVERSCAN);
  const hasMore = !!list.cursor;
  const loading = list.status === 'loading';
  const { loadMore, loadingMore } = list;
  // Near the end of what is loaded: fetch the next page without a click (judged once the board has this page's cards).
  const synced = reported === uids;
  useEffect(() => {
    if (synced && hasMore && !loadingMore && !loading && nearEnd(windowed, cards.length, PREFETCH_CARDS)) loadMore();
  }, [synced, hasMore, loadingMore, loading, windowed, cards.length, loadMore]);

  const count = t(hasMore ? 'tasks.kanban.columnCountMore' : 'tasks.kanban.columnCount', { count: cards.length });
  const collapsed = isCollapsed(status, { loading, count: cards.length, chosen });
  // Hooks above run for a column left out too: its first page says whether it has cards to show.
  if (optional && cards.length === 0 && !chosen) return null;
  const frame: CSSProperties = {
    borderRadius: tokens.borderRadiusContainer,
    background: tokens.colorBackgroundLayoutMain,
    border: `2px ${isOver && droppable ? 'solid' : 'dashed'} ${droppable ? tokens.colorBorderItemFocused : 'transparent'}`,
    opacity: forbidden ? 0.45 : 1,
    transition: 'opacity 120ms',
  };
  const label = t('tasks.kanban.columnLabel', { status: statusLabel(status), count: cards.length });

  if (collapsed) {
    return (
      <section
        ref={setNodeRef}
        data-testid="kanban-column"
        data-status={status}
        data-collapsed="true"
        aria-label={label}
        aria-disabled={forbidden || undefined}
        data-over={(isOver && droppable) || undefined}
        aria-busy={loading || undefined}
        style={{ ...frame, flex: `0 0 ${NARROW_WIDTH}px`, width: NARROW_WIDTH, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
      >
        <Button
          variant="icon"
          iconName="angle-right"
          ariaLabel={t('pipeline.kanban.expand', { status: statusLabel(status), count: loading ? 0 : cards.length })}
          ariaExpanded={false}
          onClick={() => onChoose(status, true)}
        />
        <Box variant="small" fontWeight="bold" color="text-body-secondary">
          <span aria-hidden="true">{loading ? '' : count}</span>
        </Box>
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={() => onChoose(status, true)}
          style={{ writingMode: 'vertical-rl', border: 'none', background: 'transparent', padding: '8px 0', cursor: 'pointer', color: 'inherit', font: 'inherit' }}
        >
          <TaskStatusBadge status={status} />
        </button>
      </section>
    );
  }

  const columnStyle: CSSProperties = {
    ...frame,
    flex: `1 0 ${COLUMN_MIN_WIDTH}px`,
    minWidth: COLUMN_MIN_WIDTH,
    maxWidth: COLUMN_MAX_WIDTH,
    display: 'flex',
    flexDirection: 'column',
  };

  return (
    <section
      ref={setNodeRef}
      data-testid="kanban-column"
      data-status={status}
      aria-label={label}
      aria-disabled={forbidden || undefined}
      data-over={(isOver && droppable) || undefined}
      aria-busy={loading || undefined}
      style={columnStyle}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '10px 8px 6px 12px' }}>
        <h3 style={{ margin: 0, fontSize: tokens.fontSizeHeadingS, lineHeight: tokens.lineHeightHeadingS, flex: 1, minWidth: 0 }}>
          <TaskStatusBadge status={status} />
        </h3>
        <Box variant="small" color="text-body-secondary">
          {loading ? '' : count}
        </Box>
        <Button variant="icon" iconName="angle-left" ariaLabel={t('pipeline.kanban.collapse', { status: statusLabel(status) })} ariaExpanded onClick={() => onChoose(status, false)} />
      </div>
      {forbidden && (
        <Box variant="small" color="text-status-inactive" padding={{ horizontal: 's' }}>
          {t('tasks.kanban.notAllowed')}
        </Box>
      )}
      <div ref={windowed.ref} onScroll={windowed.onScroll} style={{ height: 'max(420px, calc(100vh - 420px))', overflowY: 'auto', padding: '0 8px 8px' }}>
        {loading ? (
          <Box padding="s">
            <StatusIndicator type="loading">{t('tasks.loading')}</StatusIndicator>
          </Box>
        ) : list.status === 'error' ? (
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
                  <DraggableKanbanCard task={task} brand={brandOf(task)} assignee={assigneeOf(task)} moving={moving.has(task.uid)} onMove={onMove} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {hasMore && !loading && (
          <Box textAlign="center" padding={{ top: 'xs' }}>
            <Button variant="link" loading={loadingMore} onClick={loadMore}>
              {t('tasks.kanban.loadMore')}
            </Button>
          </Box>
        )}
      </div>
    </section>
  );
};
