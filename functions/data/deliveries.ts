import type { EntityItem } from 'electrodb';
import { db } from './db';
import { allExactly, exactly, sameIds } from './exact-ids';
import { cancelledOutcome, unlessRefused } from './conditions';
import { NOT_WAITING, RETRY_SHARD, type deliveryAttemptEntity, type deliveryEntity } from './integration-entities';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#lib/clients/dynamo';
import type { TaskItem } from './tasks';
import { fromStored, type IntegrationItem, type StoredIntegration } from './integrations';
import { ASSIGNED_TASK_RECORD, NOTIFICATION_EVENT_RECORD, type NotificationItem } from './notifications';

/** A delivery of a task to one integration, and one attempt at it, as stored. */
export type DeliveryItem = EntityItem<typeof deliveryEntity>;
export type DeliveryAttemptItem = EntityItem<typeof deliveryAttemptEntity>;
/** A delivery as created: its index-only attributes are the data layer's (their defaults). */
export type NewDeliveryItem = Omit<DeliveryItem, 'retryDueAt' | 'retryShard' | 'handOff'>;
export type DeliveryKey = Pick<DeliveryItem, 'workspaceId' | 'taskId' | 'deliveryId'>;

const keyOf = ({ workspaceId, taskId, deliveryId }: DeliveryKey) => ({ workspaceId, taskId, deliveryId });

/** One delivery (pattern: deliveryById). */
export const getDelivery = async (key: DeliveryKey): Promise<DeliveryItem | undefined> => {
  const { data } = await db().entities.delivery.get(keyOf(key)).go();
  return exactly(data, keyOf(key));
};

/** A task's deliveries and every attempt of each, from one Query of the task's partition (pattern: deliveriesOfTask). */
export const listTaskDeliveryItems = async (workspaceId: string, taskId: string): Promise<{ deliveries: DeliveryItem[]; attempts: DeliveryAttemptItem[] }> => {
  const { data } = await db().collections.taskDeliveries({ workspaceId, taskId }).go({ pages: 'all' });
  return { deliveries: allExactly(data.delivery, { workspaceId, taskId }), attempts: allExactly(data.deliveryAttempt, { workspaceId, taskId }) };
};

/** What an attempt at a delivery reads besides the delivery: its task, its integration and its project's name and slug. */
export type SendContext = { task?: TaskItem; integration?: IntegrationItem; project?: { name: string; slug: string } };

/**
 * The task, the integration and the project of a claimed delivery in one BatchGetItem (pattern: sendContext): an
 * attempt reads them all, and one request instead of three is what a burst of deliveries is made of. What the
 * table leaves unprocessed is asked for again.
 */
export const getSendContext = async (delivery: Pick<DeliveryItem, 'workspaceId' | 'taskId' | 'projectId' | 'integrationUid'>): Promise<SendContext> => {
  const { workspaceId, taskId, projectId, integrationUid } = delivery;
  const { task, projectIntegration, project } = db().entities;
  const requests = [task.get({ workspaceId, taskId }).params(), projectIntegration.get({ workspaceId, projectId, integrationUid }).params(), project.get({ workspaceId, projectId }).params()];
  const tableName = requests[0]!.TableName as string;
  const found: Record<string, unknown>[] = [];
  let keys: Record<string, unknown>[] = requests.map((request) => request.Key);
  for (let round = 0; keys.length && round < 5; round += 1) {
    if (round) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
    const answer = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
    found.push(...((answer.Responses?.[tableName] ?? []) as Record<string, unknown>[]));
    keys = (answer.UnprocessedKeys?.[tableName]?.Keys ?? []) as Record<string, unknown>[];
  }
  if (keys.length) throw new Error(`BatchGet left ${keys.length} items of a delivery unprocessed`);
  const ofEntity = (name: string) => found.find((item) => item[ENTITY_ATTRIBUTE] === name);
  const taskItem = exactly(task.parse({ Item: ofEntity('task') ?? {} }).data as TaskItem | null, { workspaceId, taskId });
  const stored = exactly(projectIntegration.parse({ Item: ofEntity('projectIntegration') ?? {} }).data as StoredIntegration | null, { workspaceId, projectId, integrationUid });
  const projectItem = exactly(project.parse({ Item: ofEntity('project') ?? {} }).data as { workspaceId: string; projectId: string; name: string; slug: string } | null, { workspaceId, projectId });
  return {
    ...(taskItem ? { task: taskItem } : {}),
    ...(stored ? { integration: fromStored(stored) } : {}),
    ...(projectItem ? { project: { name: projectItem.name, slug: projectItem.slug } } : {}),
  };
};

