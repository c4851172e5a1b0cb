import type { DataService } from './entities';
import { statusIndexAttributes } from './task-entities';
import { emptyReport, writeFixes, type ReconcileReport } from './task-reconcile';
import { tableSpec } from './table-spec';
import type { TaskItem } from './tasks';

/**
 * Brings byStatusDue in line with the tasks of a table written before the index existed. The index's keys are
 * ElectroDB's own attributes (byStatusDuePk/Sk), which older code never wrote, so every dated task needs them
 * written before DynamoDB builds the index; a task whose status or due date older code changed after that keeps
 * keys naming the old ones until this runs again. Not a request path: one Scan of the table (raw, so the stored
 * keys can be compared with the ones the task should have), then one conditional UpdateItem per task out of line.
 *
 * Runs like the byOpen reconcile (#data/task-list-index): before the index is created (the local provisioning does
 * it when it adds the index; in AWS, `scripts/reconcile-due-index.ts` before the deploy that adds it) and once
 * more after that deploy. Idempotent and safe beside live traffic (each write applies only to the task as
 * scanned). Until then the list leaves out entries whose key does not match their task (task-list.ts keyMatches).
 */

type RawItem = Record<string, unknown>;

/** The rule byStatusDue follows (see indexPreparations): every dated task, keyed by its status and due date. */
export const DUE_INDEX_DEFINITION = 'statusDue:dated';

/** The byStatusDue keys a task should carry, as ElectroDB writes them (none without a due date). */
const wantedKeys = (service: DataService, task: TaskItem): { pk: string; sk: string } | undefined => {
  if (!task.dueDate) return undefined;
  const params = service.entities.task.query
    .byStatusDue({ workspaceId: task.workspaceId, status: task.status, statusDueDay: task.dueDate, taskId: task.taskId })
    .params() as { ExpressionAttributeValues: Record<string, string> };
  return { pk: params.ExpressionAttributeValues[':pk']!, sk: params.ExpressionAttributeValues[':sk1']! };
};

const outOfLine = (service: DataService, raw: RawItem, task: TaskItem): boolean => {
  const { partitionKey, sortKey } = tableSpec.indexes.byStatusDue;
  const wanted = wantedKeys(service, task);
  const day = statusIndexAttributes(task).statusDueDay;
  if (!wanted) return raw[partitionKey] !== undefined || task.statusDueDay !== day;
  return raw[partitionKey] !== wanted.pk || raw[sortKey] !== wanted.sk || task.statusDueDay !== day;
};

export const reconcileDueIndex = async (service: DataService, onPage?: (report: ReconcileReport) => void): Promise<ReconcileReport> => {
  const report = emptyReport();
  const tasks = service.entities.task;
  let startKey: Record<string, unknown> | undefined;
  do {
    // Raw: the stored index keys come back as they are (the parsed item leaves them out).
    const { data } = (await tasks.scan.go({ data: 'raw', ...(startKey ? { cursor: startKey as never } : {}) })) as unknown as { data: { Items?: RawItem[]; LastEvaluatedKey?: Record<string, unknown> } };
    const page = data;
    const rawItems = (page.Items ?? []) as RawItem[];
    report.scanned += rawItems.length;
    const fixes = rawItems.flatMap((raw) => {
      const task = tasks.parse({ Item: raw }).data as TaskItem | null;
      return task && outOfLine(service, raw, task) ? [task] : [];
    });
    // The same values again: ElectroDB writes an index's keys when a write names all its composites (and
    // byStatus/byProjectStatus, which share status, are rewritten as they were).
    await writeFixes(
      fixes,
      (task) =>
        tasks
          .patch({ workspaceId: task.workspaceId, taskId: task.taskId })
          .set({ status: task.status, projectId: task.projectId, updatedAt: task.updatedAt, ...statusIndexAttributes(task) })
          .where(({ updatedAt, status }, { eq }) => `${eq(updatedAt, task.updatedAt)} AND ${eq(status, task.status)}`)
          .go({ response: 'none' }),
      report,
    );
    startKey = page.LastEvaluatedKey;
    onPage?.(report);
  } while (startKey);
  return report;
};
