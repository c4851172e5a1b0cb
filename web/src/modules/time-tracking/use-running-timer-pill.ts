import type { TopNavigationProps } from '@cloudscape-design/components/top-navigation';
import { useTranslation } from 'react-i18next';
import { useTaskDetail } from '../task-detail/use-task-detail';
import { taskPath } from '../tasks/components/task-table-config';
import { openTask } from '../tasks/task-events';
import { formatClock, entrySeconds } from './duration';
import { stopTimer } from './time-service';
import { useMyRunningEntries, useNow } from './use-task-timer';
import { useAction } from '../notifications/use-action';

/**
 * The top bar's running-timer pill: my newest running timer's time (h:mm:ss, from its start, so it survives
 * navigation, closing the task and a reload) and its task, which it opens; beside it, Stop. Nothing while no timer
 * of mine runs.
 */
export const useRunningTimerPill = (): TopNavigationProps.Utility[] => {
  const { t } = useTranslation();
  const entry = useMyRunningEntries()[0];
  const now = useNow(!!entry);
  const { task } = useTaskDetail(entry?.task_uid);
  const { busy, run } = useAction();
  if (!entry) return [];
  const clock = formatClock(entrySeconds(entry, now));
  const name = task ? t('tasks.taskLabel', { id: String(task.id), summary: task.summary }) : t('timerPill.aTask');
  const open = (event: CustomEvent) => {
    event.preventDefault();
    openTask(entry.task_uid);
  };
  const text = task ? `${clock} · #${task.id}` : clock;
  return [
    {
      type: 'button',
      text,
      title: name,
      iconName: 'status-in-progress',
      // The name starts with what the pill shows, so speech input can say what it sees.
      ariaLabel: t('timerPill.label', { text, summary: task?.summary ?? '' }),
      href: task ? taskPath(task) : undefined,
      onClick: task ? undefined : open,
      onFollow: open,
      disableUtilityCollapse: true,
    },
    {
      type: 'button',
      text: busy ? t('timerPill.stopping') : t('timerPill.stop'),
      iconName: 'stop-circle',
      ariaLabel: t('timerPill.stopOn', { id: task ? String(task.id) : '', summary: task?.summary ?? '' }),
      onClick: () => run('stop', () => stopTimer({ uid: entry.task_uid, workspaceUid: task?.workspace_uid }, entry.uid), t('timerPill.stopped', { clock })),
    },
  ];
};