/** Where a page of an integration's log stopped: the last attempt's place in byIntegration's sort key. */
export type AttemptPosition = Pick<DeliveryAttemptItem, 'at' | 'deliveryId' | 'attempt'>;

/**
 * One page of an integration's delivery attempts across its tasks, newest first (pattern: attemptsOfIntegration):
 * one Query of byIntegration, below `before` when given. `next` is where the following page starts, absent at the end.
 */
export const listIntegrationAttempts = async (
  ref: Pick<DeliveryAttemptItem, 'workspaceId' | 'projectId' | 'integrationUid'>,
  limit: number,
  before?: AttemptPosition,
): Promise<{ items: DeliveryAttemptItem[]; next?: AttemptPosition }> => {
  const key = { workspaceId: ref.workspaceId, projectId: ref.projectId, integrationUid: ref.integrationUid };
  const query = db().entities.deliveryAttempt.query.byIntegration(key);
  const { data, cursor } = await (before ? query.lt(before) : query).go({ order: 'desc', limit });
  const items = allExactly(data, key);
  const last = data.at(-1);
  return { items, ...(cursor && last ? { next: { at: last.at, deliveryId: last.deliveryId, attempt: last.attempt } } : {}) };
};

/**
 * Claims a delivery for attempt number `attempt` (pattern: claimDelivery): one conditional update that succeeds
 * only while the delivery still waits for exactly that attempt (pending, waiting, or exhausted for a redriven
 * message) or its previous claim's lease ran out (a consumer died mid-send). Answers the claimed item, or
 * undefined when the claim is someone else's or the attempt was made already: a duplicate message sends nothing.
 */
export const claimDelivery = async (key: DeliveryKey, attempt: number, now: string, leaseUntil: string): Promise<DeliveryItem | undefined> => {
  return unlessRefused(async () => {
    const { data } = await db()
      .entities.delivery.patch(keyOf(key))
      .set({ status: 'sending', leaseUntil, updatedAt: now, retryDueAt: NOT_WAITING, retryShard: RETRY_SHARD })
      .where(
        (a, o) =>
          `${sameIds(a, o.eq, keyOf(key))} AND ${o.eq(a.attempts, attempt - 1)} AND (${o.eq(a.status, 'pending')} OR ${o.eq(a.status, 'waiting')} OR ${o.eq(a.status, 'exhausted')} OR (${o.eq(a.status, 'sending')} AND ${o.lt(a.leaseUntil, now)}))`,
      )
      .go({ response: 'all_new' });
    return data as DeliveryItem;
  }, undefined);
};

/** The state a delivery moves to after an attempt (whatever is undefined is removed). */
export type DeliveryOutcome = Pick<DeliveryItem, 'status' | 'attempts' | 'updatedAt'> &
  Partial<Pick<DeliveryItem, 'nextAttemptAt' | 'scheduledBy' | 'externalId' | 'link' | 'lastError'>>;

const OPTIONAL_STATE = ['nextAttemptAt', 'scheduledBy', 'externalId', 'link', 'lastError', 'leaseUntil'] as const;

/** The task's summary entry of a delivery: true sent, false failed for good, null (removed) while in flight. */
type SummaryChange = { taskId: string; workspaceId: string; index: number; success: boolean | null };

// ElectroDB's types do not follow a list index into a map (integrations[i].success); the path is checked by the entity at run time.
const summaryWrite = (task: any, change: SummaryChange) =>
  task
    .patch({ workspaceId: change.workspaceId, taskId: change.taskId })
    // The summary entry only: the task's updatedAt (its version) stays, so a person's edit is never refused because a delivery ended.
    .data((a: any, o: any) => (change.success === null ? o.remove(a.integrations[change.index].success) : o.set(a.integrations[change.index].success, change.success)))
    .commit();

const deliveryPatch = (delivery: DeliveryItem, outcome: DeliveryOutcome) => {
  const set: Record<string, unknown> = {
    status: outcome.status,
    attempts: outcome.attempts,
    updatedAt: outcome.updatedAt,
    retryDueAt: outcome.status === 'waiting' && outcome.nextAttemptAt ? outcome.nextAttemptAt : NOT_WAITING,
    // ElectroDB writes a sparse index's key only with all of its composites.
    retryShard: RETRY_SHARD,
  };
  const remove: string[] = [];
  for (const name of OPTIONAL_STATE) {
    const value = (outcome as Record<string, unknown>)[name];
    if (value !== undefined) set[name] = value;
    else if (name !== 'externalId' && name !== 'link' && delivery[name] !== undefined) remove.push(name);
  }
  return { set, remove };
};

