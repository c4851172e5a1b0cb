import { Entity } from './lazy-entity';
import { RECORDING_STATUSES, RECORDING_TYPES } from '#shared/schemas/recordings';
import { tableSpec } from './table-spec';

const SERVICE = 'brandslate';

/**
 * A screen recording (issue 13), in its workspace's partition: a read by id cannot reach another workspace's.
 * `key` is the video's object key, where its multipart upload (`uploadId`, while uploading) lands; once complete
 * confirmed it the recording is ready with its size, duration and poster. A task that carries it names it
 * (`taskId`, set once, in the task's create transaction). Its share links are items of their own (below), named
 * here so a delete removes them in the same transaction.
 */
export const recordingEntity = new Entity({
  model: { entity: 'recording', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    recordingId: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    status: { type: RECORDING_STATUSES, required: true },
    name: { type: 'string', required: true, readOnly: true },
    contentType: { type: RECORDING_TYPES, required: true, readOnly: true },
    key: { type: 'string', required: true, readOnly: true },
    /** The multipart upload, while uploading. */
    uploadId: { type: 'string' },
    size: { type: 'number' },
    durationMs: { type: 'number' },
    posterKey: { type: 'string' },
    taskId: { type: 'string' },
    shareIds: { type: 'set', items: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    completedAt: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['workspaceId'] },
      sk: { field: tableSpec.sortKey, composite: ['recordingId'] },
    },
  },
});

/** A share link of a recording: keyed by its unguessable id alone, the only credential of /play/{videoUid}. */
export const recordingShareEntity = new Entity({
  model: { entity: 'recordingShare', version: '1', service: SERVICE },
  attributes: {
    shareId: { type: 'string', required: true, readOnly: true },
    workspaceId: { type: 'string', required: true, readOnly: true },
    recordingId: { type: 'string', required: true, readOnly: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    primary: {
      pk: { field: tableSpec.partitionKey, composite: ['shareId'] },
      sk: { field: tableSpec.sortKey, composite: [] },
    },
  },
});

export const recordingEntities = { recording: recordingEntity, recordingShare: recordingShareEntity };
