import { INTEGRATION_LOG_PAGE_SIZE, type Delivery, type IntegrationAttempt, type IntegrationDeliveryLog } from '#shared/schemas/integrations';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import type { AttemptPosition, DeliveryAttemptItem, DeliveryItem } from '#data/deliveries';
import type { IntegrationItem } from '#data/integrations';
import type { Clock } from '../clock';
import type { OpenedTask } from '../tasks/open-task';

export type DeliveryLogDeps = {
  openTask: (ctx: WorkspaceContext, taskId: string) => Promise<OpenedTask>;
  listTaskDeliveryItems: (workspaceId: string, taskId: string) => Promise<{ deliveries: DeliveryItem[]; attempts: DeliveryAttemptItem[] }>;
  listIntegrationItems: (ctx: WorkspaceContext, projectId: string) => Promise<IntegrationItem[]>;
};

/** A delivery as the log shows it, its attempts oldest first; `name` while the integration still exists. */
export const toDelivery = (item: DeliveryItem, attempts: readonly DeliveryAttemptItem[], name: string | undefined): Delivery => ({
  id: item.deliveryId,
  integration_uid: item.integrationUid,
  type: item.type,
  name: name ?? null,
  status: item.status,
  attempts: item.attempts,
  next_attempt_at: item.status === 'waiting' ? (item.nextAttemptAt ?? null) : null,
  link: item.link ?? null,
  last_error: item.lastError ?? null,
  created_at: item.createdAt,
  attempts_log: attempts
    .filter((attempt) => attempt.deliveryId === item.deliveryId)
    .sort((a, b) => a.attempt - b.attempt)
    .map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.at,
      outcome: attempt.outcome,
      http_status: attempt.httpStatus ?? null,
      latency_ms: attempt.latencyMs,
      error: attempt.error ?? null,
    })),
});

/** The task's delivery log: every delivery with every attempt kept (one Query of the task's partition). */
export const listTaskDeliveries = async (deps: DeliveryLogDeps, ctx: WorkspaceContext, taskId: string): Promise<{ deliveries: Delivery[] }> => {
  const { task } = await deps.openTask(ctx, taskId);
  const [{ deliveries, attempts }, integrations] = await Promise.all([deps.listTaskDeliveryItems(ctx.workspaceId, task.taskId), deps.listIntegrationItems(ctx, task.projectId)]);
  const names = new Map(integrations.map((integration) => [integration.integrationUid, integration.name]));
  return {
    deliveries: deliveries
      .sort((a, b) => a.summaryIndex - b.summaryIndex || a.createdAt.localeCompare(b.createdAt))
      .map((item) => toDelivery(item, attempts, names.get(item.integrationUid))),
  };
};

export type RetryDeliveryDeps = DeliveryLogDeps & {
  clock: Clock;
  resetDelivery: (current: DeliveryItem, now: string) => Promise<'done' | 'stale'>;
};

/** Retried from the log: failed for good, out of attempts, or waiting (sent now instead of at its time). */
const RETRYABLE = new Set<DeliveryItem['status']>(['failed', 'exhausted', 'waiting']);

/**
 * Sends a delivery again now as a fresh series of attempts: it goes back to pending, which the outbox (the
 * table's stream) hands to its queue. A delivery being sent is refused (409 delivery_in_progress); one already
 * sent or about to be is answered as it is.
 */
export const retryDelivery = async (deps: RetryDeliveryDeps, ctx: WorkspaceContext, taskId: string, deliveryId: string): Promise<Delivery> => {
  const { task } = await deps.openTask(ctx, taskId);
  const log = await deps.listTaskDeliveryItems(ctx.workspaceId, task.taskId);
  const current = log.deliveries.find((item) => item.deliveryId === deliveryId);
  if (!current) throw new DomainError('delivery_not_found');
  if (current.status === 'sending') throw new DomainError('delivery_in_progress');
  const integrations = await deps.listIntegrationItems(ctx, task.projectId);
  const name = integrations.find((integration) => integration.integrationUid === current.integrationUid)?.name;
  if (!RETRYABLE.has(current.status)) return toDelivery(current, log.attempts, name);
  const now = deps.clock().toISOString();
  if ((await deps.resetDelivery(current, now)) === 'stale') throw new DomainError('delivery_in_progress');
  const next: DeliveryItem = { ...current, status: 'pending', seriesStart: current.attempts, updatedAt: now };
  delete next.nextAttemptAt;
  delete next.lastError;
  return toDelivery(next, log.attempts, name);
};

export type IntegrationLogDeps = {
  getIntegrationItem: (ctx: Pick<WorkspaceContext, 'workspaceId'>, projectId: string, integrationUid: string) => Promise<IntegrationItem | undefined>;
  listIntegrationAttempts: (
    ref: Pick<DeliveryAttemptItem, 'workspaceId' | 'projectId' | 'integrationUid'>,
    limit: number,
    before?: AttemptPosition,
  ) => Promise<{ items: DeliveryAttemptItem[]; next?: AttemptPosition }>;
};

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DELIVERY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The cursor of the integration's log: the last attempt of a page (opaque to the client). */
export const encodeAttemptCursor = (position: AttemptPosition): string =>
  Buffer.from(JSON.stringify({ a: position.at, d: position.deliveryId, n: position.attempt }), 'utf8').toString('base64url');

/** Reads a cursor from the client, which may have been tampered with: anything not one we made is a 400 naming `cursor`. */
export const decodeAttemptCursor = (text: string): AttemptPosition => {
  const bad = () => new ValidationError('cursor', 'cursor is not valid: start again from the first page');
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const { a, d, n } = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (typeof a !== 'string' || !AT.test(a) || typeof d !== 'string' || !DELIVERY_ID.test(d) || !Number.isInteger(n) || (n as number) < 1 || (n as number) > 9999) throw bad();
  return { at: a, deliveryId: d, attempt: n as number };
};

export const toIntegrationAttempt = (item: DeliveryAttemptItem): IntegrationAttempt => ({
  attempt: item.attempt,
  at: item.at,
  outcome: item.outcome,
  http_status: item.httpStatus ?? null,
  latency_ms: item.latencyMs,
  error: item.error ?? null,
  delivery_id: item.deliveryId,
  delivery_status: item.deliveryStatus,
  task: { uid: item.taskId, number: item.taskNumber ?? null, summary: item.taskSummary ?? null },
});

/**
 * An integration's delivery log: every attempt at sending its tasks, newest first, a page at a time (one Query of
 * byIntegration); attempts are kept DELIVERY_LOG_DAYS. A failed delivery is retried through its task
 * (POST /tickets/{id}/deliveries/{deliveryId}/retry).
 */
export const listIntegrationDeliveries = async (
  deps: IntegrationLogDeps,
  ctx: WorkspaceContext,
  projectId: string,
  integrationUid: string,
  cursor: string | undefined,
): Promise<IntegrationDeliveryLog> => {
  const before = cursor ? decodeAttemptCursor(cursor) : undefined;
  const [integration, page] = await Promise.all([
    deps.getIntegrationItem(ctx, projectId, integrationUid),
    deps.listIntegrationAttempts({ workspaceId: ctx.workspaceId, projectId, integrationUid }, INTEGRATION_LOG_PAGE_SIZE, before),
  ]);
  if (!integration) throw new DomainError('integration_not_found');
  return { attempts: page.items.map(toIntegrationAttempt), cursor: page.next ? encodeAttemptCursor(page.next) : null };
};
