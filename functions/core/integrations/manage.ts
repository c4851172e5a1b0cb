import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import {
  integrationFieldPath,
  integrationSecretsInput,
  integrationSettings,
  missingIntegrationField,
  secretsInForce,
  MAX_INTEGRATIONS_PER_PROJECT,
  SERVER_SECRETS,
  usesOAuth,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type CreateIntegrationBody,
  type Integration,
  type IntegrationSettings,
  type IntegrationType,
  type IntegrationWithSecret,
  type UpdateIntegrationBody,
} from '#shared/schemas/integrations';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { retry, RETRY, type RetryTiming } from '#lib/retry';
import { parseOrThrow } from '#lib/validation';
import type { ProviderConfig, VerifyResult } from '#lib/providers/provider';
import type { GuardedOutcome } from '#data/conditions';
import type { IntegrationChanges, IntegrationItem, IntegrationRef } from '#data/integrations';
import type { Clock } from '../clock';

/** Seals and opens an integration's secrets, bound to its workspace and uid (functions/lib/secrets). */
export type SecretContext = { workspaceId: string; integrationUid: string };
export type SecretBox = {
  seal: (secrets: Record<string, unknown>, context: SecretContext) => Promise<string>;
  open: (sealed: string, context: SecretContext) => Promise<Record<string, unknown>>;
  /** A secret's masked last characters, e.g. ••••x9Qa. */
  mask: (secret: string) => string;
};
export type OpenSecrets = Pick<SecretBox, 'open'>;

/** A provider's check of settings and credentials on connect and edit (functions/lib/providers/<type>.ts `verify`). */
export type VerifyIntegration = (type: IntegrationType, config: ProviderConfig) => Promise<VerifyResult>;

export type ProjectForIntegrations = { name: string; slug: string; refs: IntegrationRef[]; present: boolean };

export type IntegrationStore = {
  listIntegrationItems: (ctx: WorkspaceContext, projectId: string) => Promise<IntegrationItem[]>;
  getIntegrationItem: (ctx: Pick<WorkspaceContext, 'workspaceId'>, projectId: string, integrationUid: string) => Promise<IntegrationItem | undefined>;
  getProjectForIntegrations: (ctx: Pick<WorkspaceContext, 'workspaceId'>, projectId: string) => Promise<ProjectForIntegrations | undefined>;
  createIntegrationTransaction: (item: IntegrationItem, current: { refs: IntegrationRef[]; present: boolean }) => Promise<GuardedOutcome>;
  deleteIntegrationTransaction: (item: Pick<IntegrationItem, 'workspaceId' | 'projectId' | 'integrationUid'>, current: { refs: IntegrationRef[]; present: boolean }) => Promise<GuardedOutcome>;
  updateIntegrationItem: (current: IntegrationItem, changes: IntegrationChanges) => Promise<'done' | 'stale'>;
};

/** The integration as the API answers it: settings and a hint of each stored secret, never a secret. */
export const toIntegration = (item: IntegrationItem): Integration => ({
  uid: item.integrationUid,
  type: item.type,
  name: item.name,
  settings: item.settings,
  secret_hint: item.secretHints,
  state: item.state,
  created_at: item.createdAt,
  updated_at: item.updatedAt,
});

/** The integration as it is after `changes` (what the update wrote). */
export const applied = (item: IntegrationItem, changes: IntegrationChanges): IntegrationItem => {
  const next = { ...item } as Record<string, unknown>;
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete next[name];
    else if (value !== undefined) next[name] = value;
  }
  return next as IntegrationItem;
};

/** A new webhook signing secret in the Standard Webhooks form: `whsec_` and the base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The masked hint of every string secret (server-made rotation leftovers are not shown). */
export const hintsOf = (secrets: Record<string, unknown>, mask: SecretBox['mask']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(secrets)
      .filter(([name, value]) => typeof value === 'string' && value !== '' && name !== SERVER_SECRETS.previousSigningSecret)
      .map(([name, value]) => [name, mask(value as string)]),
  );

