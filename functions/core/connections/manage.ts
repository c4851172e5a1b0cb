import { isSocialConnection, type ConnectionType } from '#shared/schemas/connections';
import type { WorkspaceContext } from '#lib/context';
import { DomainError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import { nextUpdatedAt } from './view';
import type { Clock } from '../clock';
import type { ConnectionStore } from './connect';
import { connectionViews, signedConnection } from './view';

/** A brand's connections: every type, stored or not_connected (never a token). */
export const listBrandConnections = async (deps: Pick<ManageDeps, 'brandExists' | 'listConnections' | 'signPicture'>, ctx: WorkspaceContext, projectId: string) => {
  const brand = { workspaceId: ctx.workspaceId, projectId };
  // A workspace admin passes the route's project check without a read: a brand of another workspace is not found.
  const [exists, items] = await Promise.all([deps.brandExists(brand), deps.listConnections(brand)]);
  if (!exists) throw new DomainError('project_not_found');
  return { items: await connectionViews(items, deps.signPicture) };
};

export type ManageDeps = Pick<ConnectionStore, 'brandExists' | 'listConnections' | 'getConnection' | 'updateConnection' | 'deleteConnection'> & {
  clock: Clock;
  /** A short-lived link to the account picture's copy in the uploads bucket. */
  signPicture: (key: string) => Promise<string>;
  /** Removes the picture's copy with the connection. */
  deleteObjects: (keys: string[]) => Promise<void>;
  retryTiming?: RetryTiming;
};

/** The team's content pillars of an Instagram or YouTube account record (replaced as sent). */
export const updateContentPillars = async (deps: ManageDeps, ctx: WorkspaceContext, projectId: string, type: ConnectionType, pillars: string[]) => {
  if (!isSocialConnection(type)) throw new DomainError('connection_not_social', { field: 'type' });
  return retry(
    async () => {
      const item = await deps.getConnection({ workspaceId: ctx.workspaceId, projectId }, type);
      if (!item) throw new DomainError('connection_not_found');
      const updatedAt = nextUpdatedAt(item, deps.clock());
      if ((await deps.updateConnection(item, { contentPillars: pillars, updatedAt })) === 'stale') return RETRY;
      return signedConnection({ ...item, contentPillars: pillars, updatedAt }, deps.signPicture);
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
};

/**
 * Disconnect: the connection goes, and with it its sealed tokens (nothing of them is kept anywhere else), its
 * picture's copy and its place in the sync schedule. Posts already synced stay in the brand's library; the analytics keep their history.
 */
export const disconnect = async (deps: ManageDeps, ctx: WorkspaceContext, projectId: string, type: ConnectionType): Promise<void> =>
  retry(
    async () => {
      const item = await deps.getConnection({ workspaceId: ctx.workspaceId, projectId }, type);
      if (!item) throw new DomainError('connection_not_found');
      if ((await deps.deleteConnection(item)) === 'stale') return RETRY;
      if (item.pictureKey) await deps.deleteObjects([item.pictureKey]);
      return undefined;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );

export type SyncNowDeps = Pick<ConnectionStore, 'getConnection' | 'updateConnection'> & {
  clock: Clock;
  queueSync: (message: { workspaceId: string; projectId: string; type: 'instagram' | 'youtube'; reason: 'manual' }) => Promise<void>;
  retryTiming?: RetryTiming;
};

/**
 * How long a "Sync now" counts as waiting for its run: another click meanwhile queues nothing more (each run spends
 * the provider's rate budget); after a run, or past this, a click queues again.
 */
export const SYNC_NOW_PENDING_MINUTES = 5;

/** "Sync now": queues a sync of a connected Instagram or YouTube account; the list shows its outcome once it ran. */
export const syncNow = async (deps: SyncNowDeps, ctx: WorkspaceContext, projectId: string, type: ConnectionType): Promise<{ queued: true }> => {
  if (!isSocialConnection(type)) throw new DomainError('connection_not_social', { field: 'type' });
  return retry(
    async () => {
      const item = await deps.getConnection({ workspaceId: ctx.workspaceId, projectId }, type);
      if (!item) throw new DomainError('connection_not_found');
      if (item.state === 'needs_reconnect') throw new DomainError('connection_needs_reconnect');
      if (item.state !== 'connected') throw new DomainError('connection_not_connected');
      const now = deps.clock();
      const asked = item.syncRequestedAt;
      const waiting = asked !== undefined && (item.lastSyncAt ?? '') < asked && now.getTime() - Date.parse(asked) < SYNC_NOW_PENDING_MINUTES * 60_000;
      if (waiting) return { queued: true as const };
      const marked = { ...item, syncRequestedAt: now.toISOString(), updatedAt: nextUpdatedAt(item, now) };
      if ((await deps.updateConnection(item, { syncRequestedAt: marked.syncRequestedAt, updatedAt: marked.updatedAt })) === 'stale') return RETRY;
      try {
        await deps.queueSync({ workspaceId: ctx.workspaceId, projectId, type, reason: 'manual' });
      } catch (error) {
        // Nothing was queued: the mark goes, so the next click tries again at once (best effort; it expires anyway).
        await deps.updateConnection(marked, { syncRequestedAt: null, updatedAt: nextUpdatedAt(marked, deps.clock()) }).catch(() => undefined);
        throw error;
      }
      return { queued: true as const };
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
};
