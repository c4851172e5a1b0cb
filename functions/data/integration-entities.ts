import { Entity } from './lazy-entity';
import { INTEGRATION_STATES, INTEGRATION_TYPES } from '#shared/schemas/integrations';
import { tableSpec } from './table-spec';

/**
 * Integrations of a brand and what hangs off them. Keys read the table spec's names and keep their case (ids are
 * case-sensitive, so `casing: 'none'`: no lookup by an id in another case reaches these items).
 */
const SERVICE = 'brandslate';

const exactKey = <const PK extends string[], const SK extends string[]>(pk: PK, sk: SK) => ({
  pk: { field: tableSpec.partitionKey, composite: pk, casing: 'none' as const },
  sk: { field: tableSpec.sortKey, composite: sk, casing: 'none' as const },
});

// ---------------------------------------------------------------------------------------------------------------
// Integrations (connect, edit, OAuth consent)
// ---------------------------------------------------------------------------------------------------------------

/**
 * One integration of a project (pattern: integrationsOfProject). Its uid and type are also on the project item's
 * `integrations` list, changed in the same transaction as a create or delete, so the project list shows them
 * without reading these. Settings are open-ended per type (a webhook's headers are any names), so they are kept
 * as JSON text; secrets only sealed (functions/lib/secrets, bound to workspace and uid), with a masked hint each.
 */
