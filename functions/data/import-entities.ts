import { Entity } from './lazy-entity';
import { IMPORT_STATUSES } from '#shared/schemas/imports';
import { tableSpec } from './table-spec';

const SERVICE = 'brandslate';

/**
 * A bulk import of posts from a CSV (issue 12), in its workspace's partition: a read by id cannot reach another
 * workspace's import. The sort key leads with the project, so a brand's imports are one Query; import ids are
 * time-ordered, so newest first is the reverse order. The counters only ever grow, each by one ADD in the same
 * transaction that writes a row's outcome (import-rows below), so they never count a row twice.
 */
export const importJobEntity = new Entity({
  model: { entity: 'importJob', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    importId: { type: 'string', required: true, readOnly: true },
    filename: { type: 'string', required: true, readOnly: true },
    /** The CSV in the uploads bucket (copied from the caller's pending upload). */
    fileKey: { type: 'string', required: true, readOnly: true },
    status: { type: IMPORT_STATUSES, required: true },
    /** Set once, when the whole file has been read and fanned out; completed when processed reaches it. */
    total: { type: 'number' },
    processed: { type: 'number', required: true, default: 0 },
    imported: { type: 'number', required: true, default: 0 },
    duplicate: { type: 'number', required: true, default: 0 },
    failed: { type: 'number', required: true, default: 0 },
    createTasks: { type: 'boolean', required: true, readOnly: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    finishedAt: { type: 'string' },
    error: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId'] },
      sk: { field: tableSpec.sortKey, composite: ['projectId', 'importId'] },
    },
  },
});

/**
 * One row's outcome: written once (create, conditional on absence) with its import's counters in one
 * transaction, so a redelivered chunk finds the row done and repeats nothing. A failed row keeps its reason for
 * the failures CSV.
 */
export const importRowEntity = new Entity({
  model: { entity: 'importRow', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    importId: { type: 'string', required: true, readOnly: true },
    /** The row number, zero-padded so rows sort in file order. */
    row: { type: 'string', required: true, readOnly: true },
    outcome: { type: ['imported', 'duplicate', 'failed'] as const, required: true, readOnly: true },
    url: { type: 'string', required: true, readOnly: true },
    reason: { type: 'string', readOnly: true },
    postId: { type: 'string', readOnly: true },
    taskId: { type: 'string', readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId'] },
      sk: { field: tableSpec.sortKey, composite: ['importId', 'row'] },
    },
  },
});

export const importEntities = { importJob: importJobEntity, importRow: importRowEntity };
