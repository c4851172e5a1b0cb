import { beforeAll, describe, expect, inject, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { OPEN_STATUSES, TASK_STATUSES } from '#shared/schemas/task';
import { tableSpec } from '#data/table-spec';
import { api, userWithWorkspace } from './support/api';
import { createProject, createTask, must } from './cases/task-cases';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
type Listed = { uid: string; summary: string; status: string };

const list = async (owner: Owner, query = 'limit=100'): Promise<Listed[]> =>
  (await must(owner, 'GET', `/workspaces/${owner.workspaceId}/tickets?${query}`)).items as Listed[];
const uids = (tasks: Listed[]) => tasks.map((task) => task.uid);

/** The data layer in this process, on the stack's table. */
const data = async () => {
  Object.assign(process.env, inject('functionEnv'));
  const [{ db }, { reconcileOpenTasks }, { dynamo }] = await Promise.all([import('#data/db'), import('#data/task-list-index'), import('#lib/clients/dynamo')]);
  return { db, reconcileOpenTasks, dynamo };
};

describe('the approval pipeline in the task lists', () => {
  let owner: Owner;
  let project: string;

  beforeAll(async () => {
    owner = await userWithWorkspace('pia', 'Pia pipelines');
    project = (await createProject(owner, 'Pipeline brand')).uid;
  }, 60_000);

  it('keeps a post moved To do → Needs approval in one step in the default list, its column and the calendar', async () => {
    const post = await createTask(owner, { summary: 'Launch reel', project_uid: project, ticket_type: 'post', due_date: '2026-12-03' });
    expect(uids(await list(owner))).toContain(post.uid);

    const moved = await api('PATCH', `/tickets/${post.uid}`, { token: owner.token, body: { status: 'needs_approval' } });

    expect([moved.status, moved.body.status]).toEqual([200, 'needs_approval']);
    expect(uids(await list(owner))).toContain(post.uid);
    expect(uids(await list(owner, 'status=needs_approval&limit=100'))).toEqual([post.uid]);
    // The calendar asks for every status in its range.
    const calendar = await list(owner, `status=${TASK_STATUSES.join(',')}&due_from=2026-11-29&due_to=2027-01-02&limit=100`);
    expect(uids(calendar)).toContain(post.uid);
  });

  it('lists every open status by default and leaves the finished ones out', async () => {
    const made = await must(owner, 'POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, {
      tickets: TASK_STATUSES.map((status) => ({ summary: `Every ${status}`, project_uid: project, status })),
    });
    const byStatus = new Map((made as Listed[]).map((task) => [task.status, task.uid]));

    const listed = new Set(uids(await list(owner)));

    for (const status of TASK_STATUSES) expect(listed.has(byStatus.get(status)!), status).toBe(OPEN_STATUSES.includes(status));
  });

  it('drops a post from the default list once it is posted, and keeps it for a filter that asks for posted', async () => {
    const post = await createTask(owner, { summary: 'Carousel', project_uid: project, ticket_type: 'post' });
    for (const status of ['needs_approval', 'approved', 'posted']) await must(owner, 'PATCH', `/tickets/${post.uid}`, { status });

    expect(uids(await list(owner))).not.toContain(post.uid);
    expect(uids(await list(owner, 'status=posted&limit=100'))).toContain(post.uid);
  });

  it('still refuses a jump past the review (To do → Published) with the catalogue reason', async () => {
    const task = await createTask(owner, { project_uid: project });

    const refused = await api('PATCH', `/tickets/${task.uid}`, { token: owner.token, body: { status: 'published' } });

    expect([refused.status, refused.body.code]).toEqual([409, 'task_transition_refused']);
  });

  it('a task that went for approval under the former rule of "open" joins the default list once reconciled', async () => {
    const { db, reconcileOpenTasks, dynamo } = await data();
    const tasks = db().entities.task;
    const waiting = await createTask(owner, { summary: 'Waiting since the old rule', project_uid: project });
    await must(owner, 'PATCH', `/tickets/${waiting.uid}`, { status: 'needs_approval' });
    // As the code of the former rule (todo, in_progress, paused) left it: needs_approval was not open, so the task
    // carried NO_KEY and no byOpen keys.
    const { Key, TableName } = tasks.get({ workspaceId: owner.workspaceId, taskId: waiting.uid }).params();
    const { partitionKey, sortKey } = tableSpec.indexes.byOpen;
    await dynamo().send(new UpdateCommand({ TableName, Key, UpdateExpression: `SET openUpdatedAt = :none REMOVE ${partitionKey}, ${sortKey}`, ExpressionAttributeValues: { ':none': '-' } }));
    expect(uids(await list(owner))).not.toContain(waiting.uid);

    const report = await reconcileOpenTasks(db());

    expect(report.fixed).toBeGreaterThanOrEqual(1);
    expect(uids(await list(owner))).toContain(waiting.uid);
  });
});
