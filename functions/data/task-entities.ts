import { Entity } from './lazy-entity';
import { DIFFICULTIES, isOpenStatus, OPEN_STATUSES, reminderPending, TASK_PRIORITIES, TASK_STATUSES, TASK_TYPES } from '#shared/schemas/task';
import { NOTIFICATION_TYPES } from '#shared/schemas/collab';
import { tableSpec, type IndexName } from './table-spec';

/**
 * Tasks and what hangs off them: the task, the workspace's task-number counter, the tag/milestone vocabulary,
 * the task's activity, its review link, comments, and in-app notifications. Keys read the table spec's names.
 * A task and its comments and activity share a partition (workspace + task), so the task page is one Query.
 */
const SERVICE = 'brandslate';

const primary = <const PK extends string[], const SK extends string[]>(pk: PK, sk: SK) => ({
  pk: { field: tableSpec.partitionKey, composite: pk },
  sk: { field: tableSpec.sortKey, composite: sk },
});
const secondary = <const I extends IndexName, const PK extends string[], const SK extends string[]>(index: I, pk: PK, sk: SK) => ({
  index,
  pk: { field: tableSpec.indexes[index].partitionKey, composite: pk },
  sk: { field: tableSpec.indexes[index].sortKey, composite: sk },
});

/** A stored file (attachment or audio) as the task and comment items keep it; download links are signed on read. */
const fileAttribute = {
  type: 'list',
  items: {
    type: 'map',
    properties: {
      key: { type: 'string', required: true },
      name: { type: 'string', required: true },
      size: { type: 'number', required: true },
      contentType: { type: 'string', required: true },
      commentId: { type: 'string' },
    },
  },
} as const;

/** The value of an index-only attribute that keeps the item out of its sparse index. */
export const NO_KEY = '-';
export const REMINDER_SHARD = 'due';

/** byOpen holds the tasks of these statuses: the list's default ones. */
export { isOpenStatus, OPEN_STATUSES };

/**
 * Which statuses byOpen was last reconciled with: the index holds exactly the open tasks only while every task
 * was written (or reconciled) under the current rule, so a change of OPEN_STATUSES must reconcile the table again.
 */
export const OPEN_INDEX_DEFINITION = `open:${OPEN_STATUSES.join(',')}`;

/**
 * The index-only attributes of a task, from its domain fields; every write of a task's status, update time,
 * due date or reminder sets them all, so the sparse indexes follow the task.
 */
export const taskIndexAttributes = (task: {
  dueDate?: string;
  reminderAt?: string;
  reminderEnabled?: boolean;
  reminderSentAt?: string;
  status: string;
  updatedAt: string;
}) => ({
  calendarDay: task.dueDate ?? NO_KEY,
  reminderDueAt: reminderPending(task) ? task.reminderAt! : NO_KEY,
  reminderShard: REMINDER_SHARD,
  openUpdatedAt: isOpenStatus(task.status) ? task.updatedAt : NO_KEY,
});

/** The index-only attributes written with a task's status (see statusDueDay). */
export const statusIndexAttributes = (task: { dueDate?: string }) => ({ statusDueDay: task.dueDate ?? NO_KEY });

