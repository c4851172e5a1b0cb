import { CONNECTION_TYPES, NOT_CONNECTED, type Connection, type ConnectionType } from '#shared/schemas/connections';
import type { ConnectionItem } from '#data/connections';
import type { SocialProfile } from '#lib/providers/social';
import { nextVersionTime } from '#lib/clock';

/**
 * A connection as the API answers it: the account, pillars and sync bookkeeping; never a token or a consent state.
 * The account's picture is `pictureUrl`, a signed link to the server's copy: the provider's own address is not shown.
 */
export const toConnection = (item: ConnectionItem, pictureUrl?: string): Connection => ({
  type: item.type,
  state: item.state,
  ...(item.account ? { account: accountView(item.account, pictureUrl) } : {}),
  content_pillars: item.contentPillars,
  ...(item.connectedAt ? { connected_at: item.connectedAt } : {}),
  ...(item.lastSyncAt ? { last_sync_at: item.lastSyncAt } : {}),
  ...(item.lastSyncOutcome ? { last_sync_outcome: item.lastSyncOutcome } : {}),
  ...(item.lastSyncError ? { last_sync_error: item.lastSyncError } : {}),
  ...(item.syncedMedia !== undefined ? { synced_media: item.syncedMedia } : {}),
  ...(item.folders ? { folders: item.folders } : {}),
});

const accountView = (account: NonNullable<ConnectionItem['account']>, pictureUrl: string | undefined) => {
  const { picture_url: _providers, ...rest } = account;
  return pictureUrl ? { ...rest, picture_url: pictureUrl } : rest;
};

/** A connection as answered, its picture copy signed when it has one. */
export const signedConnection = async (item: ConnectionItem, signPicture: (key: string) => Promise<string>): Promise<Connection> =>
  toConnection(item, item.pictureKey ? await signPicture(item.pictureKey) : undefined);

/** A type the brand has not connected. */
export const notConnected = (type: ConnectionType): Connection => ({ type, state: NOT_CONNECTED, content_pillars: [] });

/** Every type in CONNECTION_TYPES order, stored or not_connected. */
export const connectionViews = (items: readonly ConnectionItem[], signPicture: (key: string) => Promise<string>): Promise<Connection[]> =>
  Promise.all(
    CONNECTION_TYPES.map((type) => {
      const item = items.find((candidate) => candidate.type === type);
      return item ? signedConnection(item, signPicture) : notConnected(type);
    }),
  );

/** The account record a connection keeps of a profile: exactly its fields (a client's extras are not stored). */
export const accountOf = (profile: SocialProfile): NonNullable<ConnectionItem['account']> => {
  const { external_id, username, name, followers, following, media_count, website, biography, picture_url, url, total_views } = profile;
  const optional = { name, following, media_count, website, biography, picture_url, total_views };
  return { external_id, username, followers, url, ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)) };
};

/** The `updatedAt` of a write on `current`: now, but later than the version read (see nextVersionTime). */
export const nextUpdatedAt = (current: Pick<ConnectionItem, 'updatedAt'>, now: Date): string => nextVersionTime(current.updatedAt, now);