/**
 * Records an attempt (pattern: finishAttempt): the attempt item, the delivery's new state and, when the outcome is
 * final, the task's summary entry, in one TransactWriteItems conditioned on the claim still being this one
 * (sending, at the same attempt count). 'lost': the claim lapsed and another consumer took it. A task deleted
 * meanwhile keeps only the delivery's log.
 */
export const finishAttempt = async (
  claimed: DeliveryItem,
  attempt: DeliveryAttemptItem,
  outcome: DeliveryOutcome,
  summary: boolean | null | undefined,
): Promise<'done' | 'lost'> => {
  const { set, remove } = deliveryPatch(claimed, outcome);
  const write = (withSummary: boolean) =>
    db()
      .transaction.write(({ delivery, deliveryAttempt, task }) => [
        (remove.length ? delivery.patch(keyOf(claimed)).set(set as never).remove(remove as never) : delivery.patch(keyOf(claimed)).set(set as never))
          .where((a, o) => `${o.eq(a.status, 'sending')} AND ${o.eq(a.attempts, claimed.attempts)}`)
          .commit(),
        deliveryAttempt.put(attempt).commit(),
        ...(withSummary && summary !== undefined
          ? [summaryWrite(task, { workspaceId: claimed.workspaceId, taskId: claimed.taskId, index: claimed.summaryIndex, success: summary })]
          : []),
      ])
      .go();
  let result = await write(true);
  let reasons = result.data as readonly ({ code?: string } | null)[];
  if (result.canceled && summary !== undefined && reasons[0]?.code !== 'ConditionalCheckFailed' && reasons[2]?.code === 'ConditionalCheckFailed') {
    result = await write(false);
    reasons = result.data as readonly ({ code?: string } | null)[];
  }
  if (!result.canceled) return 'done';
  if (reasons[0]?.code === 'ConditionalCheckFailed') return 'lost';
  cancelledOutcome(reasons);
  throw new Error('Delivery attempt not recorded: a racing transaction');
};

/**
 * Starts a fresh series (pattern: resetDelivery): back to pending (the outbox sends it), the schedule counted
 * from the attempts made so far, the task's summary entry back to in flight; only while the delivery is still
 * in the state read (so two clicks make one series). 'stale': it changed meanwhile.
 */
export const resetDelivery = async (current: DeliveryItem, now: string): Promise<'done' | 'stale'> => {
  const remove = (['nextAttemptAt', 'scheduledBy', 'leaseUntil', 'lastError'] as const).filter((name) => current[name] !== undefined);
  const set = { status: 'pending' as const, handOff: 'record' as const, seriesStart: current.attempts, updatedAt: now, retryDueAt: NOT_WAITING, retryShard: RETRY_SHARD };
  const write = (withSummary: boolean) =>
    db()
      .transaction.write(({ delivery, task }) => [
        (remove.length ? delivery.patch(keyOf(current)).set(set).remove(remove as never) : delivery.patch(keyOf(current)).set(set))
          .where((a, o) => `${o.eq(a.status, current.status)} AND ${o.eq(a.attempts, current.attempts)}`)
          .commit(),
        ...(withSummary ? [summaryWrite(task, { workspaceId: current.workspaceId, taskId: current.taskId, index: current.summaryIndex, success: null })] : []),
      ])
      .go();
  let result = await write(true);
  const reasonsOf = () => result.data as readonly ({ code?: string } | null)[];
  if (result.canceled && reasonsOf()[0]?.code !== 'ConditionalCheckFailed' && reasonsOf()[1]?.code === 'ConditionalCheckFailed') result = await write(false);
  if (!result.canceled) return 'done';
  if (cancelledOutcome(reasonsOf()) === 'conflict') throw new Error('Delivery reset not written: a racing transaction');
  return 'stale';
};

/**
 * Records that a calendar delivery's event was deleted (its task's due date cleared; see eventRemovedAt): the
 * event's id and link go, conditioned on the event read still being the delivery's, so a repeat changes nothing.
 */
