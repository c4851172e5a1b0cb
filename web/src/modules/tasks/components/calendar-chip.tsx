import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import * as tokens from '@cloudscape-design/design-tokens';
import type { Task } from '#shared/schemas/task';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { openTask } from '../task-events';
import { statusLabel } from '../task-labels';
import { taskPath } from './task-table-config';

/** What a calendar drag carries: the task's uid under the app's own type (a link dropped elsewhere stays a link). */
export const TASK_DRAG_TYPE = 'application/x-brandslate-task';

const chipStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 2,
  borderRadius: tokens.borderRadiusBadge,
  background: tokens.colorBackgroundContainerHeader,
  border: `1px solid ${tokens.colorBorderDividerDefault}`,
  padding: '0 2px 0 6px',
  cursor: 'grab',
  minWidth: 0,
  userSelect: 'none',
};
const chipLabel: CSSProperties = {
  flex: 1,
  minWidth: 0,
  padding: '2px 0',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
};

export type CalendarChipProps = {
  task: Task;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
  onMoveRequest: (task: Task) => void;
};

/** A task on its due day: its number and summary open it; the calendar button beside it moves it by keyboard. */
export const CalendarChip = ({ task, onDragStart, onDragEnd, onMoveRequest }: CalendarChipProps) => {
  const { t } = useTranslation();
  const label = t('tasks.taskLabel', { id: String(task.id), summary: task.summary });
  return (
    <div
      data-testid="calendar-task"
      data-task-id={task.uid}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(TASK_DRAG_TYPE, task.uid);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart(task);
      }}
      onDragEnd={onDragEnd}
      style={chipStyle}
      title={`${label} · ${statusLabel(task.status)}`}
    >
      {/* A link (not a button) so a drag may start on it; a click opens the dialog, a middle click the page. */}
      <span style={chipLabel}>
        <Link
          href={taskPath(task)}
          fontSize="body-s"
          onFollow={(event) => {
            event.preventDefault();
            openTask(task.uid);
          }}
        >
          {label}
        </Link>
      </span>
      <Button variant="inline-icon" iconName="calendar" ariaLabel={t('tasks.calendar.moveTo', { id: String(task.id) })} onClick={() => onMoveRequest(task)} />
    </div>
  );
};
