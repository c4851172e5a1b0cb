import { queueById } from '#shared/queues';
import { queueHandler } from '#lib/queue-consumer';
import { enqueue } from '#lib/queue';
import { deleteObjects, listObjectKeys } from '#lib/uploads';
import { isWorkspaceDeleted } from '#data/workspace-deletion';
import { purgeWorkspaceFiles } from '#core/workspaces/purge-files';

/** A deleted workspace's files out of the uploads bucket (shared/queues.ts). */
export const handler = queueHandler(queueById('workspace-purge'), (message) =>
  purgeWorkspaceFiles({ isWorkspaceDeleted, listObjectKeys, deleteObjects, enqueueNext: (workspaceId) => enqueue('workspace-purge', { workspaceId }) }, message),
);
