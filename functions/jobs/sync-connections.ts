import { jobHandler } from '#lib/job';
import { logger } from '#lib/logger';
import { enqueue } from '#lib/queue';
import { listSyncDue, updateConnection } from '#data/connections';
import { systemClock as clock } from '#core/clock';
import { queueDueSyncs } from '#core/analytics/sync-due';

/** Every 30 minutes (shared/jobs.ts): connected Instagram and YouTube accounts whose sync is due, one social-sync message each. */
export const handler = jobHandler('sync-connections', async () => {
  const summary = await queueDueSyncs({ clock, listSyncDue, updateConnection, enqueue: (message) => enqueue('social-sync', message) });
  if (summary.queued + summary.dropped > 0) logger.info('Account syncs queued', summary);
  return summary;
});
