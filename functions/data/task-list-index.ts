import type { DataService } from './entities';
import type { IndexName } from './table-spec';
import { NO_KEY, OPEN_INDEX_DEFINITION, taskIndexAttributes } from './task-entities';
import { DUE_INDEX_DEFINITION, reconcileDueIndex } from './task-due-index';
import { emptyReport, writeFixes, type ReconcileReport } from './task-reconcile';
import type { TaskItem } from './tasks';

/**
 * Brings byOpen in line with the tasks of a table written before the index existed, or under an earlier rule of
 * what is open (OPEN_STATUSES): every open task gets its openUpdatedAt (so the index holds it), and a task that is
 * not open loses one it carries. Not a request path: one Scan of the table, then one conditional UpdateItem per
 * task that is out of line; a complete run records the rule it applied (indexDefinitionEntity).
 *
 * DynamoDB builds a new index from the attributes already on the items, so this runs BEFORE the index is created
 * (the local provisioning does so when it adds the index; in AWS, `scripts/reconcile-open-tasks.ts` against the
 * stage's table before the deploy that adds it), and, in AWS, once more after that deploy, for the tasks that
 * the previous code changed in between without knowing the attribute. It is idempotent and safe beside live
 * traffic: each write applies only if the task is still as scanned (the code that knows the index sets the
 * attribute itself on every write). Until it has run, the list drops byOpen entries whose key does not match
 * their task (see task-list.ts keepOf), so a stale entry is never shown.
 */

export type { ReconcileReport } from './task-reconcile';

/** What openUpdatedAt should be; a task without one that is not open is already right (not in the index). */
const outOfLine = (task: TaskItem) => {
  const wanted = taskIndexAttributes(task).openUpdatedAt;
  return (task.openUpdatedAt ?? NO_KEY) !== wanted ? wanted : undefined;
};

export const reconcileOpenTasks = async (service: DataService, onPage?: (report: ReconcileReport) => void): Promise<ReconcileReport> => {
  const report = emptyReport();
  const tasks = service.entities.task;
  let cursor: string | null = null;
  do {
    const page: { data: TaskItem[]; cursor: string | null } = await tasks.scan.go({ cursor, pages: 1 });
    report.scanned += page.data.length;
    const fixes = page.data.flatMap((task) => {
      const wanted = outOfLine(task);
      return wanted === undefined ? [] : [{ task, wanted }];
    });
    // Only this attribute: the other index attributes have writers of their own (the reminder job).
    await writeFixes(
      fixes,
      ({ task, wanted }) =>
        tasks
          .patch({ workspaceId: task.workspaceId, taskId: task.taskId })
          .set({ openUpdatedAt: wanted })
          .where(({ updatedAt, status }, { eq }) => `${eq(updatedAt, task.updatedAt)} AND ${eq(status, task.status)}`)
          .go({ response: 'none' }),
      report,
    );
    cursor = page.cursor;
    onPage?.(report);
  } while (cursor);
  await markReconciled(service, 'byOpen', OPEN_INDEX_DEFINITION);
  return report;
};

/** The rule `index` was last reconciled with, if any run completed on this table. */
export const reconciledDefinition = async (service: DataService, index: IndexName): Promise<string | undefined> =>
  (await service.entities.indexDefinition.get({ index }).go()).data?.definition;

/** Records that every item of the table follows `definition` for `index` (a new table does from its first item). */
export const markReconciled = async (service: DataService, index: IndexName, definition: string) => {
  await service.entities.indexDefinition.put({ index, definition, reconciledAt: new Date().toISOString() }).go({ response: 'none' });
};

/**
 * What must run on a table's existing items so that an index derived from them holds what the code says: before
 * the index is created (DynamoDB builds it from the attributes already there), and again whenever the rule it is
 * derived from (`definition`) is not the one the table was last reconciled with. The local provisioning does both.
 */
export type IndexPreparation = { definition: string; prepare: (service: DataService) => Promise<ReconcileReport> };

export const indexPreparations: Partial<Record<IndexName, IndexPreparation>> = {
  byOpen: { definition: OPEN_INDEX_DEFINITION, prepare: (service) => reconcileOpenTasks(service) },
  byStatusDue: {
    definition: DUE_INDEX_DEFINITION,
    prepare: async (service) => {
      const report = await reconcileDueIndex(service);
      await markReconciled(service, 'byStatusDue', DUE_INDEX_DEFINITION);
      return report;
    },
  },
};
