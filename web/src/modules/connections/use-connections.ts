import { useQuery } from '@tanstack/react-query';
import type { Connection, ConnectionType } from '#shared/schemas/connections';
import { useEffect, useState } from 'react';
import { connectionKeys, listConnections } from './connection-service';

/** How often the list is read again while a sync is expected to land, and for how long at most. */
const POLL_MS = 3_000;
const POLL_FOR_MS = 3 * 60_000;

/**
 * What the page knew of a connection's last sync when Sync now was asked: the sync has landed once that changes.
 * (Compared as the server wrote it, never against this device's clock.)
 */
type Requested = { lastSyncAt: string | undefined };

/** A sync is expected: Sync now was asked and no newer sync landed since, or a connected account never synced. */
export const awaitingSync = (connection: Connection, requested: Requested | undefined): boolean => {
  if (connection.state !== 'connected') return false;
  if (requested) return (connection.last_sync_at ?? undefined) === requested.lastSyncAt;
  return !connection.last_sync_at;
};

type Watch = { since: number; requested: Partial<Record<ConnectionType, Requested>> };

/**
 * A brand's connected accounts. For a few minutes after the page opens (a first sync follows a connection) and
 * after each Sync now, the list is read again every few seconds while a sync is expected, so a card shows the
 * sync's outcome when it lands; after that the card stops saying "Syncing" and shows what it knows.
 */
export const useConnections = (workspaceId: string, projectId: string) => {
  const [watch, setWatch] = useState<Watch>(() => ({ since: Date.now(), requested: {} }));
  const [watching, setWatching] = useState(true);
  useEffect(() => {
    setWatching(true);
    const timer = window.setTimeout(() => setWatching(false), Math.max(0, watch.since + POLL_FOR_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [watch.since]);

  const query = useQuery({
    queryKey: connectionKeys.list(workspaceId, projectId),
    queryFn: ({ signal }) => listConnections({ workspaceId, projectId }, signal),
    refetchInterval: (current) => {
      const items = current.state.data?.items ?? [];
      const waiting = items.some((item) => awaitingSync(item, watch.requested[item.type]));
      return waiting && Date.now() - watch.since < POLL_FOR_MS ? POLL_MS : false;
    },
  });
  return {
    connections: query.data?.items,
    loading: query.isPending,
    failed: query.isError,
    reload: () => void query.refetch(),
    /** A sync of this connection is expected and the page is still watching for it. */
    syncing: (connection: Connection | undefined) => watching && !!connection && awaitingSync(connection, watch.requested[connection.type]),
    /** Sync now was asked for this connection: watch for its outcome. */
    syncRequested: (connection: Connection) =>
      setWatch((current) => ({
        since: Date.now(),
        requested: { ...current.requested, [connection.type]: { lastSyncAt: connection.last_sync_at ?? undefined } },
      })),
  };
};
