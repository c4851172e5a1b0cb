import type { EntityItem } from 'electrodb';
import type { WorkspaceContext } from '#lib/context';
import { logger } from '#lib/logger';
import { retry, RETRY } from '#lib/retry';
import { db } from './db';
import { allExactly, exactly, sameIds } from './exact-ids';
import { cancelledOutcome, type GuardedOutcome, unlessRefused } from './conditions';
import { statusIndexAttributes, taskIndexAttributes, type taskActivityEntity, type taskEntity } from './task-entities';
import type { NewDeliveryItem } from './deliveries';
import type { NotificationEventItem } from './notifications';

/** A task as stored (domain fields plus the index-only attributes of taskIndexAttributes). */
export type TaskItem = EntityItem<typeof taskEntity>;
export type TaskActivityItem = EntityItem<typeof taskActivityEntity>;
/** A tag or milestone of a project's vocabulary. */
export type TaskLabel = { kind: 'tag' | 'milestone'; projectId: string; name: string };

type WorkspaceRef = Pick<WorkspaceContext, 'workspaceId'>;

/** One task of the caller's workspace, or undefined (pattern: taskById). */
export const getTaskItem = async (ctx: WorkspaceRef, taskId: string): Promise<TaskItem | undefined> => {
  const { data } = await db().entities.task.get({ workspaceId: ctx.workspaceId, taskId }).go();
  return exactly(data, { workspaceId: ctx.workspaceId, taskId });
};

/** Several tasks of the caller's workspace by id, in BatchGets (pattern: tasksByIds); deleted ones are left out. */
export const getTaskItems = async (ctx: WorkspaceRef, taskIds: readonly string[]): Promise<TaskItem[]> => {
  if (taskIds.length === 0) return [];
  const { data, unprocessed } = await db()
    .entities.task.get(taskIds.map((taskId) => ({ workspaceId: ctx.workspaceId, taskId })))
    .go({ concurrency: 4 });
  if (unprocessed.length) throw new Error(`BatchGet left ${unprocessed.length} tasks unprocessed`);
  const wanted = new Set(taskIds);
  return data.filter((task) => task.workspaceId === ctx.workspaceId && wanted.has(task.taskId));
};

/**
 * The workspace a task belongs to, from its uid alone (pattern: taskByUid): how the /tickets/{id} routes find
 * their workspace when the SPA does not name it. The caller's membership is checked afterwards by the wrapper.
 */
export const locateTaskWorkspace = async (taskId: string): Promise<string | undefined> => {
  const { data } = await db().entities.task.query.byToken({ taskId }).go({ attributes: ['workspaceId', 'taskId'] });
  return allExactly(data, { taskId })[0]?.workspaceId;
};

/**
 * The `locate` of every /tickets/{id}/... route (workspaceHandler option): the query's workspaceId when the
 * route's query schema keeps one, else the task's workspace by its uid. A wrong workspaceId only makes the
 * task not found there, since every later read is inside the located workspace.
 */
export const locateTask = async ({ params, query }: { params: { id: string }; query: object }): Promise<string | undefined> => {
  const named = (query as { workspaceId?: unknown }).workspaceId;
  return typeof named === 'string' && named ? named : locateTaskWorkspace(params.id);
};

/**
 * Reserves `count` task numbers of the workspace with one atomic ADD on its counter (pattern: taskCounter) and
 * answers the first. Numbers of a create that then fails stay unused: numbers are unique, not gapless.
 */
export const reserveTaskNumbers = async (ctx: WorkspaceRef, count: number): Promise<number> => {
  const { data } = await db().entities.taskCounter.update({ workspaceId: ctx.workspaceId }).add({ last: count }).go({ response: 'updated_new' });
  return (data.last as number) - count + 1;
};

/** The most items one TransactWriteItems may hold. */
export const MAX_TRANSACTION_ITEMS = 100;

const labelPut = (ctx: WorkspaceRef, label: TaskLabel) => ({ workspaceId: ctx.workspaceId, ...label });

/** A recording a new task carries: set on the recording in the task's create transaction (see createTasksTransaction). */
export type RecordingAttachment = { recordingId: string; taskId: string; createdBy: string };

/**
 * Creates tasks with their 'created' activity, their pending deliveries and the labels they bring, in one TransactWriteItems
 * (pattern: createTasks): all or none. Each task is a create (attribute_not_exists), so a retried transaction
 * can never overwrite. A recording a task carries is marked as its, in the same transaction, only if it is still
 * the creator's, ready and on no task (else `stale`). Labels that do not fit in the transaction (a big bulk
 * create) are put after it commits (pattern: labelVocabulary): they are a derived vocabulary, idempotent puts,
 * never read back as task data.
 */

