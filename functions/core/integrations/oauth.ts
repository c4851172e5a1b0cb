import { createHash } from 'node:crypto';
import { isProjectAdmin } from '#shared/permissions';
import { usesOAuth, type IntegrationType } from '#shared/schemas/integrations';
import type { Caller, WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import type { Membership } from '#data/memberships';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import type { IntegrationItem, OAuthStateItem } from '#data/integrations';
import type { Clock } from '../clock';
import { hintsOf, toIntegration, verifyWithProvider, type IntegrationStore, type SecretBox, type StartConsent, type VerifyIntegration } from './manage';

/** How long a consent link works: enough to sign in at the provider, short enough that a leaked link goes stale. */
export const OAUTH_STATE_MINUTES = 30;

/** The page the providers send the person back to (it posts the code and state to POST /integrations/oauth/complete). */
export const OAUTH_RETURN_PATH = '/integration-success';

/** What a provider's token endpoint answered for a consent's code. */
export type CodeExchange =
  | { ok: true; secrets: Record<string, unknown>; settings?: Record<string, unknown> }
  | { ok: false; status?: number; error: string };

/** One provider's OAuth app (Google, Atlassian, Slack): its consent URL and its token exchange. */
export type OAuthApp = {
  authorizeUrl: (input: { state: string; redirectUri: string }) => string;
  exchangeCode: (input: { code: string; redirectUri: string }) => Promise<CodeExchange>;
};

/** Only the hash of a state is stored: the token itself lives only in the consent link and the return. */
export const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');

/** What issuing a consent's state needs: the clock, where the provider sends the person back, and the state store. */
export type ConsentStateDeps = {
  clock: Clock;
  appUrl: string;
  newState: () => string;
  putOAuthState: (state: OAuthStateItem) => Promise<void>;
};

/** Who and what a consent is for: stored with its state, checked again when it comes back. */
export type ConsentSubject = Pick<OAuthStateItem, 'workspaceId' | 'projectId' | 'integrationUid' | 'userId' | 'codeVerifier'>;

/**
 * Issues a consent's state: an unguessable single-use token (after `prefix`, which tells /integration-success
 * which completion route it belongs to), stored only by its hash with the subject, valid OAUTH_STATE_MINUTES, and
 * the redirect the provider must send the person back to (the app's /integration-success). Integrations and
 * connected accounts both consent through it.
 */
export const issueConsentState = async (deps: ConsentStateDeps, subject: ConsentSubject, prefix = '') => {
  const state = `${prefix}${deps.newState()}`;
  const stateHash = hashState(state);
  const redirectUri = `${deps.appUrl}${OAUTH_RETURN_PATH}`;
  const validUntil = new Date(deps.clock().getTime() + OAUTH_STATE_MINUTES * 60_000).toISOString();
  await deps.putOAuthState({ stateHash, ...subject, redirectUri, validUntil });
  return { state, stateHash, redirectUri };
};

export type ConsentDeps = ConsentStateDeps & { oauthApp: (type: IntegrationType) => OAuthApp };

/**
 * Starts a consent: an unguessable single-use state bound to the person, workspace, project and integration,
 * valid OAUTH_STATE_MINUTES, and the provider's consent URL returning to the app's /integration-success.
 */
export const consentStarter =
  (deps: ConsentDeps): StartConsent =>
  async (ctx, item) => {
    const subject = { workspaceId: ctx.workspaceId, projectId: item.projectId, integrationUid: item.integrationUid, userId: ctx.userId };
    const { state, stateHash, redirectUri } = await issueConsentState(deps, subject);
    return { authorizeUrl: deps.oauthApp(item.type).authorizeUrl({ state, redirectUri }), stateHash };
  };

export type ClaimConsentDeps = {
  clock: Clock;
  takeOAuthState: (stateHash: string) => Promise<OAuthStateItem | undefined>;
  findMembership: (workspaceId: string, userId: string) => Promise<Membership | undefined>;
  getProjectAndMember: (ctx: WorkspaceContext, projectId: string, userId: string) => Promise<{ project?: ProjectItem; member?: ProjectMemberItem }>;
};

/**
 * Takes back a consent's state the provider returned: taken (so it works once), it must be unexpired, the caller's
 * own, in a workspace the caller is still a joined member of, for a project that still exists, and the caller must
 * still administer it. Any other state is integration_oauth_invalid (field `state`); a caller who is no longer a
 * project admin is project_admin_required. Answers the stored state, the caller's context there and the project.
 */
export const claimConsentState = async (deps: ClaimConsentDeps, caller: Caller, rawState: string) => {
  const stateHash = hashState(rawState);
  const state = await deps.takeOAuthState(stateHash);
  if (!state || Date.parse(state.validUntil) <= deps.clock().getTime() || state.userId !== caller.userId) throw new DomainError('integration_oauth_invalid', { field: 'state' });
  const membership = await deps.findMembership(state.workspaceId, caller.userId);
  if (!membership || membership.status !== 'joined') throw new DomainError('integration_oauth_invalid', { field: 'state' });
  const ctx: WorkspaceContext = { workspaceId: state.workspaceId, userId: caller.userId, email: caller.email, role: membership.role };
  const { project, member } = await deps.getProjectAndMember(ctx, state.projectId, caller.userId);
  if (!project) throw new DomainError('integration_oauth_invalid', { field: 'state' });
  if (!isProjectAdmin(membership.role, member)) throw new DomainError('project_admin_required');
  return { state, stateHash, ctx, project };
};

export type ReconnectDeps = Pick<IntegrationStore, 'getIntegrationItem' | 'updateIntegrationItem'> & { clock: Clock; startConsent: StartConsent; retryTiming?: RetryTiming };

/**
 * A new consent link for an OAuth integration (its tokens were revoked or expired, or the first consent was
 * never finished). Only the newest link completes: the integration keeps the hash of its state.
 */
export const reconnectIntegration = async (deps: ReconnectDeps, ctx: WorkspaceContext, projectId: string, integrationUid: string): Promise<{ authorize_url: string }> =>
  retry(
    async () => {
      const item = await deps.getIntegrationItem(ctx, projectId, integrationUid);
      if (!item) throw new DomainError('integration_not_found');
      if (!usesOAuth(item.type, item.settings)) throw new DomainError('integration_not_oauth');
      const consent = await deps.startConsent(ctx, item);
      const outcome = await deps.updateIntegrationItem(item, { oauthStateHash: consent.stateHash, updatedAt: deps.clock().toISOString() });
      return outcome === 'done' ? { authorize_url: consent.authorizeUrl } : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );

export type CompleteOAuthDeps = Pick<IntegrationStore, 'getIntegrationItem' | 'updateIntegrationItem' | 'getProjectForIntegrations'> &
  ClaimConsentDeps & {
  oauthApp: (type: IntegrationType) => OAuthApp;
  secrets: Pick<SecretBox, 'seal' | 'mask'>;
  verify: VerifyIntegration;
  retryTiming?: RetryTiming;
};

export type CompleteOAuthBody = { state: string; code?: string; error?: string };

/**
 * Finishes a consent the provider sent back to /integration-success. The state is taken (so it works once), must
 * be unexpired, the caller's own, for an integration that still waits for exactly it, and the caller must still
 * administer the project. A refusal at the provider is integration_oauth_declined; otherwise the code is exchanged,
 * the tokens are checked with the provider, sealed and stored, and the integration is connected.
 */
export const completeIntegrationOAuth = async (deps: CompleteOAuthDeps, caller: Caller, body: CompleteOAuthBody) => {
  const { state, stateHash, ctx, project } = await claimConsentState(deps, caller, body.state);
  const first = await deps.getIntegrationItem(ctx, state.projectId, state.integrationUid);
  if (!first || first.oauthStateHash !== stateHash) throw new DomainError('integration_oauth_invalid', { field: 'state' });
  if (body.error) throw new DomainError('integration_oauth_declined', { field: 'error' });
  if (!body.code) throw new ValidationError('code', 'code is required');

  const app = deps.oauthApp(first.type);
  const exchanged = await app.exchangeCode({ code: body.code, redirectUri: state.redirectUri });
  if (!exchanged.ok) {
    // A refused code (used, expired, for another redirect) starts over; a provider that is down may be tried again.
    if (exchanged.status !== undefined && exchanged.status < 500) throw new DomainError('integration_oauth_invalid', { field: 'code' });
    throw new DomainError('integration_provider_error');
  }
  const settings = { ...first.settings, ...exchanged.settings };
  const verified = await verifyWithProvider(deps.verify, first.type, { settings, secrets: exchanged.secrets });
  const tokens = { ...exchanged.secrets, ...verified.refreshedSecrets };
  const context = { workspaceId: ctx.workspaceId, integrationUid: first.integrationUid };
  const sealedSecrets = await deps.secrets.seal(tokens, context);
  const secretHints = hintsOf(tokens, deps.secrets.mask);

  const connected = await retry(
    async (attempt) => {
      const item: IntegrationItem | undefined = attempt === 1 ? first : await deps.getIntegrationItem(ctx, state.projectId, state.integrationUid);
      // Removed, or a newer consent link was made meanwhile: this one no longer completes anything.
      if (!item || item.oauthStateHash !== stateHash) throw new DomainError('integration_oauth_invalid', { field: 'state' });
      const changes = { settings, sealedSecrets, secretHints, state: 'connected' as const, oauthStateHash: null, updatedAt: deps.clock().toISOString() };
      if ((await deps.updateIntegrationItem(item, changes)) === 'stale') return RETRY;
      const { oauthStateHash: _used, ...rest } = item;
      return { ...rest, settings, sealedSecrets, secretHints, state: 'connected' as const, updatedAt: changes.updatedAt };
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  return { workspace_uid: ctx.workspaceId, project_uid: state.projectId, project_slug: project.slug, integration: toIntegration(connected) };
};

/** Which OAuth app an integration type consents through. */
export type OAuthProvider = 'google' | 'atlassian' | 'slack';
export const OAUTH_PROVIDER_OF: Partial<Record<IntegrationType, OAuthProvider>> = { calendar: 'google', jira: 'atlassian', slack: 'slack' };
