import { db } from './db';
import { cancelledOutcome, type GuardedOutcome } from './conditions';
import { MAX_TRANSACTION_ITEMS, patchOf, unchangedSince, type TaskChange, type TaskItem } from './tasks';

/**
 * Writes the changes of several tasks, with their activities and notification events, in one TransactWriteItems, each conditioned on its
 * task being the version read (pattern: bulkUpdateTasks): all or none. `stale`: one changed meanwhile.
 */
export const bulkUpdateTransaction = async (changes: readonly TaskChange[]): Promise<GuardedOutcome> => {
  const count = changes.reduce((sum, change) => sum + 1 + (change.activity ? 1 : 0) + (change.events?.length ?? 0), 0);
  if (count > MAX_TRANSACTION_ITEMS) throw new Error(`A bulk update of ${count} items does not fit one transaction`);
  const { canceled, data } = await db()
    .transaction.write(({ task, taskActivity, notificationEvent }) =>
      changes.flatMap((change) => {
        const { set, remove } = patchOf(change);
        const key = { workspaceId: change.current.workspaceId, taskId: change.current.taskId };
        const patch = remove.length ? task.patch(key).set(set as never).remove(remove as never) : task.patch(key).set(set as never);
        return [
          patch.where(unchangedSince(change.current)).commit(),
          ...(change.activity ? [taskActivity.create(change.activity).commit()] : []),
          ...(change.events ?? []).map((event) => notificationEvent.create(event).commit()),
        ];
      }),
    )
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/**
 * Deletes several task items in one TransactWriteItems, each only if still the version read (pattern:
 * bulkUpdateTasks): all or none, and a task changed meanwhile (say, moved to a brand the caller cannot open) is
 * not deleted on the strength of an older check. What hung off each task is purged after (purgeTaskLeftovers).
 */
export const removeTaskItems = async (tasks: readonly TaskItem[]): Promise<GuardedOutcome> => {
  if (tasks.length > MAX_TRANSACTION_ITEMS) throw new Error(`A bulk delete of ${tasks.length} tasks does not fit one transaction`);
  const { canceled, data } = await db()
    .transaction.write(({ task }) =>
      tasks.map((item) =>
        task
          .delete({ workspaceId: item.workspaceId, taskId: item.taskId })
          .where((attr, op) => op.eq(attr.updatedAt, item.updatedAt))
          .commit(),
      ),
    )
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};
