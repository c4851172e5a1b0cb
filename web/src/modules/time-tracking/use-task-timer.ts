import type { Task } from '#shared/schemas/task';
import { useEffect, useState } from 'react';
import { useAuthStore } from '../auth/auth-store';
import { useAction } from '../notifications/use-action';
import { taskRef } from '../task-detail/task-api';
import { useCan, useWorkspaceStore } from '../workspaces/workspace-store';
import { startTimer, stopTimer } from './time-service';

/** Ticks once a second while `running`, so a running time counts up. */
export const useNow = (running: boolean) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
};

/** My running timers in the current workspace, newest first (from the workspace's time entries, kept fresh). */
export const useMyRunningEntries = () => {
  const me = useAuthStore((state) => state.user?.uid);
  const entries = useWorkspaceStore((state) => state.timeEntries?.entries);
  return (entries ?? []).filter((entry) => !entry.ended_at && entry.user_uid === me);
};

/**
 * Start or stop my timer on one task, from anywhere a task is shown (a table row, a kanban card, the task itself);
 * the top bar's pill follows. `allowed` is false for a role without time tracking.
 */
export const useTaskTimer = (task: Pick<Task, 'uid' | 'workspace_uid'>) => {
  const allowed = useCan('time.write');
  const running = useMyRunningEntries().find((entry) => entry.task_uid === task.uid);
  const { busy, run } = useAction();
  const ref = taskRef(task);
  const start = () => run('timer', () => startTimer(ref));
  const stop = () => {
    if (running) run('timer', () => stopTimer(ref, running.uid));
  };
  return { allowed, running: !!running, entry: running, busy: busy === 'timer', start, stop, toggle: () => (running ? stop() : start()) };
};
