import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TaskStatus } from '#shared/schemas/task';
import { statusLabel } from '../task-labels';

/** How each status looks: planning grey, working blue, waiting yellow, good green, refused red. */
const LOOK: Readonly<Record<TaskStatus, { type: StatusIndicatorProps.Type; color?: StatusIndicatorProps.Color }>> = {
  draft: { type: 'not-started' },
  todo: { type: 'pending' },
  in_progress: { type: 'in-progress' },
  paused: { type: 'stopped' },
  blocked: { type: 'warning' },
  needs_approval: { type: 'info', color: 'yellow' },
  in_review: { type: 'info' },
  approved: { type: 'success' },
  rejected: { type: 'error' },
  will_not_do: { type: 'stopped', color: 'grey' },
  done: { type: 'success' },
  published: { type: 'success', color: 'blue' },
  posted: { type: 'success', color: 'blue' },
};

export type TaskStatusBadgeProps = { status: TaskStatus; wrapText?: boolean };

/** A task's status: icon and colour beside the words (never colour alone). */
export const TaskStatusBadge = ({ status, wrapText = false }: TaskStatusBadgeProps) => {
  const look = LOOK[status];
  return (
    <StatusIndicator type={look.type} colorOverride={look.color} wrapText={wrapText}>
      {statusLabel(status)}
    </StatusIndicator>
  );
};

/** The colour family of a status (StatusIndicator's own for its type unless the look overrides it). */
export type StatusTone = 'grey' | 'blue' | 'green' | 'yellow' | 'red';
const TYPE_TONE: Readonly<Record<StatusIndicatorProps.Type, StatusTone>> = {
  error: 'red',
  warning: 'yellow',
  success: 'green',
  info: 'blue',
  stopped: 'grey',
  pending: 'grey',
  'in-progress': 'blue',
  loading: 'grey',
  'not-started': 'grey',
  log: 'grey',
};
export const statusTone = (status: TaskStatus): StatusTone => LOOK[status].color ?? TYPE_TONE[LOOK[status].type];

/** A status as its icon alone where space is short; the icon carries the status name for assistive technology. */
export const TaskStatusIcon = ({ status }: { status: TaskStatus }) => (
  <StatusIndicator type={LOOK[status].type} colorOverride={LOOK[status].color} iconAriaLabel={statusLabel(status)} />
);
