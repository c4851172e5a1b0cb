import { CONNECTION_STATE_PREFIX, CONNECTION_TYPES, isConnectionState, isSocialConnection, type ConnectionType } from '#shared/schemas/connections';
import type { Caller, WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { Call, SocialOAuthApp, SocialProfile, TokenSecrets } from '#lib/providers/social';
import type { Brand, ConnectionChanges, ConnectionItem } from '#data/connections';
import { nextUpdatedAt } from './view';
import type { SecretsContext } from '#lib/secrets/context';
import { claimConsentState, issueConsentState, type ClaimConsentDeps, type ConsentStateDeps } from '../integrations/oauth';
import { connectionSealContext } from './tokens';
import { accountOf, toConnection } from './view';

/** The connection store the cores use (functions/data/connections.ts). */
export type ConnectionStore = {
  /** Whether the brand exists in its workspace. */
  brandExists: (brand: Brand) => Promise<boolean>;
  getConnection: (brand: Brand, type: ConnectionType) => Promise<ConnectionItem | undefined>;
  listConnections: (brand: Brand) => Promise<ConnectionItem[]>;
  createConnection: (item: ConnectionItem) => Promise<'done' | 'exists'>;
  updateConnection: (item: ConnectionItem, changes: ConnectionChanges) => Promise<'done' | 'stale'>;
  deleteConnection: (item: ConnectionItem) => Promise<'done' | 'stale'>;
};

/** A connection type's OAuth app, and whether its consent uses PKCE (Google's does; Instagram's has none). */
export type ConnectionApp = { app: SocialOAuthApp; pkce: boolean };

/** A fresh PKCE pair (RFC 7636, S256): the verifier stays with the state, the challenge goes to the consent. */
export type NewPkce = () => { verifier: string; challenge: string };

/**
 * What a consent is for, in the shared OAuth state items: `connection:<type>` (an integration's uid never has a
 * colon), so a connection's state never completes an integration and the other way round.
 */
export const consentSubjectOf = (type: ConnectionType) => `connection:${type}`;
const typeOfSubject = (subject: string): ConnectionType | undefined => CONNECTION_TYPES.find((type) => consentSubjectOf(type) === subject);

/** After connecting, the scheduled sync's first due time: the connect message syncs at once, this is its safety net. */
export const CONNECT_SYNC_SAFETY_MINUTES = 60;

export type StartConnectionDeps = Pick<ConnectionStore, 'brandExists' | 'getConnection' | 'createConnection' | 'updateConnection'> &
  ConsentStateDeps & {
    connectionApp: (type: ConnectionType) => ConnectionApp;
    newPkce: NewPkce;
    retryTiming?: RetryTiming;
  };

/**
 * Starts a consent for a brand's connection of `type` (a first connect, or a reconnect): a single-use `conn.` state
 * bound to the person, brand and type (and, for Google, the PKCE verifier), valid OAUTH_STATE_MINUTES, and the
 * provider's consent URL. The connection keeps the state's hash: only the newest link completes. A first connect
 * makes the connection pending_oauth; a connected one stays connected (and syncing) until the new consent completes.
 */
export const startConnection = async (deps: StartConnectionDeps, ctx: WorkspaceContext, projectId: string, type: ConnectionType): Promise<{ authorize_url: string }> => {
  const brand = { workspaceId: ctx.workspaceId, projectId };
  // A workspace admin passes the route's project check without a read: a brand of another workspace stops here.
  if (!(await deps.brandExists(brand))) throw new DomainError('project_not_found');
  const { app, pkce } = deps.connectionApp(type);
  const codes = pkce ? deps.newPkce() : undefined;
  const { state, stateHash, redirectUri } = await issueConsentState(
    deps,
    { workspaceId: ctx.workspaceId, projectId, integrationUid: consentSubjectOf(type), userId: ctx.userId, ...(codes ? { codeVerifier: codes.verifier } : {}) },
    CONNECTION_STATE_PREFIX,
  );
  await retry(
    async () => {
      const now = deps.clock();
      const current = await deps.getConnection(brand, type);
      if (!current) {
        const at = now.toISOString();
        const created = await deps.createConnection({ ...brand, type, state: 'pending_oauth', oauthStateHash: stateHash, contentPillars: [], createdAt: at, updatedAt: at });
        return created === 'done' ? created : RETRY;
      }
      const outcome = await deps.updateConnection(current, { oauthStateHash: stateHash, updatedAt: nextUpdatedAt(current, now) });
      return outcome === 'done' ? outcome : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  return { authorize_url: app.authorizeUrl({ state, redirectUri, ...(codes ? { codeChallenge: codes.challenge } : {}) }) };
};

export type CompleteConnectionDeps = Pick<ConnectionStore, 'getConnection' | 'updateConnection' | 'deleteConnection'> &
  ClaimConsentDeps & {
    connectionApp: (type: ConnectionType) => ConnectionApp;
    /** The connected account's profile (Instagram account, YouTube channel), read with the new access token. */
    readProfile: (type: ConnectionType, accessToken: string) => Promise<Call<SocialProfile>>;
    seal: (value: Record<string, unknown>, context: SecretsContext) => Promise<string>;
    /**
     * Has the account's content pillars derived from its recent captions (an AI job), read with the new access
     * token; absent where nothing derives them.
     */
    derivePillars?: (ctx: WorkspaceContext, input: { projectId: string; type: 'instagram'; accessToken: string }) => Promise<void>;
    /** Queues a sync of the account (the social-sync queue). */
    queueSync: (message: { workspaceId: string; projectId: string; type: 'instagram' | 'youtube'; reason: 'connect' }) => Promise<void>;
    log?: (message: string, detail: Record<string, unknown>) => void;
    retryTiming?: RetryTiming;
  };

export type CompleteConnectionBody = { state: string; code?: string; error?: string };

const invalid = (field: 'state' | 'code') => new DomainError('integration_oauth_invalid', { field });

/** A token or profile call the provider failed: a refusal starts over (400), a provider that is down may be tried again (502). */
const providerRefusal = (failure: { status?: number; retryable: boolean; unauthorized?: boolean }) =>
  failure.unauthorized || (!failure.retryable && failure.status !== undefined && failure.status < 500) ? invalid('code') : new DomainError('integration_provider_error');

/**
 * Finishes a connection's consent that the provider sent back to /integration-success. The `conn.` state is taken
 * (single use) and checked like an integration's (unexpired, the caller's own, still a joined member and project
 * admin: claimConsentState), and must be the one the brand's connection waits for. A refusal at the provider leaves
 * nothing connected (a first attempt's pending connection goes). Otherwise the code is exchanged (with the PKCE
 * verifier kept with the state), the account's profile read, the tokens sealed and stored, and for Instagram and
 * YouTube a first sync queued.
 */
export const completeConnection = async (deps: CompleteConnectionDeps, caller: Caller, body: CompleteConnectionBody) => {
  if (!isConnectionState(body.state)) throw invalid('state');
  const { state, stateHash, ctx, project } = await claimConsentState(deps, caller, body.state);
  const type = typeOfSubject(state.integrationUid);
  if (!type) throw invalid('state');
  const brand = { workspaceId: ctx.workspaceId, projectId: state.projectId };
  const first = await deps.getConnection(brand, type);
  if (!first || first.oauthStateHash !== stateHash) throw invalid('state');

  if (body.error) {
    await forgetConsent(deps, first, stateHash);
    throw new DomainError('integration_oauth_declined', { field: 'error' });
  }
  if (!body.code) throw new ValidationError('code', 'code is required');

  const { app } = deps.connectionApp(type);
  const exchanged = await app.exchangeCode({ code: body.code, redirectUri: state.redirectUri, ...(state.codeVerifier ? { codeVerifier: state.codeVerifier } : {}) });
  if (!exchanged.ok) throw providerRefusal(exchanged);
  const tokens: TokenSecrets = exchanged.value;
  let account: SocialProfile | undefined;
  if (isSocialConnection(type)) {
    const profile = await deps.readProfile(type, tokens.access_token);
    if (!profile.ok) throw providerRefusal(profile);
    account = profile.value;
  }
  const sealedSecrets = await deps.seal({ ...tokens }, connectionSealContext({ ...brand, type }));

  const connected = await retry(
    async (attempt) => {
      const item = attempt === 1 ? first : await deps.getConnection(brand, type);
      // Disconnected, or a newer consent link was made meanwhile: this one no longer completes anything.
      if (!item || item.oauthStateHash !== stateHash) throw invalid('state');
      const now = deps.clock();
      const connectedAt = now.toISOString();
      const set = {
        state: 'connected' as const,
        sealedSecrets,
        connectedBy: caller.userId,
        connectedAt,
        ...(account ? { account: accountOf(account), syncDueAt: new Date(now.getTime() + CONNECT_SYNC_SAFETY_MINUTES * 60_000).toISOString() } : {}),
        updatedAt: nextUpdatedAt(item, now),
      };
      // The used state goes; a fresh consent clears what the old tokens left (an 'unauthorized' outcome).
      const changes: ConnectionChanges = { ...set, oauthStateHash: null, lastSyncOutcome: null, lastSyncError: null };
      if ((await deps.updateConnection(item, changes)) === 'stale') return RETRY;
      const { oauthStateHash: _used, lastSyncOutcome: _outcome, lastSyncError: _error, ...kept } = item;
      return { ...kept, ...set };
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  if (isSocialConnection(type)) {
    try {
      await deps.queueSync({ ...brand, type, reason: 'connect' });
    } catch (error) {
      // Connected all the same: the scheduled sync is due within CONNECT_SYNC_SAFETY_MINUTES.
      deps.log?.('First sync not queued; the scheduled one will run it', { ...brand, type, error: String(error) });
    }
  }
  if (type === 'instagram' && !connected.contentPillars.length && deps.derivePillars) {
    try {
      await deps.derivePillars(ctx, { projectId: state.projectId, type, accessToken: tokens.access_token });
    } catch (error) {
      // Connected all the same: the team fills the pillars in.
      deps.log?.('Content pillars not derived', { ...brand, type, error: String(error) });
    }
  }
  return { workspace_uid: ctx.workspaceId, project_uid: state.projectId, project_slug: project.slug, connection: toConnection(connected) };
};

/**
 * A declined consent: a connection that never completed one goes again (the brand shows "Connect"); a connected one
 * only forgets the link (it keeps its tokens and syncs). Lost races are left alone: a newer link has taken over.
 */
const forgetConsent = async (deps: Pick<CompleteConnectionDeps, 'updateConnection' | 'deleteConnection' | 'clock'>, item: ConnectionItem, stateHash: string) => {
  if (item.oauthStateHash !== stateHash) return;
  if (item.state === 'pending_oauth' && !item.sealedSecrets) await deps.deleteConnection(item);
  else await deps.updateConnection(item, { oauthStateHash: null, updatedAt: nextUpdatedAt(item, deps.clock()) });
};
