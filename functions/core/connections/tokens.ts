import type { ConnectionType } from '#shared/schemas/connections';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { Call, ProviderFailure, SocialOAuthApp, TokenSecrets } from '#lib/providers/social';
import type { ConnectionChanges, ConnectionItem } from '#data/connections';
import { nextUpdatedAt } from './view';
import type { SecretsContext } from '#lib/secrets/context';
import type { Clock } from '../clock';

/**
 * A connection's OAuth tokens: sealed at rest (functions/lib/secrets) and bound to the workspace, the brand and the
 * type, so a sealed set copied onto another brand's or type's item does not open there. The secrets module's
 * context names the bound thing `integrationUid` (the KMS key policy requires that key): here it is
 * `connection:<projectId>:<type>`, which no integration uid can be.
 */
export const connectionSealContext = (item: Pick<ConnectionItem, 'workspaceId' | 'projectId' | 'type'>): SecretsContext => ({
  workspaceId: item.workspaceId,
  integrationUid: `connection:${item.projectId}:${item.type}`,
});

/**
 * How long before its expiry a token is renewed. Google's access tokens live an hour: renewed in their last five
 * minutes. Instagram's long-lived ones live 60 days and renew into another 60 (ig_refresh_token), so they are
 * renewed in their last week: a brand synced only now and then still never lets one lapse.
 */
export const REFRESH_AHEAD_MS: Readonly<Record<ConnectionType, number>> = {
  instagram: 7 * 86_400_000,
  youtube: 5 * 60_000,
  drive: 5 * 60_000,
};

export const expiresSoon = (secrets: TokenSecrets, type: ConnectionType, now: Date) =>
  secrets.access_token_expires_at !== undefined && Date.parse(secrets.access_token_expires_at) - REFRESH_AHEAD_MS[type] <= now.getTime();

export type ConnectionTokenDeps = {
  clock: Clock;
  open: (sealed: string, context: SecretsContext) => Promise<Record<string, unknown>>;
  seal: (value: Record<string, unknown>, context: SecretsContext) => Promise<string>;
  oauthApp: (type: ConnectionType) => SocialOAuthApp;
  getConnection: (brand: Pick<ConnectionItem, 'workspaceId' | 'projectId'>, type: ConnectionType) => Promise<ConnectionItem | undefined>;
  updateConnection: (item: ConnectionItem, changes: ConnectionChanges) => Promise<'done' | 'stale'>;
  log?: (message: string, detail: Record<string, unknown>) => void;
  retryTiming?: RetryTiming;
};

/** The one failure that says the stored tokens cannot be used: the team must connect the account again. */
const notUsable = (error: string): ProviderFailure => ({ ok: false, error, retryable: false, unauthorized: true, latencyMs: 0 });

/**
 * Applies `changes` to the connection as long as it still holds the sealed tokens `held` (read again after a lost
 * race): a disconnect, or a new consent that stored other tokens meanwhile, is not overwritten with what was true
 * of the old ones.
 */
const onSameTokens = async (deps: ConnectionTokenDeps, item: ConnectionItem, held: string, changes: (current: ConnectionItem) => ConnectionChanges) =>
  retry(
    async (attempt) => {
      const current = attempt === 1 ? item : await deps.getConnection(item, item.type);
      if (!current || current.sealedSecrets !== held) return 'superseded' as const;
      return (await deps.updateConnection(current, changes(current))) === 'done' ? ('done' as const) : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );

/**
 * `withConnectionTokens(item, fn)`: opens the connection's sealed tokens and calls `fn` with the access token. A
 * token that expires soon (REFRESH_AHEAD_MS) is renewed first and the new set stored sealed. A provider that says
 * the tokens are no good (revoked, expired, refresh refused: `unauthorized`), on the refresh or on `fn`'s call,
 * marks the connection needs_reconnect with the last sync outcome 'unauthorized' and no next sync, so the team
 * sees "Reconnect" instead of syncs failing silently. Every other answer is `fn`'s, untouched.
 */
export const connectionTokens =
  (deps: ConnectionTokenDeps) =>
  async <T>(item: ConnectionItem, fn: (accessToken: string) => Promise<Call<T>>): Promise<Call<T>> => {
    if (!item.sealedSecrets || item.state === 'pending_oauth') return notUsable('The account is not connected');
    // The version and the sealed set the next write is conditional on (a refresh below moves both on).
    let held = item;
    let heldSealed = item.sealedSecrets;
    const refused = async (failure: ProviderFailure): Promise<ProviderFailure> => {
      const outcome = await onSameTokens(deps, held, heldSealed, (current) => ({
        state: 'needs_reconnect',
        lastSyncOutcome: 'unauthorized',
        lastSyncError: failure.error.slice(0, 500),
        syncDueAt: null,
        updatedAt: nextUpdatedAt(current, deps.clock()),
      }));
      deps.log?.('Connection needs reconnect: the provider refused its tokens', { workspaceId: item.workspaceId, projectId: item.projectId, type: item.type, outcome });
      return failure;
    };
    const context = connectionSealContext(item);
    let secrets = (await deps.open(heldSealed, context)) as TokenSecrets;
    if (typeof secrets.access_token !== 'string' || !secrets.access_token) return refused(notUsable('No access token is stored'));
    if (expiresSoon(secrets, item.type, deps.clock())) {
      const renewed = await deps.oauthApp(item.type).refresh(secrets);
      if (!renewed.ok) {
        if (renewed.unauthorized) return refused(renewed);
        // Still valid for a while (Instagram's week ahead): use it; an expired one is the provider's to refuse.
        deps.log?.('Token refresh failed; the stored token is used', { workspaceId: item.workspaceId, projectId: item.projectId, type: item.type, error: renewed.error });
      } else {
        secrets = renewed.value;
        const sealedSecrets = await deps.seal(secrets, context);
        let written: ConnectionItem | undefined;
        const stored = await onSameTokens(deps, held, heldSealed, (current) => {
          const updatedAt = nextUpdatedAt(current, deps.clock());
          written = { ...current, sealedSecrets, updatedAt };
          return { sealedSecrets, updatedAt };
        });
        if (stored === 'done' && written) {
          held = written;
          heldSealed = sealedSecrets;
        }
      }
    }
    const answer = await fn(secrets.access_token);
    if (!answer.ok && answer.unauthorized) return refused(answer);
    return answer;
  };

