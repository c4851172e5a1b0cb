import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayIn, duePresetRange } from '#shared/due-presets';
import { MAX_SAVED_VIEWS } from '#shared/schemas/saved-views';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, userIdOf, type TeamUser } from './support/team';
import { createProject, createTask } from './cases/task-cases';

type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;

const views = (workspaceId: string) => `/workspaces/${workspaceId}/saved-views`;

describe('saved views', () => {
  let owner: Owner;
  let member: TeamUser;

  beforeAll(async () => {
    owner = await userWithWorkspace('sally', 'Sally saves');
    member = await joinWorkspace(owner, owner.workspaceId, 'member', 'sam');
  }, 120_000);

  it('round-trip: saved, listed by name, renamed, refiltered and deleted', async () => {
    const path = views(owner.workspaceId);
    const created = await api('POST', path, {
      token: owner.token,
      body: { name: 'Awaiting client', filter: { status: ['needs_approval', 'in_review'], assignee: ['me'] }, view_mode: 'kanban' },
    });
    expect(created.status).toBe(201);
    await api('POST', path, { token: owner.token, body: { name: 'by week', filter: { due: 'this_week', platform: ['instagram'] } } });

    const listed = await api('GET', path, { token: owner.token });
    expect(listed.body.map((view: { name: string }) => view.name)).toEqual(['Awaiting client', 'by week']);
    expect(listed.body[0]).toMatchObject({ uid: created.body.uid, filter: { status: ['needs_approval', 'in_review'], assignee: ['me'] }, view_mode: 'kanban' });

    const renamed = await api('PATCH', `${path}/${created.body.uid}`, { token: owner.token, body: { name: 'Waiting on the client', filter: { status: [] }, view_mode: null } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Waiting on the client', filter: { status: [] }, view_mode: null, created_at: created.body.created_at });

    expect((await api('DELETE', `${path}/${created.body.uid}`, { token: owner.token })).status).toBe(204);
    const again = await api('DELETE', `${path}/${created.body.uid}`, { token: owner.token });
    expect(again).toMatchObject({ status: 404, body: { code: 'saved_view_not_found' } });
    expect((await api('GET', path, { token: owner.token })).body.map((view: { name: string }) => view.name)).toEqual(['by week']);
  });

  it('are private: another member of the workspace neither sees nor changes them', async () => {
    const path = views(owner.workspaceId);
    const mine = await api('POST', path, { token: owner.token, body: { name: 'Private', filter: { q: 'launch' } } });
    expect((await api('GET', path, { token: member.token })).body).toEqual([]);
    expect((await api('PATCH', `${path}/${mine.body.uid}`, { token: member.token, body: { name: 'Stolen' } })).status).toBe(404);
    expect((await api('DELETE', `${path}/${mine.body.uid}`, { token: member.token })).status).toBe(404);
    // The member may use the same name for a view of their own.
    expect((await api('POST', path, { token: member.token, body: { name: 'private', filter: {} } })).status).toBe(201);
    expect((await api('GET', path, { token: owner.token })).body.find((view: { uid: string }) => view.uid === mine.body.uid)).toMatchObject({ name: 'Private' });
  });

  it('refuse a second view of the same name, case aside, on create and on rename', async () => {
    const path = views(owner.workspaceId);
    await api('POST', path, { token: owner.token, body: { name: 'Reels', filter: {} } });
    const twin = await api('POST', path, { token: owner.token, body: { name: ' REELS ', filter: {} } });
    expect(twin).toMatchObject({ status: 409, body: { code: 'saved_view_name_taken', field: 'name' } });
    const other = await api('POST', path, { token: owner.token, body: { name: 'Stories', filter: {} } });
    const rename = await api('PATCH', `${path}/${other.body.uid}`, { token: owner.token, body: { name: 'reels' } });
    expect(rename).toMatchObject({ status: 409, body: { code: 'saved_view_name_taken', field: 'name' } });
    // Its own name in another case is fine.
    expect((await api('PATCH', `${path}/${other.body.uid}`, { token: owner.token, body: { name: 'STORIES' } })).status).toBe(200);
  });

  it('answer 400 naming the field for a bad name, filter or view mode', async () => {
    const path = views(owner.workspaceId);
    const cases: [unknown, string][] = [
      [{ name: 'x'.repeat(61), filter: {} }, 'name'],
      [{ name: 'No filter' }, 'filter'],
      [{ name: 'Bad status', filter: { status: ['finished'] } }, 'filter.status.0'],
      [{ name: 'Bad due', filter: { due: 'someday' } }, 'filter.due'],
      [{ name: 'Bad day', filter: { updated_from: '24/11/2026' } }, 'filter.updated_from'],
      [{ name: 'Many tags', filter: { tag: Array.from({ length: 21 }, (_, i) => `t${i}`) } }, 'filter.tag'],
      [{ name: 'Bad mode', filter: {}, view_mode: 'gallery' }, 'view_mode'],
      // People and brands must be this workspace's own.
      [{ name: 'Stranger', filter: { assignee: ['me', 'someone-elsewhere'] } }, 'filter.assignee.1'],
      [{ name: 'Other brand', filter: { brand: ['a-brand-elsewhere'] } }, 'filter.brand.0'],
    ];
    for (const [body, field] of cases) {
      const answer = await api('POST', path, { token: owner.token, body });
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad_request', field });
    }
  });

  it(`keep at most ${MAX_SAVED_VIEWS} per person`, async () => {
    const collector = await joinWorkspace(owner, owner.workspaceId, 'member', 'cole');
    const path = views(owner.workspaceId);
    for (let i = 0; i < MAX_SAVED_VIEWS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, j) => api('POST', path, { token: collector.token, body: { name: `View ${i + j}`, filter: {} } })),
      );
      expect(batch.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    }
    const over = await api('POST', path, { token: collector.token, body: { name: 'One more', filter: {} } });
    expect(over).toMatchObject({ status: 409, body: { code: 'saved_view_limit' } });
  }, 60_000);
});

