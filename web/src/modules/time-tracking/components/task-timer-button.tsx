import Button from '@cloudscape-design/components/button';
import type { Task } from '#shared/schemas/task';
import { useTranslation } from 'react-i18next';
import { useTaskTimer } from '../use-task-timer';

export type TaskTimerButtonProps = {
  task: Pick<Task, 'uid' | 'id' | 'summary' | 'workspace_uid'>;
  /** 'icon': a play/stop icon for a row or a card; 'normal': a labelled button. */
  variant?: 'icon' | 'normal';
};

/** Starts my timer on the task, or stops it while it runs; absent for a role that does not track time. */
export const TaskTimerButton = ({ task, variant = 'icon' }: TaskTimerButtonProps) => {
  const { t } = useTranslation();
  const timer = useTaskTimer(task);
  if (!timer.allowed) return null;
  const label = t(timer.running ? 'timerPill.stopOn' : 'timerPill.startOn', { id: String(task.id), summary: task.summary });
  return (
    <Button
      variant={variant === 'icon' ? 'inline-icon' : 'normal'}
      iconName={timer.running ? 'stop-circle' : 'play'}
      // The labelled button says what it does in its own words (its visible text is its name).
      ariaLabel={variant === 'icon' ? label : undefined}
      loading={timer.busy}
      onClick={timer.toggle}
    >
      {variant === 'icon' ? undefined : t(timer.running ? 'timeTracking.stop' : 'timeTracking.start')}
    </Button>
  );
};
