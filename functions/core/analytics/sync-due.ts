import type { SocialSyncMessage } from '#shared/queues';
import { isSocialConnection, type SocialConnectionType } from '#shared/schemas/connections';
import type { ConnectionChanges, ConnectionItem } from '#data/connections';
import type { Clock } from '../clock';
import { nextUpdatedAt } from '../connections/view';

/** Connections taken per job run at most (the rest are due still, so the next run takes them). */
export const SYNC_DUE_BATCH = 500;
/**
 * How far a queued connection's due time moves on before its sync runs: past the queue's redeliveries
 * (visibility 15 min × 3 receives), so the job (every 30 minutes) does not queue it twice; its sync sets the real next time.
 */
export const SYNC_CLAIM_MINUTES = 120;

export type SyncDueDeps = {
  clock: Clock;
  listSyncDue: (untilIso: string, limit: number) => Promise<ConnectionItem[]>;
  updateConnection: (item: ConnectionItem, changes: ConnectionChanges) => Promise<'done' | 'stale'>;
  enqueue: (message: SocialSyncMessage) => Promise<void>;
};

/**
 * The sync-connections job: each connected Instagram or YouTube account whose next sync is due gets one message.
 * Its due time moves on first (conditional on the version read), so two runs at once queue it once; a connection
 * that is no longer connected (or not social) leaves the schedule.
 */
export const queueDueSyncs = async (deps: SyncDueDeps): Promise<{ queued: number; dropped: number; skipped: number }> => {
  const now = deps.clock();
  const summary = { queued: 0, dropped: 0, skipped: 0 };
  const due = await deps.listSyncDue(now.toISOString(), SYNC_DUE_BATCH);
  for (const item of due) {
    const updatedAt = nextUpdatedAt(item, now);
    if (item.state !== 'connected' || !isSocialConnection(item.type)) {
      if ((await deps.updateConnection(item, { syncDueAt: null, updatedAt })) === 'done') summary.dropped++;
      else summary.skipped++;
      continue;
    }
    const claimed = await deps.updateConnection(item, { syncDueAt: new Date(now.getTime() + SYNC_CLAIM_MINUTES * 60_000).toISOString(), updatedAt });
    if (claimed === 'stale') {
      // Changed since the read (a sync, a refresh, a disconnect): the next run sees it as it is now.
      summary.skipped++;
      continue;
    }
    await deps.enqueue({ workspaceId: item.workspaceId, projectId: item.projectId, type: item.type as SocialConnectionType, reason: 'schedule' });
    summary.queued++;
  }
  return summary;
};
