import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, IDEMPOTENCY_HEADER } from '#shared/routes';
import { errorCatalogue } from '#shared/errors';
import { api, baseUrl, userWithWorkspace } from './support/api';
import { createProject } from './cases/task-cases';

/**
 * Idempotency-Key on creates (functions/lib/middleware/idempotency.ts): a client that retries a create it got no
 * answer for, with the same key, gets the first answer and nothing new is made.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;

const post = async (owner: { token: string }, path: string, body: unknown, key?: string) => {
  const response = await fetch(`${baseUrl()}${API_PREFIX}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

let owner: Owner;
let projectUid: string;
const tasksNamed = async (summary: string) => {
  const page = await api('GET', `/workspaces/${owner.workspaceId}/tickets`, { token: owner.token });
  return (page.body.items as { summary: string }[]).filter((task) => task.summary === summary);
};

beforeAll(async () => {
  owner = await userWithWorkspace('idem');
  projectUid = (await createProject({ token: owner.token, workspaceId: owner.workspaceId })).uid;
});

describe('Idempotency-Key on creates', () => {
  it('answers a retried create with the first answer and creates nothing new', async () => {
    const summary = `Retried ${randomUUID()}`;
    const key = randomUUID();
    const first = await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary, project_uid: projectUid }, key);
    const retry = await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary, project_uid: projectUid }, key);
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    expect(await tasksNamed(summary)).toHaveLength(1);
  });

  it('makes one task however many retries race with the same key', async () => {
    const summary = `Raced ${randomUUID()}`;
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary, project_uid: projectUid }, key)));
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.body.uid)).size).toBe(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expect(answer).toMatchObject({ status: 409, body: { code: 'idempotency_in_progress' } });
    expect(await tasksNamed(summary)).toHaveLength(1);
  });

  it('refuses the same key with a different body with 422 idempotency_key_reused', async () => {
    const key = randomUUID();
    await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary: 'One', project_uid: projectUid }, key);
    const other = await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary: 'Another', project_uid: projectUid }, key);
    expect(other).toEqual({ status: 422, body: { code: 'idempotency_key_reused', message: errorCatalogue.idempotency_key_reused.message } });
  });

  it('creates twice without a key, as before', async () => {
    const summary = `Unkeyed ${randomUUID()}`;
    await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary, project_uid: projectUid });
    await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary, project_uid: projectUid });
    expect(await tasksNamed(summary)).toHaveLength(2);
  });

  it('lets a key go when the create was refused, so a corrected retry runs', async () => {
    const key = randomUUID();
    const refused = await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary: 'No project', project_uid: 'no-such-project' }, key);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const again = await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary: 'No project', project_uid: 'no-such-project' }, key);
    expect(again).toEqual(refused);
  });

  it('answers 400 naming the header for a malformed key', async () => {
    const answer = await post(owner, `/workspaces/${owner.workspaceId}/tickets`, { summary: 'x', project_uid: projectUid }, 'not a key!');
    expect(answer).toMatchObject({ status: 400, body: { code: 'bad_request', field: 'Idempotency-Key' } });
  });

  it('keeps a retried workspace create (a user route) to one workspace', async () => {
    const key = randomUUID();
    const name = `Idem studio ${randomUUID().slice(0, 6)}`;
    const first = await post(owner, '/workspaces', { name }, key);
    const retry = await post(owner, '/workspaces', { name }, key);
    expect(first.status).toBe(201);
    expect(retry).toEqual(first);
    const mine = await api('GET', '/workspaces', { token: owner.token });
    expect((mine.body as { workspaces: { name: string } }[]).filter((w) => w.workspaces.name === name)).toHaveLength(1);
  });
});

describe('Idempotency-Key on a create that answers a secret', () => {
  it("replays a webhook's signing secret, kept sealed at rest in the meantime", async () => {
    const { inject } = await import('vitest');
    const { userIdOf } = await import('./support/team');
    const path = `/workspaces/${owner.workspaceId}/projects/${projectUid}/integrations`;
    const body = { type: 'webhook', name: 'Replayed receiver', settings: { url: `${new URL(inject('functionEnv').MONDAY_API_URL!).origin}/webhook/replayed` } };
    const key = randomUUID();
    const first = await post(owner, path, body, key);
    const retry = await post(owner, path, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(first.body.secret).toMatch(/^whsec_/);

    // The stored answer, read from the table as the next replay would find it: sealed, no secret in sight.
    Object.assign(process.env, inject('functionEnv'));
    const { claimGuard } = await import('#data/idempotency');
    const guard = await claimGuard({ callerId: userIdOf(owner.token), routeId: 'create-integration', key }, 'any', new Date());
    expect(guard).not.toBe('claimed');
    const stored = (guard as { response: string }).response;
    expect(stored).not.toContain(first.body.secret);
    expect(stored).not.toContain(first.body.uid);
    expect(stored.startsWith('bs1.')).toBe(true);
  });
});
