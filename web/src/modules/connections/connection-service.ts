import type { ConnectionType } from '#shared/schemas/connections';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { rememberReturn } from './internal/connection-return';

/** The query-cache keys of a brand's connected accounts. */
export const connectionKeys = {
  list: (workspaceId: string, projectId: string) => ['workspace', workspaceId, 'project', projectId, 'connections'] as const,
};

export type Brand = { workspaceId: string; projectId: string };

/** A brand's connected accounts (every type, absent ones not connected); anyone who may open the brand may list them. */
export const listConnections = ({ workspaceId, projectId }: Brand, signal?: AbortSignal) =>
  api.call('listConnections', { params: { workspaceId, projectId }, notify: false, signal });

/** After a change the brand's list is fetched again (the cards, the analytics page and Drive read it). */
const changed = ({ workspaceId, projectId }: Brand) => queryClient.invalidateQueries({ queryKey: connectionKeys.list(workspaceId, projectId) });

/**
 * Connects (or reconnects) an account: asks where to consent, remembers the page to come back to, and sends the
 * person there in the same tab (no popup blocker on phones); the provider returns to /integration-success.
 */
export const connectAccount = async (brand: Brand, type: ConnectionType) => {
  const { authorize_url } = await api.call('connectConnection', { params: { ...brand, type } });
  rememberReturn(window.location.pathname + window.location.search);
  window.location.assign(authorize_url);
};

/** Finishes a connection's consent with what the provider handed back; the return page shows a refusal itself. */
export const completeConnectionOAuth = (body: { state: string; code?: string; error?: string }) =>
  api.call('completeConnectionOAuth', { body, notify: false });

/** Queues a sync now (202): the account's new posts arrive in the feed as the sync runs. */
export const syncAccount = async (brand: Brand, type: ConnectionType) => {
  const queued = await api.call('syncConnection', { params: { ...brand, type } });
  await changed(brand);
  return queued;
};

/** The account record's content pillars (Instagram); a refusal is the form's to show. */
export const updatePillars = async (brand: Brand, type: ConnectionType, contentPillars: string[]) => {
  const updated = await api.call('updateConnection', { params: { ...brand, type }, body: { content_pillars: contentPillars }, notify: false });
  await changed(brand);
  return updated;
};

/** Forgets the account's tokens; its synced posts stay in the library. */
export const disconnectAccount = async (brand: Brand, type: ConnectionType) => {
  await api.call('deleteConnection', { params: { ...brand, type } });
  await changed(brand);
};