/** Secrets that were sent with a value: an empty one means "keep what is stored", not "store nothing". */
const sentSecrets = (secrets: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(secrets ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** Settings and typed secrets checked against the type's schemas: a 400 naming `settings.<field>` / `secrets.<field>`. */
export const parseTypedInput = (type: IntegrationType, settings: unknown, secrets: unknown): { settings: IntegrationSettings; secrets: Record<string, unknown> } => {
  const schema = z.object({ settings: integrationSettings[type], secrets: z.optional(integrationSecretsInput[type]) });
  const parsed = parseOrThrow(schema, { settings, secrets }, 'body') as { settings: IntegrationSettings; secrets?: Record<string, unknown> };
  return { settings: parsed.settings, secrets: sentSecrets(parsed.secrets) };
};

/** The spec's one message for an incomplete form, naming the first missing field. */
export const requireComplete = (type: IntegrationType, settings: IntegrationSettings, secrets: Record<string, unknown>, hasSecret?: (name: string) => boolean) => {
  const missing = missingIntegrationField(type, settings, secrets, hasSecret);
  if (missing) throw new DomainError('integration_incomplete', { field: integrationFieldPath(type, missing) });
};

/** The field a provider's refusal is about when it names none: the credential or address the person typed. */
const REFUSED_FIELD: Record<IntegrationType, string> = {
  email: 'recipients',
  jira: 'api_token',
  slack: 'webhook_url',
  webhook: 'url',
  monday: 'api_token',
  calendar: 'calendar_id',
};

/** No answer, a timeout, or the provider's own failure (5xx, 408, 429): the settings were not judged. */
const providerDown = (status: number | undefined) => status === undefined || status >= 500 || status === 408 || status === 429;

/**
 * Asks the provider whether the settings and credentials work; nothing is stored unless it says yes. A Jira 403
 * is jira_admin_required; any other refusal of what the person typed is integration_provider_refused (400, on the
 * field the provider blamed, else the credential or address); a provider that is down or did not answer is
 * integration_provider_error (502): the form stays as it was, to be sent again.
 */
export const verifyWithProvider = async (verify: VerifyIntegration, type: IntegrationType, config: ProviderConfig) => {
  const result = await verify(type, config);
  if (result.ok) return result;
  const named = result.field ? (result.field.includes('.') ? result.field : integrationFieldPath(type, result.field)) : undefined;
  if (result.code === 'jira_admin_required') throw new DomainError('jira_admin_required', { field: named ?? integrationFieldPath(type, 'project_key') });
  if (!named && providerDown(result.status)) throw new DomainError('integration_provider_error');
  const field = named ?? integrationFieldPath(type, type === 'jira' && (config.settings as { auth?: string }).auth === 'oauth' ? 'project_key' : REFUSED_FIELD[type]);
  throw new DomainError('integration_provider_refused', { field });
};

export type ListIntegrationsDeps = Pick<IntegrationStore, 'listIntegrationItems' | 'getProjectForIntegrations'>;

/** A brand's integrations; who may is the route table's `projectRole: 'access'`. */
export const listIntegrations = async (deps: ListIntegrationsDeps, ctx: WorkspaceContext, projectId: string): Promise<Integration[]> => {
  const items = await deps.listIntegrationItems(ctx, projectId);
  // An empty list may be a project that does not exist (workspace admins pass the project gate without a read).
  if (!items.length && !(await deps.getProjectForIntegrations(ctx, projectId))) throw new DomainError('project_not_found');
  return items.map(toIntegration);
};

/** Starts an OAuth consent for an integration: stores its single-use state, answers the provider's consent URL. */
export type StartConsent = (ctx: WorkspaceContext, item: Pick<IntegrationItem, 'projectId' | 'integrationUid' | 'type' | 'settings'>) => Promise<{ authorizeUrl: string; stateHash: string }>;

export type CreateIntegrationDeps = Pick<IntegrationStore, 'getProjectForIntegrations' | 'createIntegrationTransaction'> & {
  clock: Clock;
  newIntegrationUid: () => string;
  secrets: Pick<SecretBox, 'seal' | 'mask'>;
  verify: VerifyIntegration;
  startConsent: StartConsent;
  retryTiming?: RetryTiming;
};

/**
 * Connects an integration (project admins: the route's `projectRole`). Settings must be complete; credentials a
 * person typed are checked with the provider before anything is stored. A webhook gets a signing secret, answered
 * this once; an OAuth type is stored waiting for consent and answers where to give it. The integration and the
 * project's list of integrations are written in one transaction, at most MAX_INTEGRATIONS_PER_PROJECT of them.
 */
export const createIntegration = async (deps: CreateIntegrationDeps, ctx: WorkspaceContext, projectId: string, body: CreateIntegrationBody): Promise<IntegrationWithSecret> => {
  const { type, name } = body;
  const { settings, secrets: typed } = parseTypedInput(type, body.settings, body.secrets);
  requireComplete(type, settings, typed);
  const project = await deps.getProjectForIntegrations(ctx, projectId);
  if (!project) throw new DomainError('project_not_found');
  if (project.refs.length >= MAX_INTEGRATIONS_PER_PROJECT) throw new DomainError('integration_limit_reached');

  const integrationUid = deps.newIntegrationUid();
  const oauth = usesOAuth(type, settings);
  const signingSecret = type === 'webhook' ? newWebhookSecret() : undefined;
  const secrets: Record<string, unknown> = { ...typed, ...(signingSecret ? { [SERVER_SECRETS.signingSecret]: signingSecret } : {}) };
  if (!oauth) await verifyWithProvider(deps.verify, type, { settings, secrets });

  const now = deps.clock().toISOString();
  const base: IntegrationItem = {
    workspaceId: ctx.workspaceId,
    projectId,
    integrationUid,
    type,
    name,
    settings,
    secretHints: hintsOf(secrets, deps.secrets.mask),
    state: oauth ? 'pending_oauth' : 'connected',
    createdAt: now,
    createdBy: ctx.userId,
    updatedAt: now,
  };
  if (Object.keys(secrets).length) base.sealedSecrets = await deps.secrets.seal(secrets, { workspaceId: ctx.workspaceId, integrationUid });
  const consent = oauth ? await deps.startConsent(ctx, base) : undefined;
  const item: IntegrationItem = consent ? { ...base, oauthStateHash: consent.stateHash } : base;

  await retry(
    async (attempt) => {
      const current = attempt === 1 ? project : await deps.getProjectForIntegrations(ctx, projectId);
      if (!current) throw new DomainError('project_not_found');
      if (current.refs.length >= MAX_INTEGRATIONS_PER_PROJECT) throw new DomainError('integration_limit_reached');
      return (await deps.createIntegrationTransaction(item, current)) === 'done' ? true : RETRY;
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
  return {
    ...toIntegration(item),
    ...(signingSecret ? { secret: signingSecret } : {}),
    ...(consent ? { authorize_url: consent.authorizeUrl } : {}),
  };
};

export type UpdateIntegrationDeps = Pick<IntegrationStore, 'getIntegrationItem' | 'updateIntegrationItem'> & {
  clock: Clock;
  secrets: SecretBox;
  verify: VerifyIntegration;
  startConsent: StartConsent;
  retryTiming?: RetryTiming;
};

/** The change of the way an integration signs in (token ↔ OAuth, webhook URL ↔ bot): a new connection. */
const connectionChanged = (type: IntegrationType, before: IntegrationSettings, after: IntegrationSettings) =>
  usesOAuth(type, before) !== usesOAuth(type, after) ||
  (before as Record<string, unknown>).auth !== (after as Record<string, unknown>).auth ||
  (before as Record<string, unknown>).mode !== (after as Record<string, unknown>).mode;

/**
 * Edits an integration (project admins). `settings` replace the stored ones whole and are checked against the
 * integration's type; `secrets` replace only those sent; the result must be complete and, when settings or
 * secrets changed, pass the provider's check (then a broken connection is connected again). A change of the way
 * it signs in starts afresh: the stored secrets go, and an OAuth way answers a new consent link. A webhook's
 * `rotate_secret` makes a new signing secret, answered this once, while the previous one is still signed with
 * for WEBHOOK_SECRET_OVERLAP_HOURS.
 */
export const updateIntegration = async (
  deps: UpdateIntegrationDeps,
  ctx: WorkspaceContext,
  projectId: string,
  integrationUid: string,
  body: UpdateIntegrationBody,
): Promise<IntegrationWithSecret> => {
  let verified: string | undefined;
  return retry(
    async () => {
      const item = await deps.getIntegrationItem(ctx, projectId, integrationUid);
      if (!item) throw new DomainError('integration_not_found');
      const { type } = item;
      if (body.rotate_secret && type !== 'webhook') throw new ValidationError('rotate_secret', 'rotate_secret applies only to webhook integrations');
      const { settings, secrets: sent } = parseTypedInput(type, body.settings ?? item.settings, body.secrets ?? {});
      const fresh = body.settings !== undefined && connectionChanged(type, item.settings, settings);
      const keepStored = (name: string) => !fresh && Object.hasOwn(item.secretHints, name);
      requireComplete(type, settings, sent, keepStored);

      const context = { workspaceId: ctx.workspaceId, integrationUid };
      const touched = body.settings !== undefined || Object.keys(sent).length > 0 || !!body.rotate_secret;
      const stored = touched && item.sealedSecrets && !fresh ? await deps.secrets.open(item.sealedSecrets, context) : {};
      const secrets: Record<string, unknown> = { ...stored, ...sent };
      const now = deps.clock();
      const changes: IntegrationChanges = { updatedAt: now.toISOString() };
      if (body.name !== undefined) changes.name = body.name;
      if (body.settings !== undefined) changes.settings = settings;

      let newSecret: string | undefined;
      if (body.rotate_secret) {
        newSecret = newWebhookSecret();
        const previous = stored[SERVER_SECRETS.signingSecret];
        if (typeof previous === 'string') {
          secrets[SERVER_SECRETS.previousSigningSecret] = previous;
          changes.previousSecretValidUntil = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000).toISOString();
        }
        secrets[SERVER_SECRETS.signingSecret] = newSecret;
      }

      const oauth = usesOAuth(type, settings);
      let authorizeUrl: string | undefined;
      if (fresh && oauth) {
        const consent = await deps.startConsent(ctx, { ...item, settings });
        authorizeUrl = consent.authorizeUrl;
        changes.oauthStateHash = consent.stateHash;
        changes.state = 'pending_oauth';
      } else if ((body.settings !== undefined || Object.keys(sent).length > 0) && !(oauth && item.state === 'pending_oauth')) {
        // Verified once per distinct input, however often a racing edit makes this step run again. An OAuth
        // integration is checked with its stored tokens (a calendar or Jira project chosen after the consent).
        const key = JSON.stringify([settings, sent, item.sealedSecrets ?? null]);
        if (verified !== key) Object.assign(secrets, (await verifyWithProvider(deps.verify, type, { settings, secrets })).refreshedSecrets);
        verified = key;
        changes.state = 'connected';
      }
      if (touched) {
        changes.sealedSecrets = Object.keys(secrets).length ? await deps.secrets.seal(secrets, context) : null;
        changes.secretHints = hintsOf(secrets, deps.secrets.mask);
      }
      if ((await deps.updateIntegrationItem(item, changes)) === 'stale') return RETRY;
      return {
        ...toIntegration(applied(item, changes)),
        ...(newSecret ? { secret: newSecret } : {}),
        ...(authorizeUrl ? { authorize_url: authorizeUrl } : {}),
      };
    },
    { exhausted: 'service_busy', ...deps.retryTiming },
  );
};

export type DeleteIntegrationDeps = Pick<IntegrationStore, 'getIntegrationItem' | 'getProjectForIntegrations' | 'deleteIntegrationTransaction'> & { retryTiming?: RetryTiming };

/**
 * Removes an integration and its sealed secrets, and takes it off the project's list, in one transaction.
 * Deliveries already made stay in their tasks' logs.
 */
export const deleteIntegration = async (deps: DeleteIntegrationDeps, ctx: WorkspaceContext, projectId: string, integrationUid: string): Promise<void> =>
  retry(
    async () => {
      const [project, item] = await Promise.all([deps.getProjectForIntegrations(ctx, projectId), deps.getIntegrationItem(ctx, projectId, integrationUid)]);
      if (!project) throw new DomainError('project_not_found');
      if (!item) throw new DomainError('integration_not_found');
      return (await deps.deleteIntegrationTransaction(item, project)) === 'done' ? undefined : RETRY;
    },
    { exhausted: 'service_busy' },
  );

export type SaveSecretsDeps = Pick<IntegrationStore, 'getIntegrationItem' | 'updateIntegrationItem'> & { clock: Clock; secrets: SecretBox };

/**
 * Stores what a provider call renewed (a refreshed access token, a rotated refresh token) and, when it refused
 * the stored credentials, marks the integration as needing a reconnect. Merged into the secrets stored at the
 * time of the write, so an edit in between keeps its own changes.
 */
export const saveProviderOutcome = async (
  deps: SaveSecretsDeps,
  item: IntegrationItem,
  outcome: { refreshedSecrets?: Record<string, unknown>; unauthorized?: boolean },
): Promise<void> => {
  if (!outcome.refreshedSecrets && !outcome.unauthorized) return;
  const context = { workspaceId: item.workspaceId, integrationUid: item.integrationUid };
  await retry(
    async (attempt) => {
      const current = attempt === 1 ? item : await deps.getIntegrationItem(item, item.projectId, item.integrationUid);
      if (!current) return undefined;
      const changes: IntegrationChanges = { updatedAt: deps.clock().toISOString() };
      if (outcome.refreshedSecrets) {
        const stored = current.sealedSecrets ? await deps.secrets.open(current.sealedSecrets, context) : {};
        const secrets = { ...stored, ...outcome.refreshedSecrets };
        changes.sealedSecrets = await deps.secrets.seal(secrets, context);
        changes.secretHints = hintsOf(secrets, deps.secrets.mask);
      }
      if (outcome.unauthorized) changes.state = 'needs_reconnect';
      return (await deps.updateIntegrationItem(current, changes)) === 'done' ? undefined : RETRY;
    },
    { exhausted: 'service_busy' },
  );
};

/** The integration's secrets as a provider is handed them now (sealed ones opened, a lapsed previous secret left out). */
export const providerSecrets = async (open: SecretBox['open'], item: IntegrationItem, now: Date): Promise<Record<string, unknown>> =>
  item.sealedSecrets
    ? secretsInForce(await open(item.sealedSecrets, { workspaceId: item.workspaceId, integrationUid: item.integrationUid }), item.previousSecretValidUntil, now)
    : {};
