import type { IntegrationState, IntegrationType } from '#shared/schemas/integrations';
import type { WorkspaceContext } from '#lib/context';
import { db } from './db';
import { cancelledOutcome, type GuardedOutcome, unlessRefused } from './conditions';
import { allExactly, exactly } from './exact-ids';

/** An integration as the core handles it: settings and hints parsed, secrets still sealed. */
export type IntegrationItem = {
  workspaceId: string;
  projectId: string;
  integrationUid: string;
  type: IntegrationType;
  name: string;
  settings: Record<string, unknown>;
  sealedSecrets?: string;
  secretHints: Record<string, string>;
  state: IntegrationState;
  oauthStateHash?: string;
  previousSecretValidUntil?: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
};

/** The project item's list of its integrations (what GET …/projects answers as `integrations`). */
export type IntegrationRef = { type: string; uid: string };

/**
 * A pending OAuth consent (see integrationOAuthStateEntity). `integrationUid` names what it is for: an integration's
 * uid, or `connection:<type>` for a brand's connected account (functions/core/connections/connect.ts).
 */
export type OAuthStateItem = {
  stateHash: string;
  workspaceId: string;
  projectId: string;
  integrationUid: string;
  userId: string;
  redirectUri: string;
  validUntil: string;
  /** A PKCE consent's code verifier (RFC 7636): kept here, only its challenge went to the browser. */
  codeVerifier?: string;
};

export type StoredIntegration = Omit<IntegrationItem, 'settings' | 'secretHints'> & { settings: string; secretHints: string };

