/**
 * Ops only: gives the tasks of a table written before the byOpen index existed their place in it (and takes it
 * from tasks that are no longer open). See functions/data/task-list-index.ts. On a deployed stage, run it
 * before the deploy that adds the index (DynamoDB builds the index from the attributes already there) and once
 * more after it (for tasks the previous code changed meanwhile); it is idempotent and safe beside live traffic.
 * A deploy that changes which statuses are open (OPEN_STATUSES) needs it once after that deploy too.
 *
 *   npm run reconcile-open-tasks
 *
 * It needs the functions' environment: TABLE_NAME and AWS credentials and region (in AWS: the stage's table).
 * The local stack runs the same step itself when it adds the index to a data folder made by an older version.
 */
import { db } from '#data/db';
import { reconcileOpenTasks } from '#data/task-list-index';

const report = await reconcileOpenTasks(db(), ({ scanned, fixed }) => console.error(`scanned ${scanned} tasks, wrote ${fixed}`));
console.log(
  `Done: ${report.scanned} tasks scanned, ${report.fixed} written, ${report.changedMeanwhile} changed since the scan and left to their own write.`,
);
