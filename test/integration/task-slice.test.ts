import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, userIdOf, type TeamUser } from './support/team';
import { createProject, createTask, must } from './cases/task-cases';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
type Page = { items: any[]; cursor: string | null };

const list = async (owner: { token: string }, workspaceId: string, query: Record<string, string | number> = {}): Promise<Page> => {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return must(owner, 'GET', `/workspaces/${workspaceId}/tickets${search ? `?${search}` : ''}`);
};
const summaries = (page: Page) => page.items.map((t) => t.summary).sort();

/** Every page of a listing, following the cursor; answers the items in the order they came. */
const allPages = async (owner: { token: string }, workspaceId: string, query: Record<string, string | number>) => {
  const items: any[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 500; pages++) {
    const page: Page = await list(owner, workspaceId, { ...query, ...(cursor ? { cursor } : {}) });
    expect(page.items.length).toBeLessThanOrEqual(Number(query.limit));
    items.push(...page.items);
    if (!page.cursor) return items;
    cursor = page.cursor;
  }
  throw new Error('too many pages');
};

/** The list's order: by updated_at, ties by uid as the keys fold it. */
const listOrder = (order: 'asc' | 'desc') => (a: any, b: any) => {
  const key = (t: any) => `${t.updated_at}#${t.uid.toLowerCase()}`;
  return (order === 'asc' ? 1 : -1) * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
};

