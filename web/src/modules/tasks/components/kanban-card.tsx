import Box from '@cloudscape-design/components/box';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import * as tokens from '@cloudscape-design/design-tokens';
import { useDraggable, type DraggableAttributes, type DraggableSyntheticListeners } from '@dnd-kit/core';
import { STATUS_TRANSITIONS, type Task, type TaskStatus } from '#shared/schemas/task';
import { BOARD_ORDER } from '../internal/kanban-columns';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { TaskTimerButton } from '../../time-tracking/components/task-timer-button';
import { openTask } from '../task-events';
import { statusLabel, TYPE_ICONS, typeLabel } from '../task-labels';
import { taskPath } from './task-table-config';

/** Every card is this tall (px), gap included: the board's windowing counts on it. */
export const CARD_HEIGHT = 136;
const CARD_GAP = 8;

const cardStyle: CSSProperties = {
  boxSizing: 'border-box',
  height: CARD_HEIGHT - CARD_GAP,
  padding: '8px 10px',
  borderRadius: tokens.borderRadiusContainer,
  border: `1px solid ${tokens.colorBorderDividerDefault}`,
  background: tokens.colorBackgroundContainerContent,
  boxShadow: `0 1px 1px ${tokens.colorBorderDividerDefault}`,
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  cursor: 'grab',
};
const handleStyle: CSSProperties = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 24,
  height: 24,
  padding: 0,
  border: 'none',
  borderRadius: tokens.borderRadiusButton,
  background: 'transparent',
  color: tokens.colorTextBodySecondary,
  cursor: 'grab',
};
const clamp: CSSProperties = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' };
const oneLine: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

/** What the board's drag carries. */
export type CardDragData = { task: Task };

type DragBinding = {
  setCardRef: (node: HTMLElement | null) => void;
  setHandleRef: (node: HTMLElement | null) => void;
  /** Pointer and touch listeners: a drag may start anywhere on the card. */
  cardListeners: DraggableSyntheticListeners;
  /** The keyboard listener and the ARIA of a draggable: on the move handle only, so Enter on the link still opens. */
  handleListeners: DraggableSyntheticListeners;
  handleAttributes: DraggableAttributes;
};

export type KanbanCardProps = {
  task: Task;
  brand: string;
  assignee: string;
  /** The card is on its way to another column (the server has not answered yet). */
  moving: boolean;
  /** The other way: "Move to…" in the card's menu. */
  onMove: (task: Task, status: TaskStatus) => void;
  /** The card as the pointer carries it (the drag overlay): no menu, no handlers. */
  lifted?: boolean;
  /** Left empty when lifted. */
  drag?: DragBinding;
};

/** One task on the board: number, type, summary (opens the task), brand, assignee and due date. */
export const KanbanCard = memo(({ task, brand, assignee, moving, onMove, lifted = false, drag }: KanbanCardProps) => {
  const { t } = useTranslation();
  const items: ButtonDropdownProps.ItemOrGroup[] = [
    { id: 'open', text: t('tasks.kanban.open') },
    {
      text: t('tasks.kanban.moveTo'),
      items: BOARD_ORDER.filter((status) => STATUS_TRANSITIONS[task.status].includes(status)).map((status) => ({ id: `move:${status}`, text: statusLabel(status) })),
    },
  ];
  return (
    <div
      ref={drag?.setCardRef}
      data-testid={lifted ? 'kanban-card-lifted' : 'kanban-card'}
      data-task-id={task.uid}
      {...drag?.cardListeners}
      style={{ ...cardStyle, opacity: moving ? 0.6 : 1, boxShadow: lifted ? `0 4px 12px ${tokens.colorBorderDividerDefault}` : cardStyle.boxShadow }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <button
          type="button"
          ref={drag?.setHandleRef}
          {...drag?.handleListeners}
          {...drag?.handleAttributes}
          aria-label={t('tasks.kanban.dragHandle', { id: String(task.id) })}
          tabIndex={lifted ? -1 : 0}
          style={handleStyle}
        >
          <Icon name="drag-indicator" size="small" />
        </button>
        <Box variant="small" fontWeight="bold" color="text-body-secondary">
          {t('tasks.number', { id: String(task.id) })}
        </Box>
        <Box variant="small" color="text-body-secondary">
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
            <Icon name={TYPE_ICONS[task.ticket_type]} size="small" />
            {typeLabel(task.ticket_type)}
          </span>
        </Box>
        {!lifted && (
          <div style={{ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: 2 }}>
            <TaskTimerButton task={task} />
            <ButtonDropdown
              variant="icon"
              ariaLabel={t('tasks.kanban.cardActions', { id: String(task.id) })}
              items={items}
              expandToViewport
              onItemClick={({ detail }) => {
                if (detail.id === 'open') openTask(task.uid);
                else if (detail.id.startsWith('move:')) onMove(task, detail.id.slice('move:'.length) as TaskStatus);
              }}
            />
          </div>
        )}
      </div>
      <div style={clamp}>
        <Link
          href={taskPath(task)}
          onFollow={(event) => {
            event.preventDefault();
            openTask(task.uid);
          }}
        >
          {task.summary}
        </Link>
      </div>
      <div style={{ marginTop: 'auto', ...oneLine }}>
        <Box variant="small" color="text-body-secondary">
          {brand}
        </Box>
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span style={oneLine}>
          <Box variant="small">{assignee}</Box>
        </span>
        {task.due_date && (
          <span style={{ whiteSpace: 'nowrap' }}>
            <Box variant="small" color="text-body-secondary">
              {t('tasks.kanban.due', { date: formatDate(task.due_date) })}
            </Box>
          </span>
        )}
      </div>
    </div>
  );
});
KanbanCard.displayName = 'KanbanCard';

export type DraggableKanbanCardProps = Omit<KanbanCardProps, 'lifted' | 'drag'>;

/**
 * A card the board can drag: by pointer or touch anywhere on it, by keyboard from its move handle. While it is
 * carried, the drag overlay shows it and the card itself stays in place, faded.
 */
export const DraggableKanbanCard = (props: DraggableKanbanCardProps) => {
  const { task } = props;
  const data: CardDragData = { task };
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: task.uid, data });
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  const drag: DragBinding = {
    setCardRef: setNodeRef,
    setHandleRef: setActivatorNodeRef,
    cardListeners: pointerListeners,
    handleListeners: onKeyDown ? { onKeyDown } : undefined,
    handleAttributes: attributes,
  };
  return <KanbanCard {...props} moving={props.moving || isDragging} drag={drag} />;
};
