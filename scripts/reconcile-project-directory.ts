/**
 * Ops only: builds the project directory (functions/data/project-directory.ts) of every workspace made before it,
 * and brings any directory back in line with its projects and project memberships. Until a workspace has one, its
 * lists query the projects as before, so this can run at any time after the deploy that brings the directory;
 * it is idempotent and safe beside live traffic. A workspace that kept changing under it is named: run it again.
 *
 *   npm run reconcile-project-directory
 *
 * It needs the functions' environment: TABLE_NAME and AWS credentials and region (in AWS: the stage's table).
 */
import { db } from '#data/db';
import { reconcileProjectDirectories } from '#data/project-directory';

const report = await reconcileProjectDirectories(db(), ({ workspaces, written }) => {
  if (workspaces % 100 === 0) console.error(`${workspaces} workspaces, ${written} items written`);
});
console.log(`Done: ${report.workspaces} workspaces, ${report.written} items written.`);
if (report.unsettled.length) {
  console.log(`Still changing, run again: ${report.unsettled.join(', ')}`);
  process.exitCode = 1;
}
