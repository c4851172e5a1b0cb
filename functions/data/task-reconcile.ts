import { unlessRefused } from './conditions';

/** What a reconcile of an index over the table's tasks did: tasks read, tasks written, tasks changed meanwhile. */
export type ReconcileReport = { scanned: number; fixed: number; changedMeanwhile: number };

export const emptyReport = (): ReconcileReport => ({ scanned: 0, fixed: 0, changedMeanwhile: 0 });

const WRITES_AT_ONCE = 8;

/**
 * The writes of a reconcile page, a few at a time. Each write is conditioned on its task being as scanned: one
 * that changed since (or is gone) was written by code that knows the index, or is what the run after a deploy is
 * for, so it is counted, not retried.
 */
export const writeFixes = async <Fix>(fixes: readonly Fix[], write: (fix: Fix) => Promise<unknown>, report: ReconcileReport) => {
  for (let i = 0; i < fixes.length; i += WRITES_AT_ONCE) {
    await Promise.all(
      fixes.slice(i, i + WRITES_AT_ONCE).map(async (fix) => {
        const landed = await unlessRefused(async () => {
          await write(fix);
          return true;
        }, false);
        if (landed) report.fixed++;
        else report.changedMeanwhile++;
      }),
    );
  }
};
