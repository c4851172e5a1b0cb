import type { IntegrationMessage } from '#shared/queues';
import { DELIVERY_LOG_DAYS, type IntegrationType } from '#shared/schemas/integrations';
import type { DeliveryTask, SendInput, SendResult } from '#lib/providers/provider';
import type { DeliveryAttemptItem, DeliveryItem, DeliveryKey, DeliveryOutcome, SendContext } from '#data/deliveries';
import type { IntegrationItem } from '#data/integrations';
import type { TaskItem } from '#data/tasks';
import type { Clock } from '../clock';
import { nextRetryWaitSeconds, queueDelaySeconds, schedulerOf, type RetryTimingOptions } from './delivery-schedule';

/**
 * Sending one delivery: the consumer of an integration queue calls `deliver` per message. Every step is safe to
 * repeat (SQS delivers at least once, and a consumer may die anywhere): the claim is a conditional write on the
 * attempt number, so a duplicate message claims nothing; the outcome commits with the attempt's log entry and
 * the task's summary in one transaction, conditioned on the claim still being ours; what follows the commit (the
 * next attempt's message, the DLQ) is redone by the redelivered message when the consumer died before it.
 */
export type DeliverDeps = {
  clock: Clock;
  /** How long a claim is ours: the queue's visibility timeout (a redelivered message finds it lapsed). */
  leaseSeconds: number;
  retryTiming?: RetryTimingOptions;
  claimDelivery: (key: DeliveryKey, attempt: number, now: string, leaseUntil: string) => Promise<DeliveryItem | undefined>;
  getDelivery: (key: DeliveryKey) => Promise<DeliveryItem | undefined>;
  finishAttempt: (claimed: DeliveryItem, attempt: DeliveryAttemptItem, outcome: DeliveryOutcome, summary: boolean | null | undefined) => Promise<'done' | 'lost'>;
  /** The claimed delivery's task, integration and project (name, slug), read together. */
  getSendContext: (delivery: DeliveryItem) => Promise<SendContext>;
  /** The task as the provider is sent it (project name, the assignee's email, its page). */
  deliveryTask: (task: TaskItem, project: SendContext['project']) => Promise<DeliveryTask>;
  /** The secrets in force (opened), as the provider is handed them. */
  openSecrets: (integration: IntegrationItem, now: Date) => Promise<Record<string, unknown>>;
  /**
   * Stores what the call changed about the integration: secrets the provider renewed (an OAuth refresh), whatever
   * the outcome, and credentials refused (nothing more is sent until it is reconnected).
   */
  saveProviderOutcome: (integration: IntegrationItem, outcome: { refreshedSecrets?: Record<string, unknown>; unauthorized?: boolean }) => Promise<void>;
  send: (type: IntegrationType, input: SendInput) => Promise<SendResult>;
  enqueue: (message: IntegrationMessage, delaySeconds: number) => Promise<void>;
  /** Parks the message of a delivery out of attempts in its queue's DLQ (a redrive re-attempts it once). */
  parkInDeadLetters: (message: IntegrationMessage) => Promise<void>;
  /** Tells the project's admins in the app that a delivery ran out of attempts. */
  notifyExhausted: (delivery: DeliveryItem, task: TaskItem | undefined, integration: IntegrationItem | undefined) => Promise<void>;
};

export type DeliverResult = 'sent' | 'waiting' | 'failed' | 'exhausted' | 'duplicate' | 'gone' | 'lost' | 'rescheduled';

/** A message older than this after its delivery moved on was not followed by the next step: the consumer died. */
const FOLLOW_UP_GRACE_MS = 30_000;

const addSeconds = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000).toISOString();

const failure = (error: string): Extract<SendResult, { ok: false }> => ({ ok: false, retryable: false, error, latencyMs: 0 });

/** The next attempt's message after `delivery` (waiting for it, or redriven from the DLQ). */
const nextMessage = (delivery: DeliveryItem): IntegrationMessage => ({
  workspaceId: delivery.workspaceId,
  taskId: delivery.taskId,
  deliveryId: delivery.deliveryId,
  attempt: delivery.attempts + 1,
});

/** What follows a committed outcome: the next attempt's message, or the DLQ and the admins' notification. */
const followUp = async (deps: DeliverDeps, delivery: DeliveryItem, now: Date, task?: TaskItem, integration?: IntegrationItem) => {
  if (delivery.status === 'waiting' && delivery.scheduledBy === 'queue' && delivery.nextAttemptAt) {
    const waitSeconds = (Date.parse(delivery.nextAttemptAt) - now.getTime()) / 1000;
    await deps.enqueue(nextMessage(delivery), queueDelaySeconds(waitSeconds));
  } else if (delivery.status === 'exhausted') {
    await deps.parkInDeadLetters(nextMessage(delivery));
    await deps.notifyExhausted(delivery, task, integration);
  }
};

