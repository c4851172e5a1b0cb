/**
 * Ops only: gives the dated tasks of a table written before the byStatusDue index existed their keys in it (and
 * moves entries that older code left under an old status or day). See functions/data/task-due-index.ts. On a
 * deployed stage, run it before the deploy that adds the index and once more after it; it is idempotent.
 *
 *   npm run reconcile-due-index
 *
 * It needs the functions' environment: TABLE_NAME and AWS credentials and region (in AWS: the stage's table).
 * The local stack runs the same step itself when it adds the index to a data folder made by an older version.
 */
import { db } from '#data/db';
import { indexPreparations } from '#data/task-list-index';

const report = await indexPreparations.byStatusDue!.prepare(db());
console.log(`Done: ${report.scanned} items scanned, ${report.fixed} tasks written, ${report.changedMeanwhile} changed since the scan and left to their own write.`);
