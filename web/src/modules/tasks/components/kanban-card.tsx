import Box from '@cloudscape-design/components/box';
import ButtonDropdown, { type ButtonDropdownProps } from '@cloudscape-design/components/button-dropdown';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import * as tokens from '@cloudscape-design/design-tokens';
import { STATUS_TRANSITIONS, type Task, type TaskStatus } from '#shared/schemas/task';
import { memo, type CSSProperties, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../ui/format-date';
import { openTask } from '../task-events';
import { statusLabel, TYPE_ICONS, typeLabel } from '../task-labels';
import { taskPath } from './task-table-config';

/** Every card is this tall (px), gap included: the board's windowing counts on it. */
export const CARD_HEIGHT = 136;
const CARD_GAP = 8;

/** What a drag carries: the task's uid under the app's own type (a link dropped elsewhere stays a link). */
export const TASK_DRAG_TYPE = 'application/x-brandslate-task';

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
const clamp: CSSProperties = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', wordBreak: 'break-word' };
const oneLine: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

export type KanbanCardProps = {
  task: Task;
  brand: string;
  assignee: string;
  /** The card is on its way to another column (the server has not answered yet). */
  moving: boolean;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
  /** The keyboard way: "Move to…" in the card's menu. */
  onMove: (task: Task, status: TaskStatus) => void;
};

/** One task on the board: number, type, summary (opens the task), brand, assignee and due date. */
export const KanbanCard = memo(({ task, brand, assignee, moving, onDragStart, onDragEnd, onMove }: KanbanCardProps) => {
  const { t } = useTranslation();
  const items: ButtonDropdownProps.ItemOrGroup[] = [
    { id: 'open', text: t('tasks.kanban.open') },
    {
      text: t('tasks.kanban.moveTo'),
      items: STATUS_TRANSITIONS[task.status].map((status) => ({ id: `move:${status}`, text: statusLabel(status) })),
    },
  ];
  return (
    <div
      data-testid="kanban-card"
      data-task-id={task.uid}
      draggable
      onDragStart={(event: DragEvent<HTMLDivElement>) => {
        event.dataTransfer.setData(TASK_DRAG_TYPE, task.uid);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(task);
      }}
      onDragEnd={onDragEnd}
      style={{ ...cardStyle, opacity: moving ? 0.6 : 1 }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <Box variant="small" fontWeight="bold" color="text-body-secondary">
          {t('tasks.number', { id: String(task.id) })}
        </Box>
        <Box variant="small" color="text-body-secondary">
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
            <Icon name={TYPE_ICONS[task.ticket_type]} size="small" />
            {typeLabel(task.ticket_type)}
          </span>
        </Box>
        <div style={{ marginLeft: 'auto' }}>
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