const parseObject = <T>(text: string | undefined): T => {
  const value: unknown = text ? JSON.parse(text) : {};
  return (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as T;
};

/** The item as the core handles it (settings and hints parsed). */
export const fromStored = (stored: StoredIntegration): IntegrationItem => {
  const item: IntegrationItem = { ...stored, settings: parseObject(stored.settings), secretHints: parseObject(stored.secretHints) };
  return item;
};

const toStored = (item: IntegrationItem): StoredIntegration => ({ ...item, settings: JSON.stringify(item.settings), secretHints: JSON.stringify(item.secretHints) });

/** A project's integrations, oldest first by uid order (pattern: integrationsOfProject). */
export const listIntegrationItems = async (ctx: WorkspaceContext, projectId: string): Promise<IntegrationItem[]> => {
  const { data } = await db().entities.projectIntegration.query.primary({ workspaceId: ctx.workspaceId, projectId }).go({ pages: 'all' });
  return allExactly(data as StoredIntegration[], { workspaceId: ctx.workspaceId, projectId }).map(fromStored);
};

/** One integration of a project (pattern: integrationById). */
export const getIntegrationItem = async (ctx: Pick<WorkspaceContext, 'workspaceId'>, projectId: string, integrationUid: string): Promise<IntegrationItem | undefined> => {
  const { data } = await db().entities.projectIntegration.get({ workspaceId: ctx.workspaceId, projectId, integrationUid }).go();
  const item = exactly(data as StoredIntegration | null, { workspaceId: ctx.workspaceId, projectId, integrationUid });
  return item && fromStored(item);
};

/**
 * The project's name, slug and `integrations` list as stored, or undefined when the project does not exist
 * (pattern: projectById). `present` says whether the list exists at all (projects made before it have none),
 * which the guarded writes below condition on.
 */
export const getProjectForIntegrations = async (
  ctx: Pick<WorkspaceContext, 'workspaceId'>,
  projectId: string,
): Promise<{ name: string; slug: string; refs: IntegrationRef[]; present: boolean } | undefined> => {
  const { data } = await db()
    .entities.project.get({ workspaceId: ctx.workspaceId, projectId })
    .go({ attributes: ['workspaceId', 'projectId', 'name', 'slug', 'integrations'] });
  const project = exactly(data as { workspaceId: string; projectId: string; name: string; slug: string; integrations?: IntegrationRef[] } | null, {
    workspaceId: ctx.workspaceId,
    projectId,
  });
  if (!project) return undefined;
  return {
    name: project.name,
    slug: project.slug,
    refs: (project.integrations ?? []).map(({ type, uid }) => ({ type, uid })),
    present: project.integrations !== undefined,
  };
};

type Current = { refs: IntegrationRef[]; present: boolean };

/**
 * The project patch that sets its list to `next`, only if the list is still the one read: two concurrent creates
 * (or a create and a delete) cannot both apply to the same list, and a missing project fails the condition.
 */
const projectListWrite = (entities: any, workspaceId: string, projectId: string, current: Current, next: IntegrationRef[]) =>
  entities.project
    .patch({ workspaceId, projectId })
    .set({ integrations: next })
    .where((a: any, { eq, notExists }: any) => (current.present ? eq(a.integrations, current.refs) : notExists(a.integrations)))
    .commit();

/**
 * Creates the integration and appends it to its project's list in one TransactWriteItems (pattern:
 * integrationWithProjectList). `stale`: the project changed (or went) since `current` was read.
 */
export const createIntegrationTransaction = async (item: IntegrationItem, current: Current): Promise<GuardedOutcome> => {
  const { workspaceId, projectId, integrationUid, type } = item;
  const { canceled, data } = await db()
    .transaction.write((entities) => [
      projectListWrite(entities, workspaceId, projectId, current, [...current.refs, { type, uid: integrationUid }]),
      entities.projectIntegration.create(toStored(item)).commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** Deletes the integration and takes it off its project's list in one TransactWriteItems (pattern: integrationWithProjectList). */
export const deleteIntegrationTransaction = async (item: Pick<IntegrationItem, 'workspaceId' | 'projectId' | 'integrationUid'>, current: Current): Promise<GuardedOutcome> => {
  const { workspaceId, projectId, integrationUid } = item;
  const { canceled, data } = await db()
    .transaction.write((entities) => [
      projectListWrite(entities, workspaceId, projectId, current, current.refs.filter((ref) => ref.uid !== integrationUid)),
      entities.projectIntegration
        .delete({ workspaceId, projectId, integrationUid })
        .where((a, { eq }) => eq(a.integrationUid, integrationUid))
        .commit(),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** What an edit may change on an integration; `null` removes the attribute. */
export type IntegrationChanges = Partial<Pick<IntegrationItem, 'name' | 'settings' | 'secretHints' | 'state'>> & {
  sealedSecrets?: string | null;
  oauthStateHash?: string | null;
  previousSecretValidUntil?: string | null;
  updatedAt: string;
};

/**
 * Applies changes to an integration only if it is still the version read (its `updatedAt`), so two edits (or an
 * edit and an OAuth completion) never mix (pattern: integrationUpdate). `stale`: it changed or is gone.
 */
export const updateIntegrationItem = async (current: IntegrationItem, changes: IntegrationChanges): Promise<'done' | 'stale'> => {
  const { workspaceId, projectId, integrationUid } = current;
  return unlessRefused(async () => {
    await db()
      .entities.projectIntegration.patch({ workspaceId, projectId, integrationUid })
      .data((a, { set, remove }) => {
        if (changes.name !== undefined) set(a.name, changes.name);
        if (changes.settings !== undefined) set(a.settings, JSON.stringify(changes.settings));
        if (changes.sealedSecrets === null) remove(a.sealedSecrets);
        else if (changes.sealedSecrets !== undefined) set(a.sealedSecrets, changes.sealedSecrets);
        if (changes.secretHints !== undefined) set(a.secretHints, JSON.stringify(changes.secretHints));
        if (changes.state !== undefined) set(a.state, changes.state);
        if (changes.oauthStateHash === null) remove(a.oauthStateHash);
        else if (changes.oauthStateHash !== undefined) set(a.oauthStateHash, changes.oauthStateHash);
        if (changes.previousSecretValidUntil === null) remove(a.previousSecretValidUntil);
        else if (changes.previousSecretValidUntil !== undefined) set(a.previousSecretValidUntil, changes.previousSecretValidUntil);
        set(a.updatedAt, changes.updatedAt);
      })
      .where((a, { eq }) => `${eq(a.updatedAt, current.updatedAt)} AND ${eq(a.integrationUid, integrationUid)}`)
      .go();
    return 'done' as const;
  }, 'stale');
};

/** Stores a pending consent's state, expiring (TTL) some time after `validUntil` (pattern: oauthStateByHash). */
export const putOAuthState = async (state: OAuthStateItem): Promise<void> => {
  const expiresAt = Math.ceil(Date.parse(state.validUntil) / 1000) + 3600;
  await db().entities.integrationOAuthState.create({ ...state, expiresAt }).go();
};

/**
 * Takes a pending consent's state: deletes it and answers what it held, once. A second use, a forged state or
 * one already cleaned up by TTL answers undefined (pattern: oauthStateByHash).
 */
export const takeOAuthState = async (stateHash: string): Promise<OAuthStateItem | undefined> => {
  return unlessRefused(async () => {
    const { data } = await db()
      .entities.integrationOAuthState.delete({ stateHash })
      .where((a, { eq }) => eq(a.stateHash, stateHash))
      .go({ response: 'all_old' });
    return exactly(data as OAuthStateItem | null, { stateHash });
  }, undefined);
};

/**
 * Deletes every integration (and so its sealed secrets) of the given projects of a deleted workspace, whatever
 * is still there, so running it again finishes the job (pattern: workspacePurge). Answers what was left over.
 */
export const purgeProjectIntegrations = async (workspaceId: string, projectIds: readonly string[]): Promise<{ unprocessed: unknown[] }> => {
  const service = db();
  const found = await Promise.all(
    projectIds.map(async (projectId) => (await service.entities.projectIntegration.query.primary({ workspaceId, projectId }).go({ pages: 'all' })).data),
  );
  const keys = found.flat().map(({ projectId, integrationUid }) => ({ workspaceId, projectId, integrationUid }));
  return keys.length ? service.entities.projectIntegration.delete(keys).go({ concurrency: 4 }) : { unprocessed: [] };
};