export const taskEntity = new Entity({
  model: { entity: 'task', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    /** The uid: random, also the lookup key of GET /tickets/{id} (byToken). */
    taskId: { type: 'string', required: true, readOnly: true },
    /** The task's number in its workspace (#12). */
    number: { type: 'number', required: true, readOnly: true },
    projectId: { type: 'string', required: true },
    summary: { type: 'string', required: true },
    /** Lower-cased summary and number: what the text filter matches (contains). */
    searchText: { type: 'string', required: true },
    milestone: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' } },
    assignee: { type: 'string' },
    createdBy: { type: 'string', required: true, readOnly: true },
    status: { type: TASK_STATUSES, required: true },
    priority: { type: TASK_PRIORITIES, required: true },
    dueDate: { type: 'string' },
    ticketType: { type: TASK_TYPES, required: true },
    source: { type: 'string', required: true },
    integration: { type: 'string' },
    estimate: { type: 'number' },
    reminderAt: { type: 'string' },
    reminderEnabled: { type: 'boolean' },
    reminderSentAt: { type: 'string' },
    /** Index-only: dueDate, or NO_KEY without one (byDueDate holds only tasks with a due date). */
    calendarDay: { type: 'string', required: true },
    /**
     * Index-only: reminderAt while the reminder may still fire (reminderPending), NO_KEY otherwise, so byReminder
     * holds exactly the reminders the job must look at, in time order, under one constant partition.
     */
    reminderDueAt: { type: 'string', required: true },
    reminderShard: { type: 'string', required: true, default: REMINDER_SHARD },
    /**
     * Index-only: updatedAt while the task is open (isOpenStatus), NO_KEY otherwise: byOpen holds the open tasks.
     * Every write sets it (taskIndexAttributes); a task last written before it existed has none until the
     * reconcile (#data/task-list-index) gives it one.
     */
    openUpdatedAt: { type: 'string' },
    /**
     * Index-only: the due date, or NO_KEY without one (byStatusDue holds the dated tasks by status). Written with
     * the status, by the writes that set it (create, change), never alone: the reminder job's writes, which set
     * taskIndexAttributes without the status, leave it (and the index) as they are. A put that leaves it out
     * (a test's or a tool's item) is outside the index until the reconcile (#data/task-due-index) gives it its day.
     */
    statusDueDay: { type: 'string', default: NO_KEY },
    callNotes: { type: 'string' },
    brandVoice: { type: 'string' },
    /** Seconds tracked, kept in step with the time entries in the same transactions. */
    totalSpent: { type: 'number', required: true, default: 0 },
    postPlatform: { type: 'string' },
    platform: { type: 'string' },
    driveRawLink: { type: 'string' },
    driveFinalLink: { type: 'string' },
    difficulty: { type: DIFFICULTIES },
    postFormat: { type: 'string' },
    postAudience: { type: 'string' },
    filmDate: { type: 'string' },
    postedDate: { type: 'string' },
    liveLink: { type: 'string' },
    keywordPhrase: { type: 'string' },
    referenceContent: { type: 'string' },
    referenceImages: { type: 'list', items: { type: 'string' } },
    hook: { type: 'string' },
    hookVariations: { type: 'list', items: { type: 'string' } },
    script: { type: 'string' },
    inspirationScene: { type: 'string' },
    overview: { type: 'string' },
    caption: { type: 'string' },
    /**
     * The last brand-fit check of the task's texts (#core/generation): the check as answered and the fingerprint of
     * the texts it covered (stale once they differ). Written on its own, never with a version bump.
     */
    brandFit: { type: 'any' },
    /** Files and audio attached through comments. */
    attachments: fileAttribute,
    audio: fileAttribute,
    integrations: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          type: { type: 'string', required: true },
          /** Absent while the delivery is in flight (the API answers null), then true (sent) or false (failed for good). */
          success: { type: 'boolean' },
          projectIntegrationUid: { type: 'string', required: true },
          /** The delivery this entry sums up (its log: GET /tickets/{id}/deliveries). */
          deliveryId: { type: 'string' },
        },
      },
    },
    /**
     * Set when the task's deliveries did not fit its create transaction (a big bulk create): the outbox creates
     * them from the `integrations` entries instead (functions/streams/outbox.ts), each once.
     */
    deliveriesByOutbox: { type: 'boolean' },
    /**
     * Created assigned to someone other than its creator: the task's own INSERT record is the outbox record of
     * that assignment (functions/streams/outbox.ts makes its notification event), whatever the size of the create.
     */
    notifyAssignee: { type: 'boolean' },
    /** The Jira epic (issue key) the task is filed under when sent to Jira. */
    jiraEpic: { type: 'string' },
    /** The live review link's token (see reviewLinkEntity), when one is shared. */
    reviewToken: { type: 'string' },
    /**
     * The screen recording the task was created with (issue 13), copied from the recording when it was attached
     * (its create transaction) so the task's answer signs its links without another read. Never replaced.
     */
    recording: {
      type: 'map',
      properties: {
        recordingId: { type: 'string', required: true },
        key: { type: 'string', required: true },
        posterKey: { type: 'string' },
        durationMs: { type: 'number', required: true },
        size: { type: 'number', required: true },
        contentType: { type: 'string', required: true },
      },
    },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    primary: { collection: 'taskDetail', ...primary(['workspaceId', 'taskId'], []) },
    byToken: secondary('byToken', ['taskId'], []),
    byStatus: secondary('byStatus', ['workspaceId', 'status'], ['updatedAt', 'taskId']),
    byProjectStatus: secondary('byProjectStatus', ['workspaceId', 'projectId', 'status'], ['updatedAt', 'taskId']),
    // Sparse: ElectroDB writes these keys only when the condition holds, but wants every composite on every write,
    // so the index-only attributes below always carry a value and NO_KEY means "not in the index".
    byDueDate: { ...secondary('byDueDate', ['workspaceId'], ['calendarDay', 'taskId']), condition: (a: Record<string, unknown>) => a.calendarDay !== NO_KEY },
    byReminder: { ...secondary('byReminder', ['reminderShard'], ['reminderDueAt', 'taskId']), condition: (a: Record<string, unknown>) => a.reminderDueAt !== NO_KEY },
    byOpen: { ...secondary('byOpen', ['workspaceId'], ['openUpdatedAt', 'taskId']), condition: (a: Record<string, unknown>) => a.openUpdatedAt !== NO_KEY },
    byStatusDue: {
      ...secondary('byStatusDue', ['workspaceId', 'status'], ['statusDueDay', 'taskId']),
      condition: (a: Record<string, unknown>) => a.statusDueDay !== undefined && a.statusDueDay !== NO_KEY,
    },
  },
});