describe('task status', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await userWithWorkspace('tara', 'Tara tasks');
  }, 60_000);

  it('refuses a transition the table does not allow (409) and records the allowed ones in the activity', async () => {
    const task = await createTask(owner);
    const refused = await api('PATCH', `/tickets/${task.uid}`, { token: owner.token, body: { status: 'published' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'task_transition_refused']);

    for (const status of ['in_progress', 'needs_approval', 'approved', 'published']) {
      const moved = await api('PATCH', `/tickets/${task.uid}`, { token: owner.token, body: { status } });
      expect([moved.status, moved.body.status]).toEqual([200, status]);
    }
    const activity = await must(owner, 'GET', `/tickets/${task.uid}/activity`);
    expect(activity.map((a: any) => [a.type, a.from, a.to, a.actor])).toEqual([
      ['created', null, 'todo', userIdOf(owner.token)],
      ['status', 'todo', 'in_progress', userIdOf(owner.token)],
      ['status', 'in_progress', 'needs_approval', userIdOf(owner.token)],
      ['status', 'needs_approval', 'approved', userIdOf(owner.token)],
      ['status', 'approved', 'published', userIdOf(owner.token)],
    ]);
  });

  it('clears a field with null, keeps absent ones, and re-arms a reminder set anew', async () => {
    const task = await createTask(owner, { overview: 'Keep me', caption: 'Drop me', tags: ['a'], reminder: { at: '2030-01-01T09:00:00.000Z', enabled: true } });
    const changed = await must(owner, 'PATCH', `/tickets/${task.uid}`, { caption: null, tags: [], reminder: { at: '2030-02-01T09:00:00.000Z', enabled: false } });
    expect(changed).toMatchObject({ overview: 'Keep me', caption: null, tags: [], reminder: { at: '2030-02-01T09:00:00.000Z', enabled: false, sent_at: null } });
    expect(Date.parse(changed.updated_at)).toBeGreaterThan(Date.parse(task.updated_at));
  });

  it('of two concurrent PATCHes of different fields, both land (the loser re-reads and re-applies)', async () => {
    const task = await createTask(owner);
    const answers = await Promise.all([
      api('PATCH', `/tickets/${task.uid}`, { token: owner.token, body: { priority: '3' } }),
      api('PATCH', `/tickets/${task.uid}`, { token: owner.token, body: { overview: 'Both' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await must(owner, 'GET', `/tickets/${task.uid}`)).toMatchObject({ priority: '3', overview: 'Both' });
  });

  it('under concurrent status changes, every accepted change is in the activity as one consistent chain', async () => {
    const task = await createTask(owner);
    // Distinct targets: a PATCH to the status the task already has is a no-op (200, nothing recorded), so a
    // repeated target could be accepted without a change of its own.
    const targets = ['in_progress', 'paused', 'blocked', 'draft', 'will_not_do'];
    const answers = await Promise.all(targets.map((status) => api('PATCH', `/tickets/${task.uid}`, { token: owner.token, body: { status } })));
    for (const answer of answers) {
      expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status === 409) expect(['task_changed', 'task_transition_refused']).toContain(answer.body.code);
    }
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(accepted).toBeGreaterThanOrEqual(1);

    const changes = (await must(owner, 'GET', `/tickets/${task.uid}/activity`)).filter((a: any) => a.type === 'status');
    expect(changes).toHaveLength(accepted);
    let status = 'todo';
    for (const change of changes) {
      expect(change.from).toBe(status);
      status = change.to;
    }
    expect((await must(owner, 'GET', `/tickets/${task.uid}`)).status).toBe(status);
  });

  it('deletes the task with its activity and review link: gone for every route', async () => {
    const task = await createTask(owner, { tags: ['gone'] });
    const link = await must(owner, 'POST', `/tickets/${task.uid}/review-link`);
    expect((await api('DELETE', `/tickets/${task.uid}`, { token: owner.token })).status).toBe(204);

    // The uid no longer locates a workspace, so the task routes answer as for any unknown id.
    expect([403, 404]).toContain((await api('GET', `/tickets/${task.uid}`, { token: owner.token })).status);
    expect((await api('GET', `/review/${link.token}`)).body.code).toBe('review_link_not_found');
    expect((await list(owner, owner.workspaceId, { projectFilter: task.project_uid })).items).toEqual([]);

    Object.assign(process.env, inject('functionEnv'));
    const data = await import('#data/tasks');
    expect(await data.listTaskActivity({ workspaceId: owner.workspaceId }, task.uid)).toEqual([]);
    expect(await data.getTaskItem({ workspaceId: owner.workspaceId }, task.uid)).toBeUndefined();
  });
});

describe('task list filters', () => {
  let owner: Owner;
  let member: TeamUser;
  let p1: string;
  let p2: string;
  const t: Record<string, any> = {};
  const names = (query: Record<string, string>) => list(owner, owner.workspaceId, query).then(summaries);

  beforeAll(async () => {
    owner = await userWithWorkspace('fiona', 'Fiona filters');
    member = await joinWorkspace(owner, owner.workspaceId, 'member', 'milo');
    [p1, p2] = (await Promise.all([createProject(owner, 'Filter One'), createProject(owner, 'Filter Two')])).map((p) => p.uid) as [string, string];
    await Promise.all([p1, p2].map((p) => must(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${p}/users`, { userId: member.userId })));
    const ownerId = userIdOf(owner.token);
    const make = (name: string, who: { token: string }, fields: Record<string, unknown>) =>
      createTask({ token: who.token, workspaceId: owner.workspaceId }, { summary: name, project_uid: p1, ...fields }).then((task) => (t[name] = task));
    await make('Espresso launch', owner, { tags: ['coffee', 'launch'], milestone: 'Q1', assignee: ownerId, ticket_type: 'post', post_platform: 'tiktok' });
    await make('Matcha teaser', owner, { tags: ['tea'], milestone: 'Q2', assignee: member.userId, ticket_type: 'post', post_platform: 'instagram' });
    await make('Supplier call', owner, { project_uid: p2, ticket_type: 'call_notes' });
    await make('Draft idea', owner, { status: 'draft' });
    await make('Member estimate', member, { ticket_type: 'estimate', assignee: ownerId, due_date: '2030-01-15' });
    await make('Finished', owner, { status: 'done', due_date: '2030-02-03' });
    await must(owner, 'PATCH', `/tickets/${t['Matcha teaser'].uid}`, { status: 'in_progress' });
    await must(owner, 'PATCH', `/tickets/${t['Supplier call'].uid}`, { status: 'paused' });
  }, 120_000);

  const open = ['Draft idea', 'Espresso launch', 'Matcha teaser', 'Member estimate', 'Supplier call'];

  it('lists every open status by default (Done is not), newest update first', async () => {
    const page = await list(owner, owner.workspaceId);
    expect(summaries(page)).toEqual(open);
    expect(page.items.map((i) => i.updated_at)).toEqual([...page.items.map((i) => i.updated_at)].sort().reverse());
    expect(page.items[0].summary).toBe('Supplier call');
  });

  it.each([
    ['status', { status: 'draft' }, ['Draft idea']],
    ['several statuses', { status: 'done,draft' }, ['Draft idea', 'Finished']],
    ['a tag', { tags: 'coffee' }, ['Espresso launch']],
    ['any of several tags', { tags: 'tea,coffee' }, ['Espresso launch', 'Matcha teaser']],
    ['milestone', { milestones: 'Q2' }, ['Matcha teaser']],
    ['assignee', { userFilter: 'MEMBER' }, ['Matcha teaser']],
    ['unassigned', { userFilter: 'unassigned' }, ['Draft idea', 'Supplier call']],
    ['unassigned or an assignee', { userFilter: 'unassigned,MEMBER' }, ['Draft idea', 'Matcha teaser', 'Supplier call']],
    ['creator', { teamFilter: 'MEMBER' }, ['Member estimate']],
    ['type', { ticket_type: 'call_notes,estimate' }, ['Member estimate', 'Supplier call']],
    ['platform', { post_platform: 'instagram' }, ['Matcha teaser']],
    ['text (any case)', { filter: 'ESPRESSO' }, ['Espresso launch']],
    ['filters together', { tags: 'coffee,tea', userFilter: 'MEMBER', status: 'in_progress,todo' }, ['Matcha teaser']],
  ])('filters by %s', async (_name, query, expected) => {
    const resolved = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v.replace('MEMBER', member.userId)]));
    expect(await names(resolved)).toEqual(expected);
  });

  it('filters by project, also with other filters and several projects', async () => {
    expect(await names({ projectFilter: p2 })).toEqual(['Supplier call']);
    expect(await names({ projectFilter: p1, tags: 'tea' })).toEqual(['Matcha teaser']);
    expect(await names({ projectFilter: `${p1},${p2}` })).toEqual(open);
  });

  it('filters by the day of the last update', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await names({ updated_from: yesterday, updated_to: tomorrow })).toEqual(open);
    expect(await names({ updated_to: yesterday })).toEqual([]);
    expect(await names({ updated_from: tomorrow })).toEqual([]);
    const bad = await api('GET', `/workspaces/${owner.workspaceId}/tickets?updated_from=2030-02-30`, { token: owner.token });
    expect([bad.status, bad.body.field]).toEqual([400, 'updated_from']);
  });

  it('lists the calendar by due date within the days asked, statuses as a filter', async () => {
    expect(await names({ due_from: '2030-01-01', due_to: '2030-01-31' })).toEqual(['Member estimate']);
    const both = await list(owner, owner.workspaceId, { due_from: '2030-01-15', due_to: '2030-02-03', status: 'todo,done' });
    expect(both.items.map((i) => i.due_date)).toEqual(['2030-01-15', '2030-02-03']);
    expect(await names({ due_from: '2030-01-16', due_to: '2030-02-02', status: 'todo,done' })).toEqual([]);
  });

  it('answers the largest filter the API accepts (not a DynamoDB expression error), and refuses a larger one', async () => {
    const values = (prefix: string) => Array.from({ length: 20 }, (_, i) => `${prefix}${i}`).join(',');
    const largest = {
      tags: values('tag'), milestones: values('m'), userFilter: `unassigned,${values('u').split(',').slice(1).join(',')}`, teamFilter: values('c'),
      ticket_type: 'task,post,estimate,reminder,call_notes', post_platform: 'instagram,tiktok,youtube,facebook,linkedin,x,pinterest,threads',
      filter: 'x'.repeat(200), status: 'draft,todo,in_progress,needs_approval,approved,in_review,paused,blocked,will_not_do,done,published,posted,rejected',
      due_from: '2030-01-01', due_to: '2030-12-31', projectFilter: Array.from({ length: 30 }, (_, i) => `project-${i}-${'p'.repeat(50)}`).join(','),
    };
    expect((await list(owner, owner.workspaceId, largest)).items).toEqual([]);
    const { due_from: _from, due_to: _to, ...byStatus } = largest;
    expect((await list(owner, owner.workspaceId, byStatus)).items).toEqual([]);
    const tooMany = await api('GET', `/workspaces/${owner.workspaceId}/tickets?tags=${values('t')},one-more`, { token: owner.token });
    expect([tooMany.status, tooMany.body.field]).toEqual([400, 'tags']);
  });

  it('refuses a cursor that is not one of ours, naming the field', async () => {
    const bad = await api('GET', `/workspaces/${owner.workspaceId}/tickets?cursor=garbage`, { token: owner.token });
    expect([bad.status, bad.body.code, bad.body.field]).toEqual([400, 'bad_request', 'cursor']);
  });

  it('answers the tags and milestones in use, sorted and each once', async () => {
    expect(await must(owner, 'GET', `/tickets/tags?workspaceId=${owner.workspaceId}`)).toEqual(['coffee', 'launch', 'tea']);
    expect(await must(owner, 'GET', `/tickets/milestones/${p1}?workspaceId=${owner.workspaceId}`)).toEqual(['Q1', 'Q2']);
    expect(await must(owner, 'GET', `/tickets/milestones/${p2}?workspaceId=${owner.workspaceId}`)).toEqual([]);
  });
});

describe('project access', () => {
  let owner: Owner;
  let member: TeamUser;
  let open: { uid: string };
  let closed: { uid: string };
  let closedTask: any;

  beforeAll(async () => {
    owner = await userWithWorkspace('petra', 'Petra brands');
    member = await joinWorkspace(owner, owner.workspaceId, 'member', 'max');
    [open, closed] = await Promise.all([createProject(owner, 'Open Brand'), createProject(owner, 'Closed Brand')]);
    await must(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${open.uid}/users`, { userId: member.userId });
    await createTask(owner, { summary: 'Visible', project_uid: open.uid, tags: ['public-tag'] });
    closedTask = await createTask(owner, { summary: 'Hidden', project_uid: closed.uid, tags: ['secret-tag'], milestone: 'Secret' });
  }, 60_000);

  it('a member sees only the tasks of brands they can open, even when asking for another brand', async () => {
    expect(summaries(await list(member, owner.workspaceId))).toEqual(['Visible']);
    expect((await list(member, owner.workspaceId, { projectFilter: closed.uid })).items).toEqual([]);
    expect(summaries(await list(member, owner.workspaceId, { projectFilter: `${closed.uid},${open.uid}` }))).toEqual(['Visible']);
    expect(summaries(await list(owner, owner.workspaceId))).toEqual(['Hidden', 'Visible']);
  });

  it('a member cannot open, change, share or delete a task of a brand they cannot open', async () => {
    for (const [method, path, body] of [
      ['GET', `/tickets/${closedTask.uid}`],
      ['GET', `/tickets/${closedTask.uid}/activity`],
      ['PATCH', `/tickets/${closedTask.uid}`, { summary: 'Mine' }],
      ['POST', `/tickets/${closedTask.uid}/review-link`],
      ['DELETE', `/tickets/${closedTask.uid}`],
    ] as const) {
      const answer = await api(method, path, { token: member.token, ...(body ? { body } : {}) });
      expect([method, path, answer.status, answer.body.code]).toEqual([method, path, 403, 'user_not_in_project']);
    }
    expect((await must(owner, 'GET', `/tickets/${closedTask.uid}`)).summary).toBe('Hidden');
  });

  it('a member cannot create a task in, or move one to, a brand they cannot open; nor assign someone without access', async () => {
    const create = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, { token: member.token, body: { summary: 'x', project_uid: closed.uid } });
    expect([create.status, create.body.code]).toEqual([403, 'user_not_in_project']);
    const mine = await createTask({ token: member.token, workspaceId: owner.workspaceId }, { project_uid: open.uid });
    const move = await api('PATCH', `/tickets/${mine.uid}`, { token: member.token, body: { project_uid: closed.uid } });
    expect([move.status, move.body.code]).toEqual([403, 'user_not_in_project']);
    const assign = await api('PATCH', `/tickets/${closedTask.uid}`, { token: owner.token, body: { assignee: member.userId } });
    expect([assign.status, assign.body.code]).toEqual([400, 'assignee_not_in_project']);
    // The owner (an admin) may move the member's task anywhere, and assign an admin to any brand.
    const moved = await must(owner, 'PATCH', `/tickets/${mine.uid}`, { project_uid: closed.uid, assignee: userIdOf(owner.token) });
    expect(moved).toMatchObject({ project_uid: closed.uid, projects: { name: 'Closed Brand' } });
  });

  it("a member's label pickers hold only the brands they can open", async () => {
    const tags = await must(member, 'GET', `/tickets/tags?workspaceId=${owner.workspaceId}`);
    expect(tags).toContain('public-tag');
    expect(tags).not.toContain('secret-tag');
    expect(await must(member, 'GET', `/tickets/milestones?workspaceId=${owner.workspaceId}`)).not.toContain('Secret');
    const closedTags = await api('GET', `/tickets/tags/${closed.uid}?workspaceId=${owner.workspaceId}`, { token: member.token });
    expect([closedTags.status, closedTags.body.code]).toEqual([403, 'user_not_in_project']);
  });
});

describe('bulk create', () => {
  let owner: Owner;
  let project: string;
  beforeAll(async () => {
    owner = await userWithWorkspace('bea', 'Bea bulk');
    project = (await createProject(owner, 'Bulk Brand')).uid;
  }, 60_000);
  const bulk = (tickets: unknown[]) => api('POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, { token: owner.token, body: { tickets } });

  it('writes nothing when one task of the batch is bad', async () => {
    const invalid = await bulk([{ summary: 'Good', project_uid: project }, { summary: '', project_uid: project }]);
    expect([invalid.status, invalid.body.field]).toEqual([400, 'tickets.1.summary']);
    const unknownProject = await bulk([{ summary: 'Good', project_uid: project }, { summary: 'Lost', project_uid: 'no-such-project' }]);
    expect([unknownProject.status, unknownProject.body.code]).toEqual([404, 'project_not_found']);
    const outsider = await bulk([{ summary: 'Good', project_uid: project }, { summary: 'Given away', project_uid: project, assignee: 'someone-else' }]);
    expect([outsider.status, outsider.body.code]).toEqual([400, 'assignee_not_in_project']);
    const tooMany = await bulk(Array.from({ length: 51 }, (_, i) => ({ summary: `T${i}`, project_uid: project })));
    expect([tooMany.status, tooMany.body.field]).toEqual([400, 'tickets']);
    expect((await list(owner, owner.workspaceId, { projectFilter: project, status: 'todo,draft' })).items).toEqual([]);
  });

  it('creates 50 tasks at once with consecutive numbers and their labels', async () => {
    const created = await bulk(Array.from({ length: 50 }, (_, i) => ({ summary: `Bulk ${i}`, project_uid: project, tags: [`tag-${i}`], milestone: `M${i % 3}` })));
    expect(created.status).toBe(201);
    const numbers = created.body.map((t: any) => t.id);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => numbers[0] + i));
    expect(await must(owner, 'GET', `/tickets/tags/${project}?workspaceId=${owner.workspaceId}`)).toHaveLength(50);
    expect(await must(owner, 'GET', `/tickets/milestones/${project}?workspaceId=${owner.workspaceId}`)).toEqual(['M0', 'M1', 'M2']);
    const activity = await must(owner, 'GET', `/tickets/${created.body[49].uid}/activity`);
    expect(activity.map((a: any) => a.type)).toEqual(['created']);
  });
});

describe('pagination', () => {
  let owner: Owner;
  let projects: string[];
  const everything: any[] = [];

  beforeAll(async () => {
    owner = await userWithWorkspace('paige', 'Paige pages');
    projects = (await Promise.all([createProject(owner, 'Pages A'), createProject(owner, 'Pages B')])).map((p) => p.uid);
    const statuses = ['todo', 'in_progress', 'paused'];
    // 120 tasks over two projects and three statuses, in three bulks (so some share an update time); every 7th is
    // rare, and one task alone is 'single' (the other streams find nothing and must stop on their read budget).
    for (let batch = 0; batch < 3; batch++) {
      const tickets = Array.from({ length: 40 }, (_, i) => {
        const n = batch * 40 + i;
        return {
          summary: `Paged ${n}`,
          project_uid: projects[n % 2],
          status: statuses[n % 3],
          tags: n === 100 ? ['single'] : n % 7 === 0 ? ['rare'] : ['common'],
          due_date: `2031-01-${String(1 + (n % 28)).padStart(2, '0')}`,
        };
      });
      everything.push(...(await must(owner, 'POST', `/workspaces/${owner.workspaceId}/tickets/bulk`, { tickets })));
    }
    // Some updates later, so the update order is not the creation order.
    for (const task of everything.filter((_, i) => i % 10 === 3)) await must(owner, 'PATCH', `/tickets/${task.uid}`, { priority: '2' });
  }, 120_000);

  const fresh = async () => (await list(owner, owner.workspaceId, { limit: 100, status: 'todo,in_progress,paused' })).items;

  it.each(['desc', 'asc'] as const)('returns every task exactly once, in %s order, 25 a page', async (order) => {
    const seen = await allPages(owner, owner.workspaceId, { limit: 25, order });
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((t) => t.uid)).size).toBe(120);
    expect(seen.map((t) => t.uid)).toEqual([...seen].sort(listOrder(order)).map((t) => t.uid));
    expect((await fresh()).length).toBe(100);
  });

  it.each(['asc', 'desc'] as const)('pages the calendar (%s by due date) the same way', async (order) => {
    const seen = await allPages(owner, owner.workspaceId, { limit: 25, order, due_from: '2031-01-01', due_to: '2031-01-31' });
    expect(seen).toHaveLength(120);
    const key = (t: any) => `${t.due_date}#${t.uid.toLowerCase()}`;
    expect(seen.map(key)).toEqual(seen.map(key).sort((a, b) => (order === 'asc' ? 1 : -1) * (a < b ? -1 : 1)));
    const firstWeek = await allPages(owner, owner.workspaceId, { limit: 10, due_from: '2031-01-01', due_to: '2031-01-07', tags: 'rare,common' });
    expect(firstWeek.map((t) => t.uid).sort()).toEqual(
      everything.filter((t) => t.due_date <= '2031-01-07' && !t.tags.includes('single')).map((t) => t.uid).sort(),
    );
  });

  it('pages a project-scoped list the same way', async () => {
    const seen = await allPages(owner, owner.workspaceId, { limit: 25, projectFilter: projects[0]! });
    expect(seen).toHaveLength(60);
    expect(seen.map((t) => t.uid)).toEqual([...seen].sort(listOrder('desc')).map((t) => t.uid));
  });

  it.each([1, 2, 3])('with a rare filter and small pages (page %i), still every match once', async (limit) => {
    const expected = everything.filter((t) => t.tags.includes('rare') || t.tags.includes('single'));
    const seen = await allPages(owner, owner.workspaceId, { limit, tags: 'single,rare' });
    expect(seen.map((t) => t.uid).sort()).toEqual(expected.map((t) => t.uid).sort());
    expect(seen.map((t) => t.uid)).toEqual([...seen].sort(listOrder('desc')).map((t) => t.uid));
  });

  it('in process, on the real table: streams do stop on the read budget, and paging still finds every match once', async () => {
    Object.assign(process.env, inject('functionEnv'));
    const [{ listTasks }, { readTaskStreams }, { projectDirectory }] = await Promise.all([
      import('#core/tasks/list-tasks'),
      import('#data/task-list'),
      import('#data/project-directory'),
    ]);
    let budgetStops = 0;
    // A budget of 2 Queries per stream, so 40 tasks a stream are enough to exhaust it.
    const counting: typeof readTaskStreams = async (ctx, request) => {
      const read = await readTaskStreams(ctx, { ...request, budget: 2 });
      budgetStops += read.streams.filter((s) => !s.exhausted && s.items.length < request.limit).length;
      return read;
    };
    const ctx = { workspaceId: owner.workspaceId, userId: userIdOf(owner.token), email: owner.email, role: 'admin' as const };
    const deps = { projectDirectory, readTaskStreams: counting, signFile: async () => '', appUrl: 'https://app.test' };
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 200; pages++) {
      const { page, requests } = await listTasks(deps, ctx, { tags: ['single', 'rare'], limit: 1, ...(cursor ? { cursor } : {}) });
      // The projects Query (this context carries no directory), then at most the budget of Queries of the one stream of open tasks.
      expect(requests).toBeLessThanOrEqual(1 + 2);
      seen.push(...page.items.map((t) => t.uid));
      if (!page.cursor) break;
      cursor = page.cursor;
    }
    expect(seen.sort()).toEqual(everything.filter((t) => t.tags.includes('rare') || t.tags.includes('single')).map((t) => t.uid).sort());
    // Read per status (a closed status in the set): the two streams without the one 'single' task (it is
    // in_progress) evaluate 1 + 20 of their 40 tasks and stop on the budget; 'done' has none.
    budgetStops = 0;
    const single = await listTasks(deps, ctx, { tags: ['single'], status: ['todo', 'paused', 'done'], limit: 1 });
    expect(budgetStops).toBeGreaterThanOrEqual(2);
    expect(single.requests).toBeLessThanOrEqual(1 + 3 * 2);
  });
});