export const createTasksTransaction = async (
  ctx: WorkspaceRef,
  tasks: readonly TaskItem[],
  activities: readonly TaskActivityItem[],
  labels: readonly TaskLabel[],
  deliveries: readonly NewDeliveryItem[] = [],
  recordings: readonly RecordingAttachment[] = [],
): Promise<GuardedOutcome> => {
  // Pending deliveries commit with their task. A bulk too big for that marks its tasks instead, and the outbox
  // creates their deliveries from the task's own record (functions/streams/outbox.ts): never lost either way.
  const deliveriesFit = tasks.length + activities.length + recordings.length + deliveries.length <= MAX_TRANSACTION_ITEMS;
  const inTransaction = deliveriesFit ? deliveries : [];
  const written = deliveriesFit ? tasks : tasks.map((item) => (item.integrations?.length ? { ...item, deliveriesByOutbox: true } : item));
  const room = MAX_TRANSACTION_ITEMS - tasks.length - activities.length - recordings.length - inTransaction.length;
  const inside = labels.slice(0, Math.max(0, room));
  const after = labels.slice(inside.length);
  const { canceled, data } = await db()
    .transaction.write(({ task, taskActivity, taskLabel, delivery, recording }) => [
      ...written.map((item) => task.create({ ...item, ...taskIndexAttributes(item), ...statusIndexAttributes(item) }).commit()),
      ...activities.map((item) => taskActivity.create(item).commit()),
      // A recording goes on one task, once: only the uploader's ready recording that is on no task yet.
      ...recordings.map((item) =>
        recording
          .patch({ workspaceId: ctx.workspaceId, recordingId: item.recordingId })
          .set({ taskId: item.taskId })
          .where(
            (attr, { eq, notExists }) =>
              `${sameIds(attr, eq, { workspaceId: ctx.workspaceId, recordingId: item.recordingId })} AND ${eq(attr.status, 'ready')} AND ${eq(attr.createdBy, item.createdBy)} AND ${notExists(attr.taskId)}`,
          )
          .commit(),
      ),
      ...inTransaction.map((item) => delivery.create(item).commit()),
      ...inside.map((label) => taskLabel.put(labelPut(ctx, label)).commit()),
    ])
    .go();
  if (canceled) return cancelledOutcome(data);
  if (after.length) await putLabels(ctx, after);
  return 'done';
};

/** Idempotent puts of vocabulary labels in batches, retrying what DynamoDB leaves unprocessed (pattern: labelVocabulary). */
export const putLabels = async (ctx: WorkspaceRef, labels: readonly TaskLabel[]): Promise<void> => {
  let pending = labels.map((label) => labelPut(ctx, label));
  if (!pending.length) return;
  await retry(
    async () => {
      const { unprocessed } = await db().entities.taskLabel.put(pending).go();
      if (!unprocessed.length) return undefined;
      pending = unprocessed.map((key) => ({ workspaceId: ctx.workspaceId, kind: key.kind, projectId: key.projectId, name: key.name }) as ReturnType<typeof labelPut>);
      return RETRY;
    },
    { exhausted: 'service_busy' },
  );
};

/** The attributes an update may set or remove on a task (see #core/tasks/task-fields WRITABLE_ATTRIBUTES). */
export type TaskChange = {
  /** The task as read: the write applies only if it is still this version. */
  current: TaskItem;
  /** The task as it should be. */
  next: TaskItem;
  /** Attributes that may change (others are never written, so concurrent writers of e.g. attachments are safe). */
  attributes: readonly (keyof TaskItem)[];
  activity?: TaskActivityItem;
  labels?: readonly TaskLabel[];
  /** Also require the task to still name this review token (a decision through a link withdrawn meanwhile fails). */
  reviewToken?: string;
  /** Notification events of the change (the outbox records), committed with it. */
  events?: readonly NotificationEventItem[];
};

/**
 * The version guard of a task write: still the updatedAt that was read, and still the reminder state that was
 * read (the reminder job marks a reminder sent without touching updatedAt; a stale write must not re-arm it).
 */
export const unchangedSince = (current: TaskItem, reviewToken?: string) => (attr: any, op: any) =>
  [
    op.eq(attr.updatedAt, current.updatedAt),
    current.reminderSentAt === undefined ? op.notExists(attr.reminderSentAt) : op.eq(attr.reminderSentAt, current.reminderSentAt),
    ...(reviewToken !== undefined ? [op.eq(attr.reviewToken, reviewToken)] : []),
  ].join(' AND ');

/** The attributes to set and to remove to take `current` to `next` (index attributes and list keys always set). */
export const patchOf = ({ current, next, attributes }: Pick<TaskChange, 'current' | 'next' | 'attributes'>) => {
  const set: Record<string, unknown> = {
    status: next.status,
    projectId: next.projectId,
    updatedAt: next.updatedAt,
    ...taskIndexAttributes(next),
    ...statusIndexAttributes(next),
  };
  const remove: string[] = [];
  for (const attribute of attributes) {
    const value = next[attribute];
    if (value !== undefined) set[attribute] = value;
    else if (current[attribute] !== undefined) remove.push(attribute);
  }
  return { set, remove };
};

/**
 * Writes a task change, with its activity and new labels, in one TransactWriteItems conditioned on the task
 * being the version read (pattern: updateTask). `stale`: it changed meanwhile; `conflict`: a racing transaction.
 */
