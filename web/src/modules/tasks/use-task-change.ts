import type { UpdateTaskBody } from '#shared/schemas/task';
import { useMutation, useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';
import { updateTask } from './task-service';

export type TaskChange = { uid: string; patch: UpdateTaskBody };

const TASK_CHANGE = ['task-change'] as const;

/**
 * A change made from a view (a drag, a menu, an inline edit): it shows at once through the task store, and a
 * refusal puts the task back while the API client shows the catalogue's reason. Callers pass `onSuccess` to say
 * it is done.
 */
export const useTaskChange = () => useMutation({ mutationKey: TASK_CHANGE, mutationFn: ({ uid, patch }: TaskChange) => updateTask(uid, patch) });

/** The tasks whose change the server has not answered yet (a card on its way to another column). */
export const useChangingTasks = (): ReadonlySet<string> => {
  const pending = useMutationState({
    filters: { mutationKey: TASK_CHANGE, status: 'pending' },
    select: (mutation) => (mutation.state.variables as TaskChange | undefined)?.uid ?? '',
  });
  // useMutationState shares structure: the same uids give the same array.
  return useMemo(() => new Set(pending), [pending]);
};
