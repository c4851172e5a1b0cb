import { workspacesRoutes } from '#shared/routes/workspaces';
import { workspaceHandler } from '#lib/workspace-http';
import { logger } from '#lib/logger';
import { enqueue } from '#lib/queue';
import { listMembershipsOfUser } from '#data/memberships';
import { getWorkspace, getWorkspacesOfMemberships } from '#data/workspaces';
import { purgeWorkspace, tombstoneWorkspace } from '#data/workspace-deletion';
import { deleteWorkspace } from '#core/workspaces/delete-workspace';
import { systemClock as clock } from '#core/clock';

/** A purge that fails leaves only invisible items behind; the log names the workspace to purge again. */
const onPurgeError = (error: unknown, workspaceId: string) =>
  logger.error('Purging a deleted workspace failed', { workspaceId, error: error as Error });

export const handler = workspaceHandler(workspacesRoutes.deleteWorkspace, ({ workspace }) =>
  deleteWorkspace(
    {
      clock,
      getWorkspace,
      listMembershipsOfUser,
      getWorkspacesOfMemberships,
      tombstoneWorkspace,
      purgeWorkspace,
      purgeFiles: (workspaceId) => enqueue('workspace-purge', { workspaceId }),
      onPurgeError,
    },
    workspace,
  ),
);
