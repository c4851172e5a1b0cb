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