export const projectIntegrationEntity = new Entity({
  model: { entity: 'projectIntegration', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    integrationUid: { type: 'string', required: true, readOnly: true },
    type: { type: INTEGRATION_TYPES, required: true, readOnly: true },
    name: { type: 'string', required: true },
    /** JSON of the type's settings (shared/schemas/integrations.ts `integrationSettings`). */
    settings: { type: 'string', required: true },
    /** The sealed JSON of every stored secret; absent while none is stored (e.g. before an OAuth consent). */
    sealedSecrets: { type: 'string' },
    /** JSON: per stored secret, its masked last characters. */
    secretHints: { type: 'string', required: true, default: '{}' },
    state: { type: INTEGRATION_STATES, required: true },
    /** The hash of the one OAuth state that may complete this integration's consent now (a newer link voids older ones). */
    oauthStateHash: { type: 'string' },
    /** A webhook's rotated signing secret (kept sealed with the others) is still signed with until then (ISO). */
    previousSecretValidUntil: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: { primary: exactKey(['workspaceId', 'projectId'], ['integrationUid']) },
});

/**
 * A pending OAuth consent, found by the hash of its `state` (the token itself is only in the consent link): who
 * started it, for which integration (or a brand's connected account: `connection:<type>`), until when. Deleted by
 * the completion that uses it (single use) and by TTL (pattern: oauthStateByHash).
 */
export const integrationOAuthStateEntity = new Entity({
  model: { entity: 'integrationOAuthState', version: '1', service: SERVICE },
  attributes: {
    stateHash: { type: 'string', required: true, readOnly: true },
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    integrationUid: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    /** The redirect the consent was asked with: the token exchange must name the same one. */
    redirectUri: { type: 'string', required: true, readOnly: true },
    validUntil: { type: 'string', required: true, readOnly: true },
    /** A PKCE consent's code verifier (Google's, for the connected accounts): sent with the code exchange only. */
    codeVerifier: { type: 'string', readOnly: true },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: { primary: exactKey(['stateHash'], []) },
});

export const integrationEntities = {
  projectIntegration: projectIntegrationEntity,
  integrationOAuthState: integrationOAuthStateEntity,
};

// ---------------------------------------------------------------------------------------------------------------
// Deliveries (a task sent on to an integration) and their attempts: the delivery log
// ---------------------------------------------------------------------------------------------------------------

/** The value of an index-only attribute that keeps a delivery out of the sparse byRetryAt index. */
export const NOT_WAITING = '-';
/** byRetryAt's one partition: the retry job reads the waiting deliveries of every workspace in time order. */
export const RETRY_SHARD = 'due';

/**
 * One delivery of a task to one project integration (pattern: deliveriesOfTask), in the task's partition so the
 * log is one Query with the attempts. Written with the task in its create transaction as `pending`: the table's
 * stream (the outbox) hands a pending delivery to its provider's queue. `attempts` counts attempts made;
 * `seriesStart` is where the current series began (a retry from the log starts a fresh schedule).
 */
export const deliveryEntity = new Entity({
  model: { entity: 'delivery', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    deliveryId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    integrationUid: { type: 'string', required: true, readOnly: true },
    type: { type: INTEGRATION_TYPES, required: true, readOnly: true },
    /** Position of this delivery's entry in the task's `integrations` summary (its success is set there). */
    summaryIndex: { type: 'number', required: true, readOnly: true },
    status: { type: ['pending', 'sending', 'sent', 'waiting', 'failed', 'exhausted'] as const, required: true },
    attempts: { type: 'number', required: true, default: 0 },
    seriesStart: { type: 'number', required: true, default: 0 },
    /** While waiting: when the next attempt is due (ISO). */
    nextAttemptAt: { type: 'string' },
    /**
     * What hands this delivery to its queue while it is pending: its own stream record ('record': written with its
     * task, or reset by a retry from the log), or its task's record, whose outbox handler created it and enqueued
     * it in the same step ('task': a bulk create too big for one transaction). The outbox filter passes only the
     * first, so a delivery is not handed over twice.
     */
    handOff: { type: ['record', 'task'] as const, required: true, default: 'record' },
    /** Who brings the next attempt: a delayed queue message ('queue') or the retry job (a wait beyond SQS's delay). */
    scheduledBy: { type: ['queue', 'job'] as const },
    /** While sending: the claim is someone else's until then (a consumer that died lets it lapse). */
    leaseUntil: { type: 'string' },
    externalId: { type: 'string' },
    link: { type: 'string' },
    lastError: { type: 'string' },
    /**
     * A calendar delivery whose event was deleted because its task's due date was cleared: it stays sent (the task
     * was sent), without the event's externalId and link, and says when the event went.
     */
    eventRemovedAt: { type: 'string' },
    /** Index-only: nextAttemptAt while waiting, NOT_WAITING otherwise (byRetryAt holds exactly the waiting ones). */
    retryDueAt: { type: 'string', required: true, default: NOT_WAITING },
    retryShard: { type: 'string', required: true, default: RETRY_SHARD },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    primary: { collection: 'taskDeliveries', ...exactKey(['workspaceId', 'taskId'], ['deliveryId']) },
    byRetryAt: {
      index: 'byRetryAt',
      pk: { field: tableSpec.indexes.byRetryAt.partitionKey, composite: ['retryShard'], casing: 'none' as const },
      sk: { field: tableSpec.indexes.byRetryAt.sortKey, composite: ['retryDueAt', 'deliveryId'], casing: 'none' as const },
      condition: (a: Record<string, unknown>) => a.retryDueAt !== NOT_WAITING,
    },
  },
});

/**
 * One attempt at a delivery: what the provider answered. Expires with the log (DELIVERY_LOG_DAYS, TTL). Kept in its
 * task's partition (the task's log, with the deliveries) and on byIntegration, newest first per integration (the
 * integration's log, one Query a page); the task's number and summary as sent, and the delivery's status right
 * after the attempt, so a page of that log needs nothing else.
 */
export const deliveryAttemptEntity = new Entity({
  model: { entity: 'deliveryAttempt', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    deliveryId: { type: 'string', required: true, readOnly: true },
    attempt: { type: 'number', required: true, readOnly: true, padding: { length: 4, char: '0' } },
    projectId: { type: 'string', required: true, readOnly: true },
    integrationUid: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    outcome: { type: ['sent', 'failed'] as const, required: true },
    /** The delivery's status once this attempt was recorded (sent, waiting, failed or exhausted). */
    deliveryStatus: { type: ['sent', 'waiting', 'failed', 'exhausted'] as const, required: true },
    taskNumber: { type: 'number' },
    taskSummary: { type: 'string' },
    httpStatus: { type: 'number' },
    latencyMs: { type: 'number', required: true },
    error: { type: 'string' },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: {
    primary: { collection: 'taskDeliveries', ...exactKey(['workspaceId', 'taskId'], ['deliveryId', 'attempt']) },
    byIntegration: {
      index: 'byIntegration',
      pk: { field: tableSpec.indexes.byIntegration.partitionKey, composite: ['workspaceId', 'projectId', 'integrationUid'], casing: 'none' as const },
      sk: { field: tableSpec.indexes.byIntegration.sortKey, composite: ['at', 'deliveryId', 'attempt'], casing: 'none' as const },
    },
  },
});

export const deliveryEntities = {
  delivery: deliveryEntity,
  deliveryAttempt: deliveryAttemptEntity,
};