export const updateTaskTransaction = async (change: TaskChange): Promise<GuardedOutcome> => {
  const { current, activity, labels = [], events = [] } = change;
  const { set, remove } = patchOf(change);
  const key = { workspaceId: current.workspaceId, taskId: current.taskId };
  const { canceled, data } = await db()
    .transaction.write(({ task, taskActivity, taskLabel, notificationEvent }) => [
      (remove.length ? task.patch(key).set(set as never).remove(remove as never) : task.patch(key).set(set as never)).where(unchangedSince(current, change.reviewToken)).commit(),
      ...(activity ? [taskActivity.create(activity).commit()] : []),
      ...labels.map((label) => taskLabel.put(labelPut(current, label)).commit()),
      ...events.map((event) => notificationEvent.create(event).commit()),
    ])
    .go();
  return canceled ? cancelledOutcome(data) : 'done';
};

/** A task's activity, oldest first (pattern: taskActivity). */
export const listTaskActivity = async (ctx: WorkspaceRef, taskId: string): Promise<TaskActivityItem[]> => {
  const { data } = await db().entities.taskActivity.query.primary({ workspaceId: ctx.workspaceId, taskId }).go({ pages: 'all', order: 'asc' });
  return allExactly(data, { workspaceId: ctx.workspaceId, taskId });
};

/**
 * The workspace's labels of one kind, of one project or of every project, from one Query begins_with
 * kind[/project] (pattern: labelVocabulary).
 */
export const listLabels = async (ctx: WorkspaceRef, kind: TaskLabel['kind'], projectId?: string): Promise<TaskLabel[]> => {
  const query = db().entities.taskLabel.query.primary;
  const keys = projectId ? query({ workspaceId: ctx.workspaceId, kind, projectId }) : query({ workspaceId: ctx.workspaceId, kind });
  const { data } = await keys.go({ pages: 'all' });
  return allExactly(data, { workspaceId: ctx.workspaceId, projectId }).map(({ kind: k, projectId: p, name }) => ({ kind: k, projectId: p, name }));
};

/**
 * Deletes the task item, conditionally on its existence, alone: once this lands the task is gone for everyone
 * (pattern: deleteTaskCascade). False when it was already gone.
 */
export const removeTaskItem = async (task: Pick<TaskItem, 'workspaceId' | 'taskId'>): Promise<boolean> => {
  return unlessRefused(async () => {
    await db().entities.task.remove({ workspaceId: task.workspaceId, taskId: task.taskId }).go();
    return true;
  }, false);
};

export type StoredFileRef = { key: string };

/**
 * What is left of a deleted task: its comments, activity and watches (one Query of the taskDetail collection), its time
 * entries (byTask), and the review link it named. Deleted in batches, idempotently (deleting twice is fine), so
 * a retried cascade finishes the work. Answers the stored files the comments held, for the bucket.
 */
export const purgeTaskLeftovers = async (task: Pick<TaskItem, 'workspaceId' | 'taskId' | 'reviewToken'>): Promise<StoredFileRef[]> => {
  const { workspaceId, taskId } = task;
  const [{ data: detail }, { data: entries }] = await Promise.all([
    db().collections.taskDetail({ workspaceId, taskId }).go({ pages: 'all' }),
    db().entities.timeEntry.query.byTask({ workspaceId, taskId }).go({ pages: 'all', attributes: ['workspaceId', 'entryId', 'userId', 'endedAt'] }),
  ]);
  const entities = db().entities;
  await Promise.all([
    deleteAll('comment', () => entities.comment.delete(detail.comment.map((c) => ({ workspaceId, taskId, commentId: c.commentId }))).go()),
    deleteAll('taskActivity', () => entities.taskActivity.delete(detail.taskActivity.map((a) => ({ workspaceId, taskId, activityId: a.activityId }))).go()),
    deleteAll('taskWatch', () => entities.taskWatch.delete(detail.taskWatch.map((w) => ({ workspaceId, taskId, userId: w.userId }))).go()),
    deleteAll('timeEntry', () => entities.timeEntry.delete(entries.map((e) => ({ workspaceId, entryId: e.entryId }))).go()),
    deleteAll('runningTimer', () =>
      entities.runningTimer.delete(entries.filter((e) => !e.endedAt).map((e) => ({ workspaceId, taskId, userId: e.userId! }))).go(),
    ),
    task.reviewToken ? entities.reviewLink.delete({ token: task.reviewToken }).go() : undefined,
  ]);
  return detail.comment.flatMap((c) => [...(c.attachments ?? []), ...(c.audio ?? [])]);
};

/** One batch delete, retried for what DynamoDB leaves unprocessed (the keys are re-sent whole: deletes are idempotent). */
const deleteAll = (what: string, send: () => Promise<{ unprocessed: unknown[] }>) =>
  retry(
    async (attempt) => {
      const { unprocessed } = await send();
      if (!unprocessed.length) return undefined;
      logger.warn('Task cascade left items unprocessed', { what, count: unprocessed.length, attempt });
      return RETRY;
    },
    { exhausted: 'service_busy' },
  );
