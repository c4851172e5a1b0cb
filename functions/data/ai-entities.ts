import { Entity } from './lazy-entity';
import { AI_JOB_STATUSES } from '#shared/schemas/ai';
import { tableSpec } from './table-spec';

const SERVICE = 'brandslate';

/**
 * A generation that runs as a job (functions/lib/ai/jobs.ts): queued by a route, run by the ai-generation queue's
 * consumer, read by the SPA through GET …/ai-jobs/{jobId}. In the workspace's partition, so a read by id cannot
 * reach another workspace's job. Input and result are the feature's own JSON (validated by its runner); gone
 * after a week (TTL).
 */
export const aiJobEntity = new Entity({
  model: { entity: 'aiJob', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    jobId: { type: 'string', required: true, readOnly: true },
    feature: { type: 'string', required: true, readOnly: true },
    /** Who started it: only they (and workspace admins) read it. */
    userId: { type: 'string', required: true, readOnly: true },
    status: { type: AI_JOB_STATUSES, required: true },
    /** 0–100, with a short note of the step (the SPA's progress bar). */
    progress: { type: 'number', required: true, default: 0 },
    progressNote: { type: 'string' },
    input: { type: 'string', required: true, readOnly: true },
    result: { type: 'string' },
    errorCode: { type: 'string' },
    errorMessage: { type: 'string' },
    tokensIn: { type: 'number' },
    tokensOut: { type: 'number' },
    /** The provider's own time (sum over the job's calls). */
    providerMs: { type: 'number' },
    model: { type: 'string' },
    provider: { type: 'string' },
    localTestModel: { type: 'boolean' },
    /** Times a consumer took the job (a crash mid-run is retried once). */
    attempts: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true },
    startedAt: { type: 'string' },
    finishedAt: { type: 'string' },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId'] },
      sk: { field: tableSpec.sortKey, composite: ['jobId'] },
    },
  },
});

/**
 * A workspace's AI tokens in one calendar month (UTC): reserved before a generation (its estimate) and corrected
 * after (what it spent), so concurrent generations cannot all pass a nearly spent budget. One item per month.
 */
export const aiUsageEntity = new Entity({
  model: { entity: 'aiUsage', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    /** YYYY-MM (UTC). */
    month: { type: 'string', required: true, readOnly: true },
    tokens: { type: 'number', required: true, default: 0 },
    generations: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId'] },
      sk: { field: tableSpec.sortKey, composite: ['month'] },
    },
  },
});

/** Generations a workspace started in one minute (UTC, YYYY-MM-DDTHH:MM): the rate limit's window; gone after a day. */
export const aiRateEntity = new Entity({
  model: { entity: 'aiRate', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    minute: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId'] },
      sk: { field: tableSpec.sortKey, composite: ['minute'] },
    },
  },
});

export const aiEntities = { aiJob: aiJobEntity, aiUsage: aiUsageEntity, aiRate: aiRateEntity };
