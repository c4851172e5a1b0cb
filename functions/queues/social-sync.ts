import { queueById } from '#shared/queues';
import { logger } from '#lib/logger';
import { queueHandler } from '#lib/queue-consumer';
import { syncConnection } from '#core/analytics/sync';
import { syncDeps } from './wiring/social-sync';

/** One sync of a brand's connected Instagram or YouTube account (shared/queues.ts). */
export const handler = queueHandler(queueById('social-sync'), async (message) => {
  const summary = await syncConnection(syncDeps, message);
  logger.info('Account synced', { workspaceId: message.workspaceId, projectId: message.projectId, type: message.type, reason: message.reason, ...summary });
});
