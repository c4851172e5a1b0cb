import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import * as tokens from '@cloudscape-design/design-tokens';
import type { Task } from '#shared/schemas/task';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { openTask } from '../task-events';
import { statusLabel } from '../task-labels';
import { statusTone, TaskStatusIcon, type StatusTone } from './task-status-badge';
import { taskPath } from './task-table-config';

/** What a calendar drag carries: the task's uid under the app's own type (a link dropped elsewhere stays a link). */
export const TASK_DRAG_TYPE = 'application/x-brandslate-task';

/** A chip's colours by its status's tone: a tinted background and a strong left edge, beside the status icon. */
const TONES: Readonly<Record<StatusTone, { background: string; edge: string }>> = {
  grey: { background: tokens.colorBackgroundContainerHeader, edge: tokens.colorTextStatusInactive },
  blue: { background: tokens.colorBackgroundStatusInfo, edge: tokens.colorBorderStatusInfo },
  green: { background: tokens.colorBackgroundStatusSuccess, edge: tokens.colorBorderStatusSuccess },
  yellow: { background: tokens.colorBackgroundStatusWarning, edge: tokens.colorBorderStatusWarning },
  red: { background: tokens.colorBackgroundStatusError, edge: tokens.colorBorderStatusError },
};

const chipStyle: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  borderRadius: tokens.borderRadiusBadge,
  border: `1px solid ${tokens.colorBorderDividerDefault}`,
  padding: '0 2px 0 4px',
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

/**
 * A task on its due day, coloured by its status with the status's icon (named for screen readers; colour is never
 * the only sign): its number and summary open it; the calendar button beside it moves it by keyboard.
 */
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
      data-status={task.status}
      style={{ ...chipStyle, background: TONES[statusTone(task.status)].background, borderLeft: `4px solid ${TONES[statusTone(task.status)].edge}` }}
      title={`${label} · ${statusLabel(task.status)}`}
    >
      <TaskStatusIcon status={task.status} />
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
