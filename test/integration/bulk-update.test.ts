import { beforeAll, describe, expect, inject, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, type TeamUser } from './support/team';
import { tableSpec } from '#data/table-spec';
import { createProject, createTask, must } from './cases/task-cases';
import { MAX_BULK_TASKS_STATUS_AND_ASSIGNEE } from '#shared/schemas/task-bulk';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
type Listed = { uid: string; summary: string; status: string; due_date: string | null; assignee: string | null };

const bulk = (owner: { token: string }, workspaceId: string, body: unknown) =>
  api('POST', `/workspaces/${workspaceId}/tickets/bulk-update`, { token: owner.token, body });

const getTask = async (owner: Owner, uid: string): Promise<Listed> => must(owner, 'GET', `/tickets/${uid}`);

describe('bulk update of the selected tasks', () => {
  let owner: Owner;
  let member: TeamUser;
  let project: string;
  let closedProject: string;

  beforeAll(async () => {
    owner = await userWithWorkspace('bella', 'Bella bulk');
    project = (await createProject(owner, 'Bulk brand')).uid;
    closedProject = (await createProject(owner, 'Closed brand')).uid;
    member = await joinWorkspace(owner, owner.workspaceId, 'member', 'bulkmember');
    // The member may open the first brand only.
    await must(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${project}/users`, { userId: member.userId });
  }, 90_000);

  it('moves five tasks to another status at once, with one status activity each', async () => {
    const tasks = await Promise.all([1, 2, 3, 4, 5].map((n) => createTask(owner, { summary: `Five ${n}`, project_uid: project, status: 'todo' })));

    const answer = await bulk(owner, owner.workspaceId, { ids: tasks.map((t) => t.uid), changes: { status: 'in_progress' } });

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.items.map((t: Listed) => [t.summary, t.status])).toEqual(tasks.map((t) => [t.summary, 'in_progress']));
    expect(answer.body.deleted).toEqual([]);
    for (const task of tasks) expect((await getTask(owner, task.uid)).status).toBe('in_progress');
    const activity = await must(owner, 'GET', `/tickets/${tasks[0].uid}/activity`);
    expect(activity.filter((a: { type: string }) => a.type === 'status')).toEqual([expect.objectContaining({ from: 'todo', to: 'in_progress' })]);
  });

  it('sets the assignee and the due date, and clears them', async () => {
    const tasks = await Promise.all([1, 2].map((n) => createTask(owner, { summary: `Assign ${n}`, project_uid: project })));
    const ids = tasks.map((t) => t.uid);

    const set = await bulk(owner, owner.workspaceId, { ids, changes: { assignee: member.userId, due_date: '2031-03-04' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.items.map((t: Listed) => [t.assignee, t.due_date])).toEqual([[member.userId, '2031-03-04'], [member.userId, '2031-03-04']]);

    const cleared = await bulk(owner, owner.workspaceId, { ids, changes: { assignee: null, due_date: null } });
    expect(cleared.body.items.map((t: Listed) => [t.assignee, t.due_date])).toEqual([[null, null], [null, null]]);
  });

  it('changes nothing when one task refuses the status move, and names that task', async () => {
    const ok = await createTask(owner, { summary: 'Movable', project_uid: project, status: 'todo' });
    const refusing = await createTask(owner, { summary: 'Will not do', project_uid: project, status: 'will_not_do' });

    const answer = await bulk(owner, owner.workspaceId, { ids: [ok.uid, refusing.uid], changes: { status: 'in_progress' } });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'task_transition_refused', field: 'ids.1' });
    expect((await getTask(owner, ok.uid)).status).toBe('todo');
  });

  it('changes nothing when the caller cannot open one of the tasks, and names it', async () => {
    const open = await createTask(owner, { summary: 'Open to member', project_uid: project });
    const closed = await createTask(owner, { summary: 'Closed to member', project_uid: closedProject });

    const answer = await bulk(member, owner.workspaceId, { ids: [open.uid, closed.uid], changes: { due_date: '2031-01-01' } });

    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'user_not_in_project', field: 'ids.1' });
    expect((await getTask(owner, open.uid)).due_date).toBeNull();
  });

  it('answers 400 naming the field for an assignee who cannot work on a brand, a missing change, a repeated id, too many ids', async () => {
    const task = await createTask(owner, { summary: 'Guarded', project_uid: closedProject });
    const ids = [task.uid];

    const outsider = await bulk(owner, owner.workspaceId, { ids, changes: { assignee: member.userId } });
    expect(outsider.status).toBe(400);
    expect(outsider.body).toMatchObject({ code: 'assignee_not_in_project' });

    const nothing = await bulk(owner, owner.workspaceId, { ids, changes: {} });
    expect(nothing.status).toBe(400);
    expect(nothing.body).toMatchObject({ code: 'bad_request', field: 'changes' });

    const both = await bulk(owner, owner.workspaceId, { ids, changes: { status: 'done' }, delete: true });
    expect(both.body).toMatchObject({ code: 'bad_request', field: 'delete' });

    const repeated = await bulk(owner, owner.workspaceId, { ids: [task.uid, task.uid], changes: { due_date: '2031-01-01' } });
    expect(repeated.body).toMatchObject({ code: 'bad_request', field: 'ids.1' });

    const tooMany = await bulk(owner, owner.workspaceId, { ids: Array.from({ length: 51 }, (_, i) => `t${i}`), changes: { status: 'done' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'bad_request', field: 'ids' });

    const badStatus = await bulk(owner, owner.workspaceId, { ids, changes: { status: 'shipped' } });
    expect(badStatus.body).toMatchObject({ code: 'bad_request', field: 'changes.status' });

    const missing = await bulk(owner, owner.workspaceId, { ids: [task.uid, 'no-such-task'], changes: { due_date: '2031-01-01' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'task_not_found', field: 'ids.1' });
    expect((await getTask(owner, task.uid)).due_date).toBeNull();
  });

  it('takes fewer tasks when status and assignee change together (three writes each in one transaction): 400 naming ids', async () => {
    const ids = Array.from({ length: MAX_BULK_TASKS_STATUS_AND_ASSIGNEE + 1 }, (_, n) => `missing-task-${n}`);
    const answer = await bulk(owner, owner.workspaceId, { ids, changes: { status: 'in_progress', assignee: member.userId } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'ids' });
  });

  it('deletes every selected task, or none of them', async () => {
    const keep = await createTask(owner, { summary: 'Kept by refusal', project_uid: project });
    const closed = await createTask(owner, { summary: 'Not the member\'s', project_uid: closedProject });
    const refused = await bulk(member, owner.workspaceId, { ids: [keep.uid, closed.uid], delete: true });
    expect(refused.status).toBe(403);
    expect((await api('GET', `/tickets/${keep.uid}`, { token: owner.token })).status).toBe(200);

    const gone = await Promise.all([1, 2, 3].map((n) => createTask(owner, { summary: `Gone ${n}`, project_uid: project })));
    const answer = await bulk(owner, owner.workspaceId, { ids: gone.map((t) => t.uid), delete: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ items: [], deleted: gone.map((t) => t.uid) });
    for (const task of gone) expect((await api('GET', `/tickets/${task.uid}?workspaceId=${owner.workspaceId}`, { token: owner.token })).status).toBe(404);
  });

  it('answers 403 to another workspace for its own tasks ids', async () => {
    const task = await createTask(owner, { summary: 'Foreign target', project_uid: project });
    const mallory = await userWithWorkspace('mal', 'Elsewhere');
    const answer = await bulk(mallory, owner.workspaceId, { ids: [task.uid], changes: { status: 'done' } });
    expect(answer.status).toBe(403);
    // Aimed at Mallory's own workspace, Alice's task is simply not there.
    const inOwn = await bulk(mallory, mallory.workspaceId, { ids: [task.uid], changes: { status: 'in_progress' } });
    expect(inOwn.status).toBe(404);
  });
});

describe('the task list sorted by due date', () => {
  let owner: Owner;
  let project: string;
  const days = ['2030-05-09', '2030-05-01', '2030-05-05', '2030-05-03', '2030-05-07', '2030-05-02', '2030-05-08'];

  beforeAll(async () => {
    owner = await userWithWorkspace('dora', 'Dora due');
    project = (await createProject(owner, 'Due brand')).uid;
    await must(owner, 'POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, {
      tickets: [
        ...days.map((due_date, i) => ({ summary: `Due ${due_date}`, project_uid: project, due_date, status: i % 2 ? 'todo' : 'in_progress' })),
        { summary: 'No due date', project_uid: project },
        { summary: 'Finished, dated', project_uid: project, due_date: '2030-05-04', status: 'done' },
      ],
    });
  }, 60_000);

  const pages = async (query: string) => {
    const seen: Listed[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Listed[]; cursor: string | null } = await must(
        owner,
        'GET',
        `/workspaces/${owner.workspaceId}/tickets?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    return seen;
  };

  it('pages through the dated tasks of the asked statuses soonest first, each exactly once, leaving undated ones out', async () => {
    const listed = await pages('sort=due&limit=2');
    expect(listed.map((t) => t.due_date)).toEqual([...days].sort());
    expect(listed.map((t) => t.summary)).not.toContain('No due date');
    expect(listed.map((t) => t.summary)).not.toContain('Finished, dated');
  });

  it('reverses with order=desc, and keeps the other filters', async () => {
    const listed = await pages('sort=due&order=desc&limit=3');
    expect(listed.map((t) => t.due_date)).toEqual([...days].sort().reverse());
    const todo = await pages('sort=due&status=todo&limit=2');
    expect(todo.map((t) => t.status)).toEqual(todo.map(() => 'todo'));
    expect(todo.map((t) => t.due_date)).toEqual(todo.map((t) => t.due_date).sort());
    const finished = await pages('sort=due&status=done');
    expect(finished.map((t) => t.summary)).toEqual(['Finished, dated']);
  });

  it('follows a due date or status change at once', async () => {
    const [first] = await pages('sort=due&limit=1');
    await must(owner, 'PATCH', `/tickets/${first!.uid}`, { due_date: '2030-06-30' });
    const after = await pages('sort=due&limit=4');
    expect(after.at(-1)!.uid).toBe(first!.uid);
    await must(owner, 'POST', `/workspaces/${owner.workspaceId}/tickets/bulk-update`, { ids: [first!.uid], changes: { due_date: null } });
    expect((await pages('sort=due')).map((t) => t.uid)).not.toContain(first!.uid);
  });

  it('refuses an unknown sort and a cursor of the other order (400 naming the field)', async () => {
    const bad = await api('GET', `/workspaces/${owner.workspaceId}/tickets?sort=priority`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('sort');
    const page = await must(owner, 'GET', `/workspaces/${owner.workspaceId}/tickets?sort=due&limit=1`);
    const mixed = await api('GET', `/workspaces/${owner.workspaceId}/tickets?sort=updated&limit=1&cursor=${encodeURIComponent(page.cursor)}`, { token: owner.token });
    expect(mixed.status).toBe(400);
    expect(mixed.body.field).toBe('cursor');
  });

  it('a table written before the index: dated tasks join it once reconciled', async () => {
    Object.assign(process.env, inject('functionEnv'));
    const [{ db }, { indexPreparations }, { dynamo }] = await Promise.all([import('#data/db'), import('#data/task-list-index'), import('#lib/clients/dynamo')]);
    const task = await createTask(owner, { summary: 'Dated by older code', project_uid: project, due_date: '2030-05-06' });
    const { Key, TableName } = db().entities.task.get({ workspaceId: owner.workspaceId, taskId: task.uid }).params();
    const { partitionKey, sortKey } = tableSpec.indexes.byStatusDue;
    await dynamo().send(new UpdateCommand({ TableName, Key, UpdateExpression: `REMOVE statusDueDay, ${partitionKey}, ${sortKey}` }));
    expect((await pages('sort=due')).map((t) => t.summary)).not.toContain('Dated by older code');

    const report = await indexPreparations.byStatusDue!.prepare(db());

    expect(report.fixed).toBeGreaterThanOrEqual(1);
    const listed = await pages('sort=due');
    expect(listed.map((t) => t.summary)).toContain('Dated by older code');
    expect(listed.map((t) => t.due_date)).toEqual(listed.map((t) => t.due_date).sort());
    const again = await indexPreparations.byStatusDue!.prepare(db());
    expect(again.fixed).toBe(0);
  });
});