export const markCalendarEventRemoved = async (delivery: DeliveryItem & { externalId: string }, now: string): Promise<void> => {
  await unlessRefused(
    () =>
      db()
        .entities.delivery.patch(keyOf(delivery))
        .set({ eventRemovedAt: now, updatedAt: now })
        .remove(['externalId', 'link'])
        .where((a, o) => o.eq(a.externalId, delivery.externalId))
        .go(),
    undefined,
  );
};

/** Waiting deliveries due by `until` (ISO), oldest first, across workspaces (pattern: dueRetries). */
export const listDueDeliveries = async (until: string, limit: number): Promise<DeliveryItem[]> => {
  const { data } = await db().entities.delivery.query.byRetryAt({ retryShard: RETRY_SHARD }).lte({ retryDueAt: until }).go({ limit });
  return data.filter((item) => item.status === 'waiting');
};

/** Marks a waiting delivery as handed to the queue by the retry job (so the job does not hand it over twice). */
export const markRequeued = async (item: DeliveryItem, now: string): Promise<boolean> => {
  return unlessRefused(async () => {
    await db()
      .entities.delivery.patch(keyOf(item))
      .set({ scheduledBy: 'queue', updatedAt: now })
      .where((a, o) => `${o.eq(a.status, 'waiting')} AND ${o.eq(a.attempts, item.attempts)}`)
      .go();
    return true;
  }, false);
};

/**
 * Creates deliveries that do not exist yet (pattern: createDeliveries): the outbox's half of a bulk create too big
 * for one transaction. Each is a conditional create, so a redelivered stream record creates nothing twice. They are
 * handed to their queues by their task's record (handOff 'task'), not by their own.
 */
export const createDeliveriesIfMissing = async (items: readonly NewDeliveryItem[]): Promise<number> => {
  const created = await Promise.all(
    items.map((item) =>
      unlessRefused(async () => {
        await db().entities.delivery.create({ ...item, handOff: 'task' }).go();
        return 1;
      }, 0),
    ),
  );
  return created.reduce<number>((sum, n) => sum + n, 0);
};

/** The attribute ElectroDB names each item's entity by (stream records are raw items). */
const ENTITY_ATTRIBUTE = '__edb_e__';

/**
 * The outbox: which stream records carry work, written once for the CDK event filter and the local poller. A
 * delivery written as pending (created with its task, or reset by a retry from the log) is sent to its queue; a
 * task created with `deliveriesByOutbox` has its deliveries created from its record and sent to their queues
 * (their own records then pass by: handOff 'task').
 */
export const OUTBOX_RECORDS = [
  { eventNames: ['INSERT', 'MODIFY'], image: { [ENTITY_ATTRIBUTE]: 'delivery', status: 'pending', handOff: 'record' } },
  { eventNames: ['INSERT'], image: { [ENTITY_ATTRIBUTE]: 'task', deliveriesByOutbox: true } },
  NOTIFICATION_EVENT_RECORD,
  ASSIGNED_TASK_RECORD,
] as const satisfies readonly { eventNames: readonly string[]; image: Record<string, string | boolean> }[];

/** Whether a stream record (its event name and new image) is outbox work (OUTBOX_RECORDS). */
export const isOutboxRecord = (eventName: string | undefined, image: Record<string, unknown> | undefined) =>
  !!image &&
  OUTBOX_RECORDS.some(
    (pattern) => (pattern.eventNames as readonly string[]).includes(eventName ?? '') && Object.entries(pattern.image).every(([name, value]) => image[name] === value),
  );

/** What an outbox record holds: a pending delivery, a task whose deliveries the outbox creates, or nothing to do. */
export const outboxItemOf = (image: Record<string, unknown>): { kind: 'delivery'; item: DeliveryItem } | { kind: 'task'; item: TaskItem } | undefined => {
  if (image[ENTITY_ATTRIBUTE] === 'delivery') return { kind: 'delivery', item: image as DeliveryItem };
  if (image[ENTITY_ATTRIBUTE] === 'task') return { kind: 'task', item: image as TaskItem };
  return undefined;
};

/** Writes in-app notifications; each is a put by its id, so writing one again changes nothing (pattern: notificationsOfUser). */
export const putNotifications = async (items: readonly NotificationItem[]): Promise<void> => {
  if (!items.length) return;
  const { unprocessed } = await db().entities.notification.put([...items]).go();
  if (unprocessed.length) throw new Error(`${unprocessed.length} notifications not written`);
};