/** A message that claimed nothing: a duplicate, a claim still held, or a step after a commit that never ran. */
const unclaimed = async (deps: DeliverDeps, message: IntegrationMessage, now: Date): Promise<DeliverResult> => {
  const current = await deps.getDelivery(message);
  if (!current) return 'gone';
  if (current.status === 'sending' && current.attempts === message.attempt - 1) {
    // Someone holds the claim: fail the message, so it comes back after the visibility timeout (≥ the lease).
    throw new Error(`Delivery ${current.deliveryId} is being sent by another consumer until ${current.leaseUntil}`);
  }
  const movedOnAt = Date.parse(current.updatedAt);
  if (current.attempts === message.attempt && now.getTime() - movedOnAt >= FOLLOW_UP_GRACE_MS && (current.status === 'waiting' || current.status === 'exhausted')) {
    await followUp(deps, current, now);
    return 'rescheduled';
  }
  return 'duplicate';
};

/** The delivery's next state after the provider answered `result` to attempt `attempt` of `claimed`. */
export const outcomeOf = (
  claimed: DeliveryItem,
  result: SendResult,
  now: Date,
  timing: RetryTimingOptions = {},
): { outcome: DeliveryOutcome & { status: DeliveryAttemptItem['deliveryStatus'] }; summary: boolean | undefined } => {
  const attempts = claimed.attempts + 1;
  const base = { attempts, updatedAt: now.toISOString() };
  if (result.ok) {
    return {
      outcome: { ...base, status: 'sent', externalId: result.externalId ?? claimed.externalId, link: result.link ?? claimed.link },
      summary: true,
    };
  }
  if (result.retryable) {
    const wait = nextRetryWaitSeconds(attempts - claimed.seriesStart, result.retryAfterSeconds, timing);
    if (wait !== undefined) {
      return {
        outcome: { ...base, status: 'waiting', nextAttemptAt: addSeconds(now, wait), scheduledBy: schedulerOf(wait), lastError: result.error },
        summary: undefined,
      };
    }
    return { outcome: { ...base, status: 'exhausted', lastError: result.error }, summary: false };
  }
  return { outcome: { ...base, status: 'failed', lastError: result.error }, summary: false };
};

/** The log entry of an attempt: what the provider answered, the delivery's status after it, and the task as sent. */
const attemptLog = (claimed: DeliveryItem, result: SendResult, at: Date, status: DeliveryAttemptItem['deliveryStatus'], task: TaskItem | undefined): DeliveryAttemptItem => ({
  workspaceId: claimed.workspaceId,
  taskId: claimed.taskId,
  deliveryId: claimed.deliveryId,
  attempt: claimed.attempts + 1,
  projectId: claimed.projectId,
  integrationUid: claimed.integrationUid,
  at: at.toISOString(),
  outcome: result.ok ? 'sent' : 'failed',
  deliveryStatus: status,
  ...(task ? { taskNumber: task.number, taskSummary: task.summary } : {}),
  ...(result.status !== undefined ? { httpStatus: result.status } : {}),
  latencyMs: Math.round(result.latencyMs),
  ...(!result.ok ? { error: result.error.slice(0, 1000) } : {}),
  expiresAt: Math.floor(at.getTime() / 1000) + DELIVERY_LOG_DAYS * 24 * 3600,
});

/** Calls the provider for a claimed delivery; what it cannot send at all (task or integration gone) is a final failure. */
const callProvider = async (deps: DeliverDeps, claimed: DeliveryItem, { task, integration, project }: SendContext): Promise<SendResult> => {
  if (!task) return failure('The task was deleted before it could be sent.');
  if (!integration) return failure('The integration was removed before the task could be sent.');
  if (integration.state !== 'connected') return failure('The integration lost its connection. Reconnect it, then retry.');
  const [secrets, deliveryTask] = await Promise.all([deps.openSecrets(integration, deps.clock()), deps.deliveryTask(task, project)]);
  const result = await deps.send(integration.type, {
    deliveryId: claimed.deliveryId,
    attempt: claimed.attempts + 1,
    task: deliveryTask,
    settings: integration.settings,
    secrets,
  });
  await deps.saveProviderOutcome(integration, { refreshedSecrets: result.refreshedSecrets, unauthorized: !result.ok && result.unauthorized });
  return result;
};

/** Makes attempt `message.attempt` of one delivery, if it is still due; see DeliverDeps. */
export const deliver = async (deps: DeliverDeps, message: IntegrationMessage): Promise<DeliverResult> => {
  const startedAt = deps.clock();
  const claimed = await deps.claimDelivery(message, message.attempt, startedAt.toISOString(), addSeconds(startedAt, deps.leaseSeconds));
  if (!claimed) return unclaimed(deps, message, startedAt);

  const context = await deps.getSendContext(claimed);
  const { task, integration } = context;
  const result = await callProvider(deps, claimed, context);
  const now = deps.clock();
  const { outcome, summary } = outcomeOf(claimed, result, now, deps.retryTiming);
  const finished = await deps.finishAttempt(claimed, attemptLog(claimed, result, startedAt, outcome.status, task), outcome, task ? summary : undefined);
  if (finished === 'lost') return 'lost';
  await followUp(deps, { ...claimed, ...outcome } as DeliveryItem, now, task, integration);
  return outcome.status as DeliverResult;
};
