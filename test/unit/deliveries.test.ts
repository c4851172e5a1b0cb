import { describe, expect, it } from 'vitest';
import { DELIVERY_RETRY_DELAYS_SECONDS } from '#shared/schemas/integrations';
import { nextRetryWaitSeconds, queueDelaySeconds, schedulerOf } from '#core/integrations/delivery-schedule';
import { outcomeOf } from '#core/integrations/deliver';
import { isOutboxRecord, type DeliveryItem, type NewDeliveryItem } from '#data/deliveries';
import { createTaskDeliveries } from '#core/integrations/outbox';
import type { IntegrationMessage } from '#shared/queues';
import type { TaskItem } from '#data/tasks';

const delivery = (over: Partial<DeliveryItem> = {}): DeliveryItem => ({
  workspaceId: 'w', taskId: 't', deliveryId: 'd', projectId: 'p', integrationUid: 'i', type: 'webhook', summaryIndex: 0,
  status: 'sending', handOff: 'record', attempts: 0, seriesStart: 0, retryDueAt: '-', retryShard: 'due', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
const now = new Date('2026-01-01T00:00:00.000Z');
const failed = (retryable: boolean, retryAfterSeconds?: number) => ({ ok: false as const, retryable, status: 500, error: 'boom', latencyMs: 3, retryAfterSeconds });

describe('the retry schedule', () => {
  it('waits the schedule ± 20% after each failed attempt, and has no wait after the eighth', () => {
    DELIVERY_RETRY_DELAYS_SECONDS.forEach((base, n) => {
      expect(nextRetryWaitSeconds(n, undefined, { random: () => 0 })).toBeCloseTo(base * 0.8);
      expect(nextRetryWaitSeconds(n, undefined, { random: () => 1 - 1e-12 })).toBeCloseTo(base * 1.2, 2);
    });
    expect(nextRetryWaitSeconds(8, undefined)).toBeUndefined();
  });
  it('never retries before a Retry-After, and scales for tests', () => {
    expect(nextRetryWaitSeconds(1, 120, { random: () => 0.5 })).toBe(120);
    expect(nextRetryWaitSeconds(7, undefined, { random: () => 0.5, scale: 0.001 })).toBeCloseTo(36);
  });
  it('keeps waits up to 15 minutes on the queue and longer ones for the job', () => {
    expect(schedulerOf(900)).toBe('queue');
    expect(schedulerOf(1800)).toBe('job');
    expect(queueDelaySeconds(4000)).toBe(900);
    expect(queueDelaySeconds(-3)).toBe(0);
  });
});

describe("an attempt's outcome", () => {
  it('sent: summary true, link kept', () => {
    expect(outcomeOf(delivery(), { ok: true, latencyMs: 5, link: 'https://x/1' }, now)).toMatchObject({ outcome: { status: 'sent', attempts: 1, link: 'https://x/1' }, summary: true });
  });
  it('a retryable failure waits (summary still in flight); a final one fails (summary false)', () => {
    const waiting = outcomeOf(delivery(), failed(true), now, { random: () => 0.5 });
    expect(waiting).toEqual({ outcome: expect.objectContaining({ status: 'waiting', attempts: 1, scheduledBy: 'queue', nextAttemptAt: '2026-01-01T00:00:05.000Z', lastError: 'boom' }), summary: undefined });
    expect(outcomeOf(delivery(), failed(false), now).outcome.status).toBe('failed');
    expect(outcomeOf(delivery(), failed(false), now).summary).toBe(false);
  });
  it('is exhausted after the eighth attempt of a series, counted from the series start', () => {
    expect(outcomeOf(delivery({ attempts: 7 }), failed(true), now)).toMatchObject({ outcome: { status: 'exhausted', attempts: 8 }, summary: false });
    expect(outcomeOf(delivery({ attempts: 9, seriesStart: 8 }), failed(true), now).outcome.status).toBe('waiting');
    // A redriven exhausted delivery gets one attempt, then is exhausted again.
    expect(outcomeOf(delivery({ attempts: 8 }), failed(true), now).outcome.status).toBe('exhausted');
  });
});

describe('the outbox', () => {
  const task = {
    workspaceId: 'w', taskId: 't', projectId: 'p', createdAt: '2026-01-01T00:00:00.000Z',
    integrations: [
      { type: 'webhook', projectIntegrationUid: 'i1', deliveryId: 'd1' },
      { type: 'slack', projectIntegrationUid: 'i2', deliveryId: 'd2' },
    ],
  } as unknown as TaskItem;

  it("creates a big bulk's deliveries from their task's record and sends each to its queue in the same step", async () => {
    const steps: string[] = [];
    const created: NewDeliveryItem[] = [];
    const sent: [string, IntegrationMessage][] = [];

    await createTaskDeliveries(
      {
        createDeliveriesIfMissing: async (items) => (steps.push('create'), created.push(...items), items.length),
        enqueue: async (type, message) => void (steps.push('send'), sent.push([type, message])),
      },
      task,
    );

    expect(steps).toEqual(['create', 'send', 'send']);
    expect(created.map((item) => [item.deliveryId, item.integrationUid, item.summaryIndex, item.status])).toEqual([
      ['d1', 'i1', 0, 'pending'],
      ['d2', 'i2', 1, 'pending'],
    ]);
    expect(sent).toEqual([
      ['webhook', { workspaceId: 'w', taskId: 't', deliveryId: 'd1', attempt: 1 }],
      ['slack', { workspaceId: 'w', taskId: 't', deliveryId: 'd2', attempt: 1 }],
    ]);
  });

  it('hands a pending delivery over by its own record unless its task\'s record did', () => {
    const image = (handOff: string, status = 'pending') => ({ __edb_e__: 'delivery', status, handOff });

    expect(isOutboxRecord('INSERT', image('record'))).toBe(true);
    expect(isOutboxRecord('MODIFY', image('record'))).toBe(true);
    expect(isOutboxRecord('INSERT', image('task'))).toBe(false);
    expect(isOutboxRecord('MODIFY', image('record', 'sent'))).toBe(false);
  });
});
