import { newId } from '#lib/ids';
import { logger } from '#lib/logger';
import { openSecrets, sealSecrets } from '#lib/secrets/seal';
import { config } from '#lib/config';
import type { SocialSyncMessage } from '#shared/queues';
import { enqueue } from '#lib/queue';
import { brandExists, createConnection, deleteConnection, getConnection, listConnections, updateConnection } from '#data/connections';
import { putOAuthState } from '#data/integrations';
import type { ConnectionStore, StartConnectionDeps } from '#core/connections/connect';
import type { ManageDeps } from '#core/connections/manage';
import { deleteObjects, signView } from '#lib/uploads';
import { connectionApp, newPkce } from '#core/connections/apps';
import { connectionTokens } from '#core/connections/tokens';
import { systemClock as clock } from '#core/clock';

/** The connection records on the table. */
export const connectionStore: ConnectionStore = { brandExists, getConnection, listConnections, createConnection, updateConnection, deleteConnection };

/** Listing, editing and removing connections: the table, and the account pictures' copies in the uploads bucket. */
export const manageDeps: ManageDeps = { ...connectionStore, clock, signPicture: signView, deleteObjects };

/** Starting a consent: the shared OAuth state items, returning to the app's /integration-success. */
export const startConnectionDeps: StartConnectionDeps = {
  ...connectionStore,
  clock,
  get appUrl() {
    return config.appUrl;
  },
  newState: () => newId(32),
  putOAuthState,
  connectionApp,
  newPkce,
};

/** Queues a sync of a connected account (the first one after a consent, or "Sync now"). */
export const queueSync = async (message: SocialSyncMessage) => {
  await enqueue('social-sync', message);
};

/**
 * `withConnectionTokens(item, fn)` on the table and the stage's secrets key (the caller's access needs
 * `secrets: 'both'`): the sync consumer and the Drive routes call the providers through it.
 */
export const withConnectionTokens = connectionTokens({
  clock,
  open: openSecrets,
  seal: sealSecrets,
  oauthApp: (type) => connectionApp(type).app,
  getConnection,
  updateConnection,
  log: (message, detail) => logger.warn(message, detail),
});
