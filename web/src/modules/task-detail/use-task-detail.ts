import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/client';
import { getTask } from '../tasks/task-service';
import { useTask } from '../tasks/task-store';
import type { TaskLoad } from './task-page-state';

/**
 * Loads a task by uid into the task store and follows it there, so a change made anywhere (the kanban, the
 * form, this detail) shows here too. A failure is the caller's to explain (not found, no access).
 */
export const useTaskDetail = (uid: string | undefined, enabled = true) => {
  const task = useTask(uid);
  const [load, setLoad] = useState<TaskLoad>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!uid || !enabled) {
      setLoad({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getTask(uid, { notify: false, signal: controller.signal })
      .then(() => setLoad({ status: 'loaded' }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'error', errorStatus: isApiError(error) ? error.status : undefined });
      });
    return () => controller.abort();
  }, [uid, enabled, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { task: load.status === 'loaded' ? task : undefined, load, retry };
};

/** Fetches the task again (its total spent, review link) after a change made through another route. */
export const refreshTask = (uid: string) => getTask(uid, { notify: false }).catch(() => undefined);
