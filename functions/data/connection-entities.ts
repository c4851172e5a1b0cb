import { Entity } from './lazy-entity';
import { CONNECTION_STATES, CONNECTION_TYPES, SYNC_OUTCOMES } from '#shared/schemas/connections';
import { tableSpec } from './table-spec';

/**
 * A brand's connected accounts (Instagram, YouTube, Google Drive). Keys read the table spec's names and keep their
 * case (ids are case-sensitive, so `casing: 'none'`).
 */
const SERVICE = 'brandslate';

/** The value of an index-only attribute that keeps a connection out of the sparse bySyncDue index. */
export const NOT_DUE = '-';
/** bySyncDue's one partition: the sync job reads the due connections of every workspace in time order. */
export const SYNC_SHARD = 'due';

const folder = { type: 'map', properties: { id: { type: 'string', required: true }, name: { type: 'string', required: true }, url: { type: 'string', required: true } } } as const;

/**
 * One connection of a brand per type (pattern: connectionsOfProject): its consent state, its OAuth tokens only
 * sealed (functions/core/connections/tokens.ts, bound to workspace, brand and type), the account as the provider
 * describes it, the team's content pillars, the sync bookkeeping and, for Drive, the brand's folders.
 */
export const connectionEntity = new Entity({
  model: { entity: 'connection', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    type: { type: CONNECTION_TYPES, required: true, readOnly: true },
    state: { type: CONNECTION_STATES, required: true },
    /** The hash of the one OAuth state that may complete this connection's consent now (a newer link voids older ones). */
    oauthStateHash: { type: 'string' },
    /** The sealed JSON of the OAuth tokens (access, refresh, expiry); absent before the first consent completes. */
    sealedSecrets: { type: 'string' },
    /** The account as the provider describes it (SocialProfile, snake_case); absent for Drive and before a consent. */
    account: {
      type: 'map',
      properties: {
        external_id: { type: 'string', required: true },
        username: { type: 'string', required: true },
        name: { type: 'string' },
        followers: { type: 'number', required: true },
        following: { type: 'number' },
        media_count: { type: 'number' },
        website: { type: 'string' },
        biography: { type: 'string' },
        picture_url: { type: 'string' },
        url: { type: 'string', required: true },
        total_views: { type: 'number' },
      },
    },
    /** The uploads bucket's copy of the account's picture (core/uploads/keys connectionPictureKey), once a sync made one. */
    pictureKey: { type: 'string' },
    contentPillars: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    connectedBy: { type: 'string' },
    connectedAt: { type: 'string' },
    lastSyncAt: { type: 'string' },
    lastSyncOutcome: { type: SYNC_OUTCOMES },
    lastSyncError: { type: 'string' },
    /** When "Sync now" last queued a sync (a second one while it waits queues nothing more). */
    syncRequestedAt: { type: 'string' },
    /** Media the syncs have stored so far. */
    syncedMedia: { type: 'number' },
    folders: { type: 'map', properties: { root: folder, raw: folder, final: folder } },
    /** Index-only: when the next scheduled sync is due (ISO), NOT_DUE otherwise (bySyncDue holds only due-able ones). */
    syncDueAt: { type: 'string', required: true, default: NOT_DUE },
    syncShard: { type: 'string', required: true, default: SYNC_SHARD },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId', 'projectId'], casing: 'none' as const },
      sk: { field: tableSpec.sortKey, composite: ['type'], casing: 'none' as const },
    },
    // Sparse: ElectroDB writes these keys only when the condition holds, but wants every composite on every write,
    // so syncDueAt always carries a value and NOT_DUE means "not in the index".
    bySyncDue: {
      index: 'bySyncDue',
      pk: { field: tableSpec.indexes.bySyncDue.partitionKey, composite: ['syncShard'], casing: 'none' as const },
      sk: { field: tableSpec.indexes.bySyncDue.sortKey, composite: ['syncDueAt', 'workspaceId', 'projectId', 'type'], casing: 'none' as const },
      condition: (a: Record<string, unknown>) => a.syncDueAt !== undefined && a.syncDueAt !== NOT_DUE,
    },
  },
});

export const connectionEntities = { connection: connectionEntity };
