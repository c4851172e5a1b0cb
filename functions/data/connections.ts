import type { ConnectionAccount, ConnectionState, ConnectionType, DriveFolderView, SyncOutcome } from '#shared/schemas/connections';
import { nextVersionTime } from '#lib/clock';
import { db } from './db';
import { unlessRefused } from './conditions';
import { allExactly, exactly } from './exact-ids';
import { NOT_DUE, SYNC_SHARD } from './connection-entities';

/** A brand: the partition of its connections. */
export type Brand = { workspaceId: string; projectId: string };

/** A connection as the core handles it: tokens still sealed, index-only attributes turned back into optional ones. */
export type ConnectionItem = Brand & {
  type: ConnectionType;
  state: ConnectionState;
  oauthStateHash?: string;
  sealedSecrets?: string;
  account?: ConnectionAccount;
  contentPillars: string[];
  connectedBy?: string;
  connectedAt?: string;
  /** When the next scheduled sync is due (ISO); absent: not scheduled (not connected, or Drive). */
  syncDueAt?: string;
  lastSyncAt?: string;
  lastSyncOutcome?: SyncOutcome;
  lastSyncError?: string;
  syncedMedia?: number;
  folders?: { root: DriveFolderView; raw: DriveFolderView; final: DriveFolderView };
  /** The uploads bucket's copy of the account's picture (a sync makes it). */
  pictureKey?: string;
  /** When "Sync now" last queued a sync. */
  syncRequestedAt?: string;
  createdAt: string;
  updatedAt: string;
};

type Stored = Omit<ConnectionItem, 'syncDueAt'> & { syncDueAt: string; syncShard?: string };

const fromStored = ({ syncDueAt, syncShard: _shard, ...rest }: Stored): ConnectionItem => ({
  ...rest,
  contentPillars: rest.contentPillars ?? [],
  ...(syncDueAt && syncDueAt !== NOT_DUE ? { syncDueAt } : {}),
});

/**
 * Whether the brand exists in its workspace (pattern: connectionBrand): a workspace admin passes the routes' project
 * check without a read, so a project id of another workspace is refused here instead of growing a connection.
 */
export const brandExists = async (brand: Brand): Promise<boolean> => {
  const { data } = await db().entities.project.get({ workspaceId: brand.workspaceId, projectId: brand.projectId }).go({ attributes: ['workspaceId', 'projectId'] });
  return exactly(data as Brand | null, { workspaceId: brand.workspaceId, projectId: brand.projectId }) !== undefined;
};

/** One connection of a brand (pattern: connectionByType). */
export const getConnection = async (brand: Brand, type: ConnectionType): Promise<ConnectionItem | undefined> => {
  const { data } = await db().entities.connection.get({ workspaceId: brand.workspaceId, projectId: brand.projectId, type }).go();
  const item = exactly(data as Stored | null, { workspaceId: brand.workspaceId, projectId: brand.projectId });
  return item && fromStored(item);
};

/** A brand's connections, at most one per type (pattern: connectionsOfProject). */
export const listConnections = async (brand: Brand): Promise<ConnectionItem[]> => {
  const { data } = await db().entities.connection.query.primary({ workspaceId: brand.workspaceId, projectId: brand.projectId }).go({ pages: 'all' });
  return allExactly(data as Stored[], { workspaceId: brand.workspaceId, projectId: brand.projectId }).map(fromStored);
};

/** Creates a brand's connection of a type that has none (pattern: connectionCreate). `exists`: one was made meanwhile. */
export const createConnection = async (item: ConnectionItem): Promise<'done' | 'exists'> => {
  return unlessRefused(async () => {
    await db()
      .entities.connection.create({ ...item, syncDueAt: item.syncDueAt ?? NOT_DUE, syncShard: SYNC_SHARD })
      .go();
    return 'done' as const;
  }, 'exists');
};

/** The `updatedAt` of a write on `current`: now, but later than the version read (see nextVersionTime). */
export const nextUpdatedAt = (current: Pick<ConnectionItem, 'updatedAt'>, now: Date): string => nextVersionTime(current.updatedAt, now);

