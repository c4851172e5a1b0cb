import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { WorkspaceContext } from '#lib/context';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, userIdOf, type TeamUser } from './support/team';
import { createProject, createTask, must } from './cases/task-cases';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;

/** Tuesday 24 November 2026: its week ends on Sunday the 29th. */
const TODAY = '2026-11-24';

const dashboardOf = async (who: { token: string }, workspaceId: string) => {
  const answer = await api('GET', `/workspaces/${workspaceId}/dashboard?today=${TODAY}`, { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body;
};
const summaries = (section: { items: { summary: string }[] }) => section.items.map((item) => item.summary);

/** A task shared for review and decided by the client through the link. */
const decided = async (owner: Owner, fields: Record<string, unknown>, decision: 'approved' | 'rejected', comment: string) => {
  const task = await createTask(owner, { status: 'needs_approval', ...fields });
  const link = await must(owner, 'POST', `/tickets/${task.uid}/review-link`);
  await must({ token: '' }, 'POST', `/review/${link.token}`, { decision, comment, reviewer_name: 'Rita from Northwind' });
  return task;
};

describe('the dashboard answers what needs me', () => {
  let owner: Owner;
  let ownerId: string;
  let member: TeamUser;
  let granted: string;
  let hidden: string;

  beforeAll(async () => {
    owner = await userWithWorkspace('dana', 'Dana dashboards');
    ownerId = userIdOf(owner.token);
    member = await joinWorkspace(owner, owner.workspaceId, 'member', 'mo');
    granted = (await createProject(owner, 'Granted brand')).uid;
    hidden = (await createProject(owner, 'Hidden brand')).uid;
    await must(owner, 'POST', `/workspaces/${owner.workspaceId}/projects/${granted}/users`, { userId: member.userId });

    const mine = { project_uid: granted, assignee: ownerId };
    await createTask(owner, { ...mine, summary: 'Late caption', due_date: '2026-11-20' });
    await createTask(owner, { ...mine, summary: 'Very late reel', due_date: '2026-10-01', status: 'in_progress' });
    await createTask(owner, { ...mine, summary: 'Late but done', due_date: '2026-11-19', status: 'done' });
    await createTask(owner, { ...mine, summary: 'Due Thursday', due_date: '2026-11-26' });
    await createTask(owner, { ...mine, summary: 'Due today', due_date: TODAY });
    await createTask(owner, { ...mine, summary: 'Due next Monday', due_date: '2026-11-30' });
    await createTask(owner, { project_uid: granted, assignee: member.userId, summary: "Mo's late story", due_date: '2026-11-23' });
    await createTask(owner, { project_uid: hidden, assignee: ownerId, summary: 'Late in the hidden brand', due_date: '2026-11-02' });
    const shared = await createTask(owner, { project_uid: granted, summary: 'Carousel for approval', status: 'needs_approval', due_date: '2026-11-27' });
    await must(owner, 'POST', `/tickets/${shared.uid}/review-link`);
    await createTask(owner, { project_uid: hidden, summary: 'Hidden in review', status: 'in_review' });
    await decided(owner, { project_uid: granted, summary: 'Launch post' }, 'approved', 'Ship it');
    await decided(owner, { project_uid: granted, summary: 'Price reel' }, 'rejected', 'Softer music please');
    // Approved by the team, not by a client: not a client decision.
    const teamApproved = await createTask(owner, { project_uid: granted, summary: 'Approved in house', status: 'needs_approval' });
    await must(owner, 'PATCH', `/tickets/${teamApproved.uid}`, { status: 'approved' });
  }, 120_000);

  it("gives an admin their own late and this week's tasks, and everyone's client work, over every brand", async () => {
    const board = await dashboardOf(owner, owner.workspaceId);

    expect(board).toMatchObject({ today: TODAY, week_end: '2026-11-29', complete: true });
    expect(board.overdue.count).toBe(3);
    // Most overdue first; finished ones and other people's are not the caller's to do.
    expect(summaries(board.overdue)).toEqual(['Very late reel', 'Late in the hidden brand', 'Late caption']);
    expect(summaries(board.due_this_week)).toEqual(['Due today', 'Due Thursday']);
    expect(board.awaiting_client.count).toBe(2);
    expect(board.awaiting_client.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ summary: 'Carousel for approval', review_shared: true, projects: { slug: expect.any(String), name: 'Granted brand' } }),
        expect.objectContaining({ summary: 'Hidden in review', review_shared: false }),
      ]),
    );
    expect(summaries(board.changes_requested)).toEqual(['Price reel']);
    expect(board.decisions).toEqual([
      expect.objectContaining({ decision: 'rejected', reviewer_name: 'Rita from Northwind', comment: 'Softer music please', task: expect.objectContaining({ summary: 'Price reel' }) }),
      expect.objectContaining({ decision: 'approved', comment: 'Ship it', task: expect.objectContaining({ summary: 'Launch post' }) }),
    ]);
  });

  it("counts each brand's tasks, whoever they are assigned to", async () => {
    const board = await dashboardOf(owner, owner.workspaceId);
    const brand = (uid: string) => board.brands.find((b: { project_uid: string }) => b.project_uid === uid);

    expect(brand(granted)).toEqual({ project_uid: granted, overdue: 3, due_this_week: 3, awaiting_client: 1, changes_requested: 1 });
    expect(brand(hidden)).toEqual({ project_uid: hidden, overdue: 1, due_this_week: 0, awaiting_client: 1, changes_requested: 0 });
  });

  it('shows a member only the brands they may open', async () => {
    const board = await dashboardOf(member, owner.workspaceId);

    expect(summaries(board.overdue)).toEqual(["Mo's late story"]);
    expect(summaries(board.awaiting_client)).toEqual(['Carousel for approval']);
    expect(board.brands.map((b: { project_uid: string }) => b.project_uid)).toEqual([granted]);
    expect(board.decisions.map((d: { task: { summary: string } }) => d.task.summary)).toEqual(['Price reel', 'Launch post']);
  });

  it('is empty, not an error, for a member who may open no brand', async () => {
    const newcomer = await joinWorkspace(owner, owner.workspaceId, 'member', 'newcomer');
    const board = await dashboardOf(newcomer, owner.workspaceId);

    expect(board).toMatchObject({ overdue: { count: 0, items: [] }, awaiting_client: { count: 0, items: [] }, decisions: [], brands: [], complete: true });
  });

  it('refuses a day that does not exist or an unknown time zone, naming the field', async () => {
    for (const [query, field] of [['today=2026-13-01', 'today'], ['today=2026-02-30', 'today'], ['tz=Mars/Olympus_Mons', 'tz']]) {
      const answer = await api('GET', `/workspaces/${owner.workspaceId}/dashboard?${query}`, { token: owner.token });

      expect(answer.status, query).toBe(400);
      expect(answer.body.field, query).toBe(field);
    }
  });

  it("stands on the day it is in the viewer's time zone", async () => {
    const answer = await api('GET', `/workspaces/${owner.workspaceId}/dashboard?tz=Pacific/Kiritimati`, { token: owner.token });

    expect(answer.status).toBe(200);
    expect(answer.body.today).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date()));
  });

  it('costs a handful of DynamoDB requests: the directory, one byOpen Query, one Query per decision', async () => {
    Object.assign(process.env, inject('functionEnv'));
    const [{ dynamo }, { projectDirectory }, { readTaskStreams }, { listTaskActivity }, { getDashboard }] = await Promise.all([
      import('#lib/clients/dynamo'),
      import('#data/project-directory'),
      import('#data/task-list'),
      import('#data/tasks'),
      import('#core/dashboard/get-dashboard'),
    ]);
    const sent: string[] = [];
    dynamo().middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'dashboardRequestCounter', override: true },
    );
    const ctx: WorkspaceContext = { workspaceId: owner.workspaceId, userId: ownerId, email: owner.email, role: 'admin' };

    const { dashboard, requests } = await getDashboard(
      { projectDirectory, readTaskStreams, listTaskActivity, clock: () => new Date(`${TODAY}T09:00:00Z`) },
      ctx,
      {},
    );

    expect(dashboard.decisions).toHaveLength(2);
    // 1 directory Query (the wrapper reads it with the membership, so 0 behind the route), 1 byOpen Query,
    // 3 activity Queries (the three newest approved or rejected tasks, one of them approved in house).
    expect(sent).toEqual(Array(5).fill('QueryCommand'));
    expect(requests).toBe(sent.length);
  });
});
