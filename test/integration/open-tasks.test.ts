import { beforeAll, describe, expect, inject, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { userWithWorkspace } from './support/api';
import { tableSpec } from '#data/table-spec';
import { createProject, createTask, must } from './cases/task-cases';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;

const defaultList = async (owner: Owner): Promise<string[]> =>
  ((await must(owner, 'GET', `/workspaces/${owner.workspaceId}/tickets?limit=100`)).items as { summary: string }[]).map((t) => t.summary).sort();

/** The data layer in this process, on the stack's table. */
const data = async () => {
  Object.assign(process.env, inject('functionEnv'));
  const [{ db }, { reconcileOpenTasks }, { dynamo }] = await Promise.all([import('#data/db'), import('#data/task-list-index'), import('#lib/clients/dynamo')]);
  return { db, reconcileOpenTasks, dynamo };
};

describe('the open-task index behind the default list', () => {
  let owner: Owner;
  let project: string;

  beforeAll(async () => {
    owner = await userWithWorkspace('otto', 'Otto opens');
    project = (await createProject(owner, 'Open brand')).uid;
  }, 60_000);

  it('follows every write: creates, bulk creates, status changes both ways, moves and deletes', async () => {
    const one = await createTask(owner, { summary: 'Single todo', project_uid: project });
    const bulk = await must(owner, 'POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, {
      tickets: [
        { summary: 'Bulk paused', project_uid: project, status: 'paused' },
        { summary: 'Bulk draft', project_uid: project, status: 'draft' },
        { summary: 'Bulk progress', project_uid: project, status: 'in_progress' },
      ],
    });
    const [paused, draft, progress] = bulk as { uid: string }[];
    expect(await defaultList(owner)).toEqual(['Bulk draft', 'Bulk paused', 'Bulk progress', 'Single todo']);

    await must(owner, 'PATCH', `/tickets/${progress!.uid}`, { status: 'done' });
    await must(owner, 'PATCH', `/tickets/${draft!.uid}`, { status: 'will_not_do' });
    expect(await defaultList(owner)).toEqual(['Bulk paused', 'Single todo']);
    await must(owner, 'PATCH', `/tickets/${draft!.uid}`, { status: 'draft' });
    expect(await defaultList(owner)).toEqual(['Bulk draft', 'Bulk paused', 'Single todo']);

    await must(owner, 'PATCH', `/tickets/${progress!.uid}`, { status: 'in_progress' });
    const other = (await createProject(owner, 'Other brand')).uid;
    await must(owner, 'PATCH', `/tickets/${one.uid}`, { project_uid: other, summary: 'Single moved' });
    await must(owner, 'DELETE', `/tickets/${paused!.uid}`);
    const page = (await must(owner, 'GET', `/workspaces/${owner.workspaceId}/tickets?limit=100`)).items as { summary: string; updated_at: string }[];
    expect(page.map((t) => t.summary).sort()).toEqual(['Bulk draft', 'Bulk progress', 'Single moved']);
    // Newest update first: the move was the last write.
    expect(page[0]!.summary).toBe('Single moved');
    expect(page.map((t) => t.updated_at)).toEqual(page.map((t) => t.updated_at).sort().reverse());
  });

  it('a table written before the index: its open tasks join the list once reconciled, and stale entries never show', async () => {
    const { db, reconcileOpenTasks, dynamo } = await data();
    const tasks = db().entities.task;
    const old = await createTask(owner, { summary: 'Written by older code', project_uid: project });
    const closed = await createTask(owner, { summary: 'Closed by older code', project_uid: project });
    const key = (uid: string) => ({ workspaceId: owner.workspaceId, taskId: uid });
    // As older code left them: an open task without the attribute (so outside the index), and a task it closed
    // without taking it out (its index entry still names its earlier update time).
    const { Key, TableName } = tasks.get(key(old.uid)).params();
    const { partitionKey, sortKey } = tableSpec.indexes.byOpen;
    await dynamo().send(new UpdateCommand({ TableName, Key, UpdateExpression: `REMOVE openUpdatedAt, ${partitionKey}, ${sortKey}` }));
    // (The entity now also keys the task's byStatusDue entry with the status: its day goes with it, '-' for none.)
    await tasks.patch(key(closed.uid)).set({ status: 'done', projectId: project, updatedAt: new Date().toISOString(), statusDueDay: '-' }).go();
    const listed = await defaultList(owner);
    expect(listed).not.toContain('Written by older code');
    expect(listed).not.toContain('Closed by older code');

    const report = await reconcileOpenTasks(db());
    expect(report.fixed).toBeGreaterThanOrEqual(2);
    expect(await defaultList(owner)).toContain('Written by older code');
    expect(await defaultList(owner)).not.toContain('Closed by older code');
    const raw = (await tasks.get(key(closed.uid)).go({ data: 'raw' })).data as unknown as { Item: Record<string, unknown> };
    expect(raw.Item.openUpdatedAt).toBe('-');
    expect(raw.Item).not.toHaveProperty(tableSpec.indexes.byOpen.partitionKey);
    // Idempotent: a second run finds nothing out of line in this workspace's tasks.
    const again = await reconcileOpenTasks(db());
    expect(again.fixed).toBe(0);
  });
});
