import type { DataService } from './entities';
import type { IndexName } from './table-spec';
import { isConditionFailure } from './conditions';
import { NO_KEY, taskIndexAttributes } from './task-entities';
import type { TaskItem } from './tasks';

/**
 * Brings byOpen in line with the tasks of a table written before the index existed: every open task gets its
 * openUpdatedAt (so the index holds it), and a task that is no longer open loses one it carries. Not a request
 * path: one Scan of the table, then one conditional UpdateItem per task that is out of line.
 *
 * DynamoDB builds a new index from the attributes already on the items, so this runs BEFORE the index is created
 * (the local provisioning does so when it adds the index; in AWS, `scripts/reconcile-open-tasks.ts` against the
 * stage's table before the deploy that adds it), and, in AWS, once more after that deploy, for the tasks that
 * the previous code changed in between without knowing the attribute. It is idempotent and safe beside live
 * traffic: each write applies only if the task is still as scanned (the code that knows the index sets the
 * attribute itself on every write). Until it has run, the list drops byOpen entries whose key does not match
 * their task (see task-list.ts keepOf), so a stale entry is never shown.
 */

export type ReconcileReport = { scanned: number; fixed: number; changedMeanwhile: number };

/** What openUpdatedAt should be; a task without one that is not open is already right (not in the index). */
const outOfLine = (task: TaskItem) => {
  const wanted = taskIndexAttributes(task).openUpdatedAt;
  return (task.openUpdatedAt ?? NO_KEY) !== wanted ? wanted : undefined;
};

const WRITES_AT_ONCE = 8;

export const reconcileOpenTasks = async (service: DataService, onPage?: (report: ReconcileReport) => void): Promise<ReconcileReport> => {
  const report: ReconcileReport = { scanned: 0, fixed: 0, changedMeanwhile: 0 };
  const tasks = service.entities.task;
  let cursor: string | null = null;
  do {
    const page: { data: TaskItem[]; cursor: string | null } = await tasks.scan.go({ cursor, pages: 1 });
    report.scanned += page.data.length;
    const fixes = page.data.flatMap((task) => {
      const wanted = outOfLine(task);
      return wanted === undefined ? [] : [{ task, wanted }];
    });
    for (let i = 0; i < fixes.length; i += WRITES_AT_ONCE) {
      await Promise.all(
        fixes.slice(i, i + WRITES_AT_ONCE).map(async ({ task, wanted }) => {
          try {
            // Only this attribute: the other index attributes have writers of their own (the reminder job).
            await tasks
              .patch({ workspaceId: task.workspaceId, taskId: task.taskId })
              .set({ openUpdatedAt: wanted })
              .where(({ updatedAt, status }, { eq }) => `${eq(updatedAt, task.updatedAt)} AND ${eq(status, task.status)}`)
              .go({ response: 'none' });
            report.fixed++;
          } catch (error) {
            // Changed since the Scan (or gone): code that knows the index set the attribute with that write; a
            // change by older code is what the run after the deploy is for.
            if (!isConditionFailure(error)) throw error;
            report.changedMeanwhile++;
          }
        }),
      );
    }
    cursor = page.cursor;
    onPage?.(report);
  } while (cursor);
  return report;
};

/**
 * What must run on a table's existing items before an index is created on it (the attributes it is built from):
 * the local provisioning calls it when it adds a missing index.
 */
export const indexPreparations: Partial<Record<IndexName, (service: DataService) => Promise<ReconcileReport>>> = {
  byOpen: (service) => reconcileOpenTasks(service),
};