/**
 * The rule a derived index of the table was last brought in line with (one item per index, not per workspace):
 * what the provisioning compares with the code's rule to know whether the items must be reconciled again.
 */
export const indexDefinitionEntity = new Entity({
  model: { entity: 'indexDefinition', version: '1', service: SERVICE },
  attributes: {
    index: { type: 'string', required: true, readOnly: true },
    definition: { type: 'string', required: true },
    reconciledAt: { type: 'string', required: true },
  },
  indexes: { primary: primary(['index'], []) },
});

/** The workspace's last task number: one atomic ADD reserves the numbers of a create or bulk create. */
export const taskCounterEntity = new Entity({
  model: { entity: 'taskCounter', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    last: { type: 'number', required: true, default: 0 },
  },
  indexes: { primary: primary(['workspaceId'], []) },
});

/** The tag and milestone vocabulary of a workspace, per project (GET /tickets/tags|milestones/{projectId?}). */
export const taskLabelEntity = new Entity({
  model: { entity: 'taskLabel', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    kind: { type: ['tag', 'milestone'] as const, required: true, readOnly: true },
    projectId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true, readOnly: true },
  },
  indexes: { primary: primary(['workspaceId'], ['kind', 'projectId', 'name']) },
});

/** What happened to a task: created, status changes, review decisions. Time-ordered id; in the task's partition. */
export const taskActivityEntity = new Entity({
  model: { entity: 'taskActivity', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    activityId: { type: 'string', required: true, readOnly: true },
    type: { type: ['created', 'status', 'review'] as const, required: true },
    at: { type: 'string', required: true },
    actor: { type: 'string' },
    reviewerName: { type: 'string' },
    from: { type: TASK_STATUSES },
    to: { type: TASK_STATUSES },
    comment: { type: 'string' },
  },
  indexes: { primary: { collection: 'taskDetail', ...primary(['workspaceId', 'taskId'], ['activityId']) } },
});

/** A task's external review link, keyed by its unguessable token; the task names its one live token. */
export const reviewLinkEntity = new Entity({
  model: { entity: 'reviewLink', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    token: { type: 'string', required: true, readOnly: true },
    /**
     * A link shared for several tasks at once names them all (taskId is then the first); such a link lives on its
     * own item (the tasks' reviewToken stays each task's own link) until withdrawn.
     */
    taskIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    createdBy: { type: 'string', required: true },
    createdAt: { type: 'string', required: true },
  },
  indexes: { primary: primary(['token'], []) },
});

/** A comment on a task: text, attachments, audio. Time-ordered id; in the task's partition. */
export const commentEntity = new Entity({
  model: { entity: 'comment', version: '1', service: SERVICE },
  attributes: {
    workspaceId: { type: 'string', required: true, readOnly: true },
    taskId: { type: 'string', required: true, readOnly: true },
    commentId: { type: 'string', required: true, readOnly: true },
    author: { type: 'string', required: true, readOnly: true },
    text: { type: 'string', required: true, default: '' },
    /** The ids of the people the text mentions (its `@[Name](userId)` tokens), checked when written. */
    mentions: { type: 'list', items: { type: 'string' } },
    attachments: fileAttribute,
    audio: fileAttribute,
    createdAt: { type: 'string', required: true },
  },
  indexes: { primary: { collection: 'taskDetail', ...primary(['workspaceId', 'taskId'], ['commentId']) } },
});

/** An in-app notification for one person (reminders), across workspaces; newest first. */
export const notificationEntity = new Entity({
  model: { entity: 'notification', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    notificationId: { type: 'string', required: true, readOnly: true },
    type: { type: NOTIFICATION_TYPES, required: true },
    title: { type: 'string', required: true },
    body: { type: 'string', required: true },
    ticketUrl: { type: 'string', required: true },
    workspaceId: { type: 'string', required: true },
    read: { type: 'boolean', required: true, default: false },
    createdAt: { type: 'string', required: true },
    expiresAt: { type: 'number', field: tableSpec.ttlAttribute },
  },
  indexes: { primary: primary(['userId'], ['notificationId']) },
});