describe('the due-date presets of the task list', () => {
  it('list overdue, today, this week and next week as days where the viewer is', async () => {
    const owner = await userWithWorkspace('dora', 'Dora dates');
    const project = (await createProject(owner, 'Dated brand')).uid;
    const zone = 'Pacific/Kiritimati'; // UTC+14: its day is often not UTC's.
    const today = dayIn(new Date(), zone);
    const days = { yesterday: addDays(today, -1), today, nextWeek: duePresetRange('next_week', today).from!, later: addDays(today, 30) };
    for (const [summary, due_date] of Object.entries(days)) await createTask(owner, { summary, due_date, project_uid: project });
    await createTask(owner, { summary: 'undated', project_uid: project });

    const list = async (query: string) =>
      ((await api('GET', `/workspaces/${owner.workspaceId}/tickets?${query}`, { token: owner.token })).body.items as { summary: string }[]).map((t) => t.summary).sort();
    const tz = `tz=${encodeURIComponent(zone)}`;
    expect(await list(`due=overdue&${tz}`)).toEqual(['yesterday']);
    expect(await list(`due=today&${tz}`)).toEqual(['today']);
    expect(await list(`due=next_week&${tz}`)).toEqual(['nextWeek']);
    const thisWeek = duePresetRange('this_week', today);
    expect(await list(`due=this_week&${tz}`)).toEqual(
      Object.entries(days).filter(([, day]) => day >= thisWeek.from! && day <= thisWeek.to!).map(([name]) => name).sort(),
    );
    // Within a calendar range that leaves the preset out, nothing.
    expect(await list(`due=today&${tz}&due_from=${addDays(today, 1)}&due_to=${addDays(today, 40)}`)).toEqual([]);
    const bad = await api('GET', `/workspaces/${owner.workspaceId}/tickets?due=today&tz=Mars%2FOlympus`, { token: owner.token });
    expect(bad).toMatchObject({ status: 400, body: { field: 'tz' } });
  }, 60_000);
});

describe('the assignee filter', () => {
  it("reads 'me' as whoever asks, so one link shows each person their own tasks", async () => {
    const owner = await userWithWorkspace('mia', 'Mia me');
    const colleague = await joinWorkspace(owner, owner.workspaceId, 'admin', 'max');
    const project = (await createProject(owner, 'Shared brand')).uid;
    await createTask(owner, { summary: 'mine', assignee: userIdOf(owner.token), project_uid: project });
    await createTask(owner, { summary: 'theirs', assignee: colleague.userId, project_uid: project });
    await createTask(owner, { summary: 'nobody', project_uid: project });
    const list = async (who: { token: string }, query: string) =>
      ((await api('GET', `/workspaces/${owner.workspaceId}/tickets?${query}`, { token: who.token })).body.items as { summary: string }[]).map((t) => t.summary).sort();

    expect(await list(owner, 'userFilter=me')).toEqual(['mine']);
    expect(await list(colleague, 'userFilter=me')).toEqual(['theirs']);
    expect(await list(owner, 'userFilter=me,unassigned')).toEqual(['mine', 'nobody']);
  }, 60_000);
});

describe('the creator filter', () => {
  it("reads 'me' as whoever asks, beside user ids", async () => {
    const owner = await userWithWorkspace('cora', 'Cora me');
    const colleague = await joinWorkspace(owner, owner.workspaceId, 'admin', 'cal');
    const project = (await createProject(owner, 'Created brand')).uid;
    await createTask(owner, { summary: 'by owner', project_uid: project });
    await createTask({ token: colleague.token, workspaceId: owner.workspaceId }, { summary: 'by colleague', project_uid: project });
    const list = async (who: { token: string }, query: string) =>
      ((await api('GET', `/workspaces/${owner.workspaceId}/tickets?${query}`, { token: who.token })).body.items as { summary: string }[]).map((t) => t.summary).sort();

    expect(await list(owner, 'teamFilter=me')).toEqual(['by owner']);
    expect(await list(colleague, 'teamFilter=me')).toEqual(['by colleague']);
    expect(await list(owner, `teamFilter=me,${colleague.userId}`)).toEqual(['by colleague', 'by owner']);
  }, 60_000);
});
