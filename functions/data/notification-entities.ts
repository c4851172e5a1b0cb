import { Entity } from './lazy-entity';
import { NOTIFICATION_KINDS } from '#shared/schemas/collab';
import { tableSpec } from './table-spec';

/**
 * Notifications of what people do: the event committed with the change that caused it (the outbox record), a
 * person's settings, and the entries of a person's email digest window. Keys read the table spec's names.
 */
const SERVICE = 'brandslate';

const primary = <const PK extends string[], const SK extends string[]>(pk: PK, sk: SK) => ({
  pk: { field: tableSpec.partitionKey, composite: pk },
  sk: { field: tableSpec.sortKey, composite: sk },
});

const recipientsAttribute = {
  type: 'list',
  required: true,
  items: {
    type: 'map',
    properties: {
      userId: { type: 'string', required: true },
      kind: { type: NOTIFICATION_KINDS, required: true },
    },
  },
} as const;

/**
 * Something people wait on happened (a review decision, a comment, a mention, an assignment): written in the
 * transaction of the change itself, so the change and its notice commit together; the table stream hands it to
 * the notification fan-out (functions/streams/outbox.ts). Who hears of it, and as which kind, is decided at the
 * write; what each person has turned off, at the fan-out. Its own partition (nothing queries it); gone after a day.
 */
export const notificationEventEntity = new Entity({
  model: { entity: 'notificationEvent', version: '1', service: SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    workspaceId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    /** The event's own kind; a recipient's kind may differ (the mentioned hear of a comment as a mention). */
    kind: { type: NOTIFICATION_KINDS, required: true, readOnly: true },
    /** Who acted (a member; named at the fan-out); absent for a review link's visitor. */
    actorId: { type: 'string', readOnly: true },
    /** The name a review link's visitor gave, if any. */
    reviewerName: { type: 'string', readOnly: true },
    recipients: recipientsAttribute,
    /**
     * Review decisions and comments: the task's creator and assignee when it happened. With whoever chose to watch
     * it, less whoever stopped, they hear of it as the event's kind (read at the fan-out).
     */
    watchers: { type: 'list', items: { type: 'string' }, readOnly: true },
    taskNumber: { type: 'number', required: true, readOnly: true },
    taskSummary: { type: 'string', required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    projectName: { type: 'string', required: true, readOnly: true },
    /** The in-app path of the task (no origin: emails prefix the app's URL). */
    taskPath: { type: 'string', required: true, readOnly: true },
    /** A review decision: approved or rejected. */
    decision: { type: ['approved', 'rejected'] as const, readOnly: true },
    /** An excerpt of the comment (mentions as names). */
    excerpt: { type: 'string', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: { primary: primary(['eventId'], []) },
});

/** A person's notification settings: the kind × channel pairs they turned off (`comment.email`); none = all on. */
export const notificationSettingsEntity = new Entity({
  model: { entity: 'notificationSettings', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    off: { type: 'list', items: { type: 'string' } },
    updatedAt: { type: 'string', required: true },
  },
  indexes: { primary: primary(['userId'], []) },
});

/**
 * One event waiting in a person's email digest window (the window's start, epoch seconds): when the window
 * closes, every entry of it goes out in one email. Gone after a day.
 */
export const notificationDigestEntryEntity = new Entity({
  model: { entity: 'notificationDigestEntry', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    window: { type: 'number', required: true, readOnly: true },
    eventId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    workspaceName: { type: 'string', required: true },
    title: { type: 'string', required: true },
    body: { type: 'string', required: true },
    taskPath: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: { primary: primary(['userId', 'window'], ['eventId']) },
});

/**
 * Which digest window a person's email of an event went into, written with its entry: the event handed to the
 * fan-out again after that window closed (a late redelivery) finds it, and no later window mails it a second time.
 * Gone after a day, as the entries.
 */
export const notificationDigestPlacementEntity = new Entity({
  model: { entity: 'notificationDigestPlacement', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    eventId: { type: 'string', required: true, readOnly: true },
    window: { type: 'number', required: true, readOnly: true },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: { primary: primary(['userId', 'eventId'], []) },
});

/**
 * A person's choice to watch a task or to stop (`watching` false): the creator and the assignee watch without one.
 * Under the task's own key, so one Query reads a task's watchers.
 */
export const taskWatchEntity = new Entity({
  model: { entity: 'taskWatch', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    watching: { type: 'boolean', required: true },
    updatedAt: { type: 'string', required: true },
  },
  // In the task's detail collection: its delete cascade removes them with its comments.
  indexes: { primary: { collection: 'taskDetail', ...primary(['workspaceId', 'taskId'], ['userId']) } },
});

export const notificationEntities = {
  notificationEvent: notificationEventEntity,
  notificationSettings: notificationSettingsEntity,
  notificationDigestEntry: notificationDigestEntryEntity,
  notificationDigestPlacement: notificationDigestPlacementEntity,
  taskWatch: taskWatchEntity,
};