describe('review links', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await userWithWorkspace('rhea', 'Rhea reviews');
  }, 60_000);

  it('a rotated link stops the old token at once; a withdrawn one stops working', async () => {
    const task = await createTask(owner, { status: 'in_review' });
    const first = await must(owner, 'POST', `/tickets/${task.uid}/review-link`);
    expect((await api('GET', `/review/${first.token}`)).status).toBe(200);
    expect((await must(owner, 'GET', `/tickets/${task.uid}`)).review_link).toBe(first.url);

    const second = await must(owner, 'POST', `/tickets/${task.uid}/review-link`);
    expect(second.token).not.toBe(first.token);
    const old = await api('GET', `/review/${first.token}`);
    expect([old.status, old.body.code]).toEqual([404, 'review_link_not_found']);
    expect((await api('POST', `/review/${first.token}`, { body: { decision: 'approved' } })).status).toBe(404);
    // A token differing only in letter case is another token.
    const swapped = second.token.replace(/[a-z]/, (c: string) => c.toUpperCase());
    if (swapped !== second.token) expect((await api('GET', `/review/${swapped}`)).status).toBe(404);
    expect((await api('GET', `/review/${second.token}`)).body.task.uid).toBe(task.uid);

    expect((await api('DELETE', `/tickets/${task.uid}/review-link`, { token: owner.token })).status).toBe(204);
    expect((await api('GET', `/review/${second.token}`)).status).toBe(404);
    expect((await must(owner, 'GET', `/tickets/${task.uid}`)).review_link).toBeNull();
  });

  it('takes a decision only while the task waits for review; requested changes are recorded with the reviewer', async () => {
    const task = await createTask(owner);
    const { token } = await must(owner, 'POST', `/tickets/${task.uid}/review-link`);
    const view = await api('GET', `/review/${token}`);
    expect(view.body).toMatchObject({ can_decide: false, workspace_name: 'Rhea reviews' });
    const early = await api('POST', `/review/${token}`, { body: { decision: 'approved' } });
    expect([early.status, early.body.code]).toEqual([409, 'task_not_in_review']);

    await must(owner, 'PATCH', `/tickets/${task.uid}`, { status: 'in_progress' });
    await must(owner, 'PATCH', `/tickets/${task.uid}`, { status: 'in_review' });
    const decided = await api('POST', `/review/${token}`, { body: { decision: 'rejected', comment: 'Shorter hook please', reviewer_name: 'Client Carl' } });
    expect(decided.status).toBe(200);
    expect(decided.body.task.status).toBe('rejected');
    const again = await api('POST', `/review/${token}`, { body: { decision: 'approved' } });
    expect([again.status, again.body.code]).toEqual([409, 'task_not_in_review']);

    const activity = await must(owner, 'GET', `/tickets/${task.uid}/activity`);
    expect(activity.at(-1)).toMatchObject({ type: 'review', actor: null, reviewer_name: 'Client Carl', comment: 'Shorter hook please', from: 'in_review', to: 'rejected' });
    expect((await must(owner, 'GET', `/tickets/${task.uid}`)).status).toBe('rejected');
  });

  it('the public view answers only the review fields', async () => {
    const task = await createTask(owner, { status: 'needs_approval', script: 'Scene 1', call_notes: 'internal', assignee: userIdOf(owner.token) });
    const { token } = await must(owner, 'POST', `/tickets/${task.uid}/review-link`);
    const view = (await api('GET', `/review/${token}`)).body;
    expect(view.task.script).toBe('Scene 1');
    for (const hidden of ['call_notes', 'assignee', 'created_by', 'review_link', 'workspace_uid', 'project_uid', 'tags', 'total_spent']) {
      expect(view.task, hidden).not.toHaveProperty(hidden);
    }
  });
});
