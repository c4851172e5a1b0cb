import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_LOG_DAYS } from '#shared/schemas/integrations';
import { api, userWithWorkspace } from './support/api';
import { control, deliveriesOf, eventually, webhookBrand } from './support/deliveries';

/**
 * Tasks sent to a webhook through the whole pipeline: the create commits the task with a pending delivery, the
 * outbox (the table's stream) hands it to the webhook queue, the consumer signs and posts it to the fake
 * receiver, and the outcome lands in the delivery log and the task's summary.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;

beforeAll(async () => {
  owner = await userWithWorkspace('hooks');
});
afterEach(async () => {
  await control('DELETE', '/failures');
});

const createTask = async (projectId: string, integrationUid: string, extra: Record<string, unknown> = {}) => {
  const created = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, { token: owner.token, body: { summary: 'Launch post', project_uid: projectId, integrations: [integrationUid], ...extra } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
};
const delivered = (taskId: string, status: string, timeoutMs?: number) =>
  eventually(() => deliveriesOf(owner, taskId), (log) => log[0]?.status === status, timeoutMs, `delivery ${status}`);

describe('a task sent to a webhook', () => {
  it('is answered pending at once, then sent: signed, logged, and marked on the task', async () => {
    const { projectId, integrationUid, receiver } = await webhookBrand(owner);
    const task = await createTask(projectId, integrationUid);
    expect(task.details.integrations).toEqual([{ type: 'webhook', success: null, project_integration_uid: integrationUid }]);

    const [delivery] = await delivered(task.uid, 'sent');
    expect(delivery).toMatchObject({ type: 'webhook', name: 'Our hook', attempts: 1, last_error: null, next_attempt_at: null });
    expect(delivery.attempts_log).toEqual([{ attempt: 1, at: expect.any(String), outcome: 'sent', http_status: expect.any(Number), latency_ms: expect.any(Number), error: null }]);
    const stats = await control('GET', `/webhooks/${receiver}`);
    expect(stats).toMatchObject({ valid: 1, invalid: 0, unique: 1, duplicates: 0 });
    const shown = await api('GET', `/tickets/${task.uid}`, { token: owner.token });
    expect(shown.body.details.integrations).toEqual([{ type: 'webhook', success: true, project_integration_uid: integrationUid }]);
    // The delivery wrote the summary without changing the task's version: an edit based on the created task still applies.
    expect(shown.body.updated_at).toBe(task.updated_at);
    const edit = await api('PATCH', `/tickets/${task.uid}`, { token: owner.token, body: { priority: '1' } });
    expect(edit.status).toBe(200);
  });

  it('retries a 500 on the schedule and sends it on the next attempt', async () => {
    const { projectId, integrationUid } = await webhookBrand(owner);
    await control('PUT', '/failures/webhook', { rate: 1, status: 500, times: 1 });
    const task = await createTask(projectId, integrationUid);
    const [delivery] = await delivered(task.uid, 'sent', 30_000);
    expect(delivery.attempts_log.map((a: any) => [a.outcome, a.http_status])).toEqual([
      ['failed', 500],
      ['sent', expect.any(Number)],
    ]);
    // The schedule's second attempt comes 5 s (±20%) after the first.
    const gap = Date.parse(delivery.attempts_log[1].at) - Date.parse(delivery.attempts_log[0].at);
    expect(gap).toBeGreaterThanOrEqual(3_500);
  });

  it('honours a 429 Retry-After beyond the schedule', async () => {
    const { projectId, integrationUid } = await webhookBrand(owner);
    await control('PUT', '/failures/webhook', { rate: 1, status: 429, retryAfter: 8, times: 1 });
    const task = await createTask(projectId, integrationUid);
    const [waiting] = await delivered(task.uid, 'waiting');
    expect(waiting.attempts_log[0]).toMatchObject({ outcome: 'failed', http_status: 429 });
    expect(Date.parse(waiting.next_attempt_at) - Date.parse(waiting.attempts_log[0].at)).toBeGreaterThanOrEqual(7_500);
    await delivered(task.uid, 'sent', 30_000);
  });

  it('retries a timeout (no status) like a 5xx', async () => {
    const { projectId, integrationUid } = await webhookBrand(owner);
    await control('PUT', '/failures/webhook', { timeoutRate: 1, times: 1 });
    const task = await createTask(projectId, integrationUid);
    const [delivery] = await delivered(task.uid, 'sent', 45_000);
    expect(delivery.attempts_log[0]).toMatchObject({ outcome: 'failed', http_status: null, error: expect.any(String) });
  }, 60_000);

  it('fails at once on a 401 and marks the integration as needing a reconnect (nothing more is sent)', async () => {
    const { projectId, integrationUid } = await webhookBrand(owner);
    await control('PUT', '/failures/webhook', { rate: 1, status: 401 });
    const task = await createTask(projectId, integrationUid);
    const [failed] = await delivered(task.uid, 'failed');
    expect(failed.attempts_log).toEqual([expect.objectContaining({ outcome: 'failed', http_status: 401 })]);
    const listed = await api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/integrations`, { token: owner.token });
    expect(listed.body[0].state).toBe('needs_reconnect');
    const refused = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, { token: owner.token, body: { summary: 'x', project_uid: projectId, integrations: [integrationUid] } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('integration_needs_reconnect');
  });

  it.each([403, 404])('fails at once on a %i (not retried), and sends after a retry from the log', async (status) => {
    const { projectId, integrationUid } = await webhookBrand(owner);
    await control('PUT', '/failures/webhook', { rate: 1, status });
    const task = await createTask(projectId, integrationUid);
    const [failed] = await delivered(task.uid, 'failed');
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.any(String) });
    expect(failed.attempts_log).toEqual([expect.objectContaining({ outcome: 'failed', http_status: status })]);
    expect((await api('GET', `/tickets/${task.uid}`, { token: owner.token })).body.details.integrations[0].success).toBe(false);

    await control('DELETE', '/failures');
    const retried = await api('POST', `/tickets/${task.uid}/deliveries/${failed.id}/retry`, { token: owner.token });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failed.id, status: 'pending' });
    const [sent] = await delivered(task.uid, 'sent');
    expect(sent.attempts_log.map((a: any) => a.outcome)).toEqual(['failed', 'sent']);
    expect((await api('GET', `/tickets/${task.uid}`, { token: owner.token })).body.details.integrations[0].success).toBe(true);
  });

  it('refuses an integration of another brand (400 naming the field) and a delivery it does not know (404)', async () => {
    const a = await webhookBrand(owner);
    const b = await webhookBrand(owner);
    const refused = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, { token: owner.token, body: { summary: 'x', project_uid: a.projectId, integrations: [b.integrationUid] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'integration_not_in_project', field: 'integrations' });
    const bulk = await api('POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, {
      token: owner.token,
      body: { tickets: [{ summary: 'ok', project_uid: a.projectId, integrations: [a.integrationUid] }, { summary: 'no', project_uid: a.projectId, integrations: [b.integrationUid] }] },
    });
    expect(bulk.status).toBe(400);
    const task = await createTask(a.projectId, a.integrationUid);
    expect((await api('POST', `/tickets/${task.uid}/deliveries/nosuchdelivery/retry`, { token: owner.token })).body.code).toBe('delivery_not_found');
  });

  it('keeps the log for DELIVERY_LOG_DAYS: each attempt expires (TTL) that long after it was made', async () => {
    const { projectId, integrationUid } = await webhookBrand(owner);
    const task = await createTask(projectId, integrationUid);
    await delivered(task.uid, 'sent');
    const { listTaskDeliveryItems } = await import('#data/deliveries');
    const { inject } = await import('vitest');
    Object.assign(process.env, inject('functionEnv'));
    const { attempts } = await listTaskDeliveryItems(owner.workspaceId, task.uid);
    expect(attempts).toHaveLength(1);
    const expected = Date.parse(attempts[0]!.at) / 1000 + DELIVERY_LOG_DAYS * 24 * 3600;
    expect(Math.abs(attempts[0]!.expiresAt! - expected)).toBeLessThan(2);
  });

  it('sends every task of a bulk create, one delivery each', async () => {
    const { projectId, integrationUid, receiver } = await webhookBrand(owner);
    const bulk = await api('POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, {
      token: owner.token,
      body: { tickets: Array.from({ length: 50 }, (_, i) => ({ summary: `Bulk ${i}`, project_uid: projectId, integrations: [integrationUid] })) },
    });
    expect(bulk.status).toBe(201);
    await eventually(() => control('GET', `/webhooks/${receiver}`), (stats) => stats.unique === 50, 40_000, '50 webhooks');
    expect((await control('GET', `/webhooks/${receiver}`)).duplicates).toBe(0);
  }, 60_000);
});
