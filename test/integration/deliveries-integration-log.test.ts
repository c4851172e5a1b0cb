import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_LOG_PAGE_SIZE } from '#shared/schemas/integrations';
import { api, userWithWorkspace } from './support/api';
import { control, deliveriesOf, eventually, webhookBrand } from './support/deliveries';
import { emailIntegration } from './support/integrations';

/**
 * An integration's delivery log: every attempt at sending the brand's tasks to it, newest first across tasks, a
 * page per cursor, each with the task it carried; a failed delivery is retried from it through its task's route.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;

beforeAll(async () => {
  owner = await userWithWorkspace('integration-log');
});
afterEach(async () => {
  await control('DELETE', '/failures');
});

const logPath = (projectId: string, integrationUid: string) => `/workspaces/${owner.workspaceId}/projects/${projectId}/integrations/${integrationUid}/deliveries`;
const readLog = (projectId: string, integrationUid: string, cursor?: string) =>
  api('GET', `${logPath(projectId, integrationUid)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { token: owner.token });
const createTask = async (projectId: string, integrationUid: string, summary: string) => {
  const created = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, { token: owner.token, body: { summary, project_uid: projectId, integrations: [integrationUid] } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { uid: string; id: number };
};
const ended = (taskId: string, status: string) =>
  eventually(() => deliveriesOf(owner, taskId), (log) => log[0]?.status === status, 20_000, `delivery ${status}`);

describe("an integration's delivery log", () => {
  it('lists every attempt across its tasks, newest first, with the task, the outcome and what the provider said', async () => {
    const { projectId, integrationUid } = await webhookBrand(owner);
    await control('PUT', '/failures/webhook', { rate: 1, status: 404, times: 1 });
    const refused = await createTask(projectId, integrationUid, 'Refused post');
    await ended(refused.uid, 'failed');
    const sent = await createTask(projectId, integrationUid, 'Sent post');
    await ended(sent.uid, 'sent');

    const log = await readLog(projectId, integrationUid);

    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.cursor).toBeNull();
    expect(log.body.attempts).toEqual([
      {
        attempt: 1, at: expect.any(String), outcome: 'sent', http_status: expect.any(Number), latency_ms: expect.any(Number), error: null,
        delivery_id: expect.any(String), delivery_status: 'sent', task: { uid: sent.uid, number: sent.id, summary: 'Sent post' },
      },
      {
        attempt: 1, at: expect.any(String), outcome: 'failed', http_status: 404, latency_ms: expect.any(Number), error: expect.any(String),
        delivery_id: expect.any(String), delivery_status: 'failed', task: { uid: refused.uid, number: refused.id, summary: 'Refused post' },
      },
    ]);
    expect(Date.parse(log.body.attempts[0].at)).toBeGreaterThan(Date.parse(log.body.attempts[1].at));
  });

  it('retries a failed row through its task: the new attempt comes first, for the same delivery', async () => {
    const { projectId, integrationUid } = await webhookBrand(owner);
    await control('PUT', '/failures/webhook', { rate: 1, status: 410, times: 1 });
    const task = await createTask(projectId, integrationUid, 'Retried post');
    await ended(task.uid, 'failed');
    const [failedRow] = (await readLog(projectId, integrationUid)).body.attempts;

    const retried = await api('POST', `/tickets/${failedRow.task.uid}/deliveries/${failedRow.delivery_id}/retry`, { token: owner.token });

    expect(retried.status).toBe(200);
    const log = await eventually(() => readLog(projectId, integrationUid), (answer) => answer.body.attempts.length === 2, 20_000, 'the retried attempt');
    expect(log.body.attempts.map((row: any) => [row.delivery_id, row.attempt, row.outcome, row.delivery_status])).toEqual([
      [failedRow.delivery_id, 2, 'sent', 'sent'],
      [failedRow.delivery_id, 1, 'failed', 'failed'],
    ]);
  });

  it('pages with a cursor: each attempt exactly once, in time order', async () => {
    const { projectId, integrationUid, receiver } = await webhookBrand(owner);
    const total = INTEGRATION_LOG_PAGE_SIZE + 5;
    for (const size of [50, total - 50]) {
      const bulk = await api('POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, {
        token: owner.token,
        body: { tickets: Array.from({ length: size }, (_, i) => ({ summary: `Paged ${i}`, project_uid: projectId, integrations: [integrationUid] })) },
      });
      expect(bulk.status).toBe(201);
    }
    await eventually(() => control('GET', `/webhooks/${receiver}`), (stats) => stats.unique === total, 60_000, `${total} webhooks`);
    const first = await eventually(() => readLog(projectId, integrationUid), (answer) => answer.body.cursor !== null, 20_000, 'a full first page');

    const second = await readLog(projectId, integrationUid, first.body.cursor);

    expect(first.body.attempts).toHaveLength(INTEGRATION_LOG_PAGE_SIZE);
    expect(second.status).toBe(200);
    const rows = [...first.body.attempts, ...second.body.attempts];
    expect(new Set(rows.map((row: any) => row.delivery_id)).size).toBe(total);
    const times = rows.map((row: any) => row.at as string);
    expect(times).toEqual([...times].sort().reverse());
    const last = await readLog(projectId, integrationUid, second.body.cursor ?? undefined);
    expect(second.body.cursor === null || last.body.attempts.length === 0).toBe(true);
  }, 90_000);

  it("keeps each integration's log apart, and refuses a tampered cursor or an integration of another brand", async () => {
    const hooked = await webhookBrand(owner);
    const other = await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Quiet ${randomUUID().slice(0, 8)}` } });
    const mail = await emailIntegration(owner, owner.workspaceId, other.body.uid, ['quiet@example.com']);
    const task = await createTask(hooked.projectId, hooked.integrationUid, 'Only the hook');
    await ended(task.uid, 'sent');

    const quiet = await readLog(other.body.uid, mail.uid);
    const tampered = await readLog(hooked.projectId, hooked.integrationUid, Buffer.from(JSON.stringify({ a: 'x', d: 'y', n: 1 })).toString('base64url'));
    const crossed = await readLog(other.body.uid, hooked.integrationUid);

    expect(quiet.body).toEqual({ attempts: [], cursor: null });
    expect(tampered.status).toBe(400);
    expect(tampered.body.field).toBe('cursor');
    expect(crossed.status).toBe(404);
    expect(crossed.body.code).toBe('integration_not_found');
  });
});