/** What an update may change on a connection; `null` removes the attribute. */
export type ConnectionChanges = {
  state?: ConnectionState;
  oauthStateHash?: string | null;
  sealedSecrets?: string | null;
  account?: ConnectionAccount | null;
  contentPillars?: string[];
  connectedBy?: string | null;
  connectedAt?: string | null;
  syncDueAt?: string | null;
  lastSyncAt?: string | null;
  lastSyncOutcome?: SyncOutcome | null;
  lastSyncError?: string | null;
  syncedMedia?: number | null;
  folders?: ConnectionItem['folders'] | null;
  pictureKey?: string | null;
  syncRequestedAt?: string | null;
  updatedAt: string;
};

const OPTIONAL_FIELDS = [
  'oauthStateHash',
  'sealedSecrets',
  'account',
  'connectedBy',
  'connectedAt',
  'lastSyncAt',
  'lastSyncOutcome',
  'lastSyncError',
  'syncedMedia',
  'folders',
  'pictureKey',
  'syncRequestedAt',
] as const satisfies readonly (keyof ConnectionChanges)[];

/**
 * Applies changes to a connection only if it is still the version read (its `updatedAt`), so a sync's bookkeeping,
 * a token refresh, a consent's completion and a disconnect never mix (pattern: connectionUpdate). `stale`: it
 * changed or is gone; read it again and decide again.
 */
export const updateConnection = async (current: ConnectionItem, changes: ConnectionChanges): Promise<'done' | 'stale'> => {
  const { workspaceId, projectId, type } = current;
  // bySyncDue's composites go with every write (see the entity): the due time as changed, or as it was.
  const syncDueAt = changes.syncDueAt === undefined ? (current.syncDueAt ?? NOT_DUE) : (changes.syncDueAt ?? NOT_DUE);
  return unlessRefused(async () => {
    await db()
      .entities.connection.patch({ workspaceId, projectId, type })
      .data((a, { set, remove }) => {
        if (changes.state !== undefined) set(a.state, changes.state);
        if (changes.contentPillars !== undefined) set(a.contentPillars, changes.contentPillars);
        for (const field of OPTIONAL_FIELDS) {
          const value = changes[field];
          if (value === null) remove(a[field]);
          else if (value !== undefined) set(a[field], value as never);
        }
        set(a.syncDueAt, syncDueAt);
        set(a.syncShard, SYNC_SHARD);
        set(a.updatedAt, changes.updatedAt);
      })
      .where((a, { eq }) => `${eq(a.updatedAt, current.updatedAt)} AND ${eq(a.projectId, projectId)}`)
      .go();
    return 'done' as const;
  }, 'stale');
};

/** Deletes a connection and so its sealed tokens, if it is still the version read (pattern: connectionDelete). */
export const deleteConnection = async (current: ConnectionItem): Promise<'done' | 'stale'> => {
  const { workspaceId, projectId, type } = current;
  return unlessRefused(async () => {
    await db()
      .entities.connection.delete({ workspaceId, projectId, type })
      .where((a, { eq }) => `${eq(a.updatedAt, current.updatedAt)} AND ${eq(a.projectId, projectId)}`)
      .go();
    return 'done' as const;
  }, 'stale');
};

/** Connections whose next sync is due at or before `untilIso`, soonest first, at most `limit` (pattern: connectionsSyncDue). */
export const listSyncDue = async (untilIso: string, limit: number): Promise<ConnectionItem[]> => {
  const { data } = await db()
    .entities.connection.query.bySyncDue({ syncShard: SYNC_SHARD })
    .lte({ syncDueAt: untilIso })
    .go({ limit, order: 'asc' });
  return (data as Stored[]).filter((item) => item.syncDueAt !== NOT_DUE).map(fromStored);
};

/**
 * Deletes every connection (and so its sealed tokens) of the given projects of a deleted workspace, whatever is
 * still there, so running it again finishes the job (pattern: connectionsOfProject). Answers what was left over.
 */
export const purgeProjectConnections = async (workspaceId: string, projectIds: readonly string[]): Promise<{ unprocessed: unknown[] }> => {
  const service = db();
  const found = await Promise.all(
    projectIds.map(async (projectId) => (await service.entities.connection.query.primary({ workspaceId, projectId }).go({ pages: 'all' })).data),
  );
  const keys = found.flat().map(({ projectId, type }) => ({ workspaceId, projectId, type }));
  return keys.length ? service.entities.connection.delete(keys).go({ concurrency: 4 }) : { unprocessed: [] };
};
