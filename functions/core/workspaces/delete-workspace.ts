import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import type { GuardedOutcome } from '#data/conditions';
import type { Membership } from '#data/memberships';
import type { WorkspaceItem } from '#data/workspaces';
import type { Clock } from '../clock';
import { retry, RETRY, type RetryTiming } from '#lib/retry';

export type DeleteWorkspaceDeps = {
  clock: Clock;
  getWorkspace: (ctx: WorkspaceContext) => Promise<WorkspaceItem | undefined>;
  listMembershipsOfUser: (userId: string) => Promise<Membership[]>;
  getWorkspacesOfMemberships: (memberships: { workspaceId: string }[]) => Promise<WorkspaceItem[]>;
  tombstoneWorkspace: (input: { workspaceId: string; ownerId: string; keep: string; deletedAt: string }) => Promise<GuardedOutcome>;
  purgeWorkspace: (workspaceId: string) => Promise<void>;
  /** Queues the removal of the workspace's files (functions/core/workspaces/purge-files.ts). */
  purgeFiles: (workspaceId: string) => Promise<void>;
  /** The purge is best effort: the tombstone already made the workspace gone, and the purge can run again. */
  onPurgeError: (error: unknown, workspaceId: string) => void;
  retryTiming?: RetryTiming;
};

/**
 * The owner deletes a workspace (spec 6): only a workspace they own (workspace_delete_own), and never the only
 * one they own (workspace_no_delete). One conditional transaction tombstones it while checking that another
 * owned workspace is still live, so deleting two at once keeps one; then its items are purged and its files'
 * purge is queued.
 */
export const deleteWorkspace = async (deps: DeleteWorkspaceDeps, ctx: WorkspaceContext): Promise<undefined> => {
  await retry(
    async () => {
      const workspace = await deps.getWorkspace(ctx);
      if (!workspace) throw new DomainError('company_account_not_found');
      if (workspace.ownerId !== ctx.userId) throw new DomainError('workspace_delete_own');
      const memberships = (await deps.listMembershipsOfUser(ctx.userId)).filter(
        (m) => m.status === 'joined' && m.workspaceId !== ctx.workspaceId,
      );
      const othersOwned = (await deps.getWorkspacesOfMemberships(memberships)).filter((w) => w.ownerId === ctx.userId);
      const keep = othersOwned.sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
      if (!keep) throw new DomainError('workspace_no_delete');
      const outcome = await deps.tombstoneWorkspace({
        workspaceId: ctx.workspaceId,
        ownerId: ctx.userId,
        keep: keep.workspaceId,
        deletedAt: deps.clock().toISOString(),
      });
      return outcome === 'done' ? true : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  // Each purge on its own: a table purge that fails still leaves the files' purge queued.
  for (const purge of [deps.purgeFiles, deps.purgeWorkspace]) {
    try {
      await purge(ctx.workspaceId);
    } catch (error) {
      deps.onPurgeError(error, ctx.workspaceId);
    }
  }
  return undefined;
};
