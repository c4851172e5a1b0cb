import { beforeAll, describe, expect, it } from 'vitest';
import { api, userWithWorkspace } from './support/api';
import { joinWorkspace, type TeamUser } from './support/team';
import { made, newProject, newTask } from './cases/collab-cases';

/**
 * Exports as a team uses them: a member's exports hold only the brands they may open, time rolls up per person,
 * brand and week, and a calendar feed follows its owner's access (a lost brand or a left workspace ends it).
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let alice: Owner;
let bob: TeamUser;
let open: { uid: string };
let closed: { uid: string };
const HOUR = 3_600_000;
const ws = () => `/workspaces/${alice.workspaceId}`;
const rows = (csv: string) => csv.trim().split('\r\n').slice(1);
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

beforeAll(async () => {
  alice = await userWithWorkspace('alice-exports', 'Export studio');
  bob = await joinWorkspace(alice, alice.workspaceId, 'member', 'Bob');
  [open, closed] = await Promise.all([newProject(alice), newProject(alice)]);
  await made(alice, 'POST', `${ws()}/projects/${open.uid}/users`, { userId: bob.userId });
}, 120_000);

describe('the task export', () => {
  it("holds only the brands the caller may open, with people's names", async () => {
    await newTask(alice, { project_uid: open.uid, summary: 'Open brand post', assignee: bob.userId });
    await newTask(alice, { project_uid: closed.uid, summary: 'Closed brand post' });
    const mine = await api('GET', `${ws()}/exports/tasks?status=todo`, { token: bob.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toContain('Open brand post');
    expect(mine.body).not.toContain('Closed brand post');
    expect(mine.body).toContain(bob.email.toLowerCase());
    const all = await api('GET', `${ws()}/exports/tasks?status=todo`, { token: alice.token });
    expect(rows(all.body)).toHaveLength(2);
  });
});

describe('the time export', () => {
  beforeAll(async () => {
    const task = await newTask(alice, { project_uid: open.uid, summary: 'Billable reel' });
    const entry = (hoursAgo: number, hours: number) => ({
      started_at: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
      ended_at: new Date(Date.now() - (hoursAgo - hours) * HOUR).toISOString(),
    });
    await made(alice, 'POST', `/tickets/${task.uid}/time-entries`, entry(5, 1));
    await made(alice, 'POST', `/tickets/${task.uid}/time-entries`, entry(3, 0.5));
    await made(bob, 'POST', `/tickets/${task.uid}/time-entries`, entry(2, 1));
  });

  it('rolls hours up per person, brand and week', async () => {
    const person = await api('GET', `${ws()}/exports/time-entries?group=person`, { token: alice.token });
    expect(rows(person.body).sort()).toEqual([`${alice.email.toLowerCase()},1.5,2`, `${bob.email.toLowerCase()},1,1`].sort());
    const brand = await api('GET', `${ws()}/exports/time-entries?group=brand`, { token: alice.token });
    expect(rows(brand.body)).toEqual([expect.stringMatching(/,2\.5,3$/)]);
    const week = await api('GET', `${ws()}/exports/time-entries?group=week`, { token: alice.token });
    expect(rows(week.body).map((row) => row.split(',').slice(-2).join(','))).toContain('2.5,3');
  });

  it('lists each entry with its task, and filters by day', async () => {
    const entries = await api('GET', `${ws()}/exports/time-entries`, { token: alice.token });
    expect(rows(entries.body)).toHaveLength(3);
    expect(entries.body).toContain('Billable reel');
    const tomorrow = await api('GET', `${ws()}/exports/time-entries?from=${soon(1)}`, { token: alice.token });
    expect(rows(tomorrow.body)).toHaveLength(0);
    const backwards = await api('GET', `${ws()}/exports/time-entries?from=${soon(1)}&to=${soon(0)}`, { token: alice.token });
    expect(backwards.status).toBe(400);
    expect(backwards.body.field).toBe('to');
  });
});

describe('calendar feeds', () => {
  it("serve the owner's assigned due dates and stop when the owner loses the brand or leaves", async () => {
    await newTask(alice, { project_uid: open.uid, summary: 'Bob films this', assignee: bob.userId, due_date: soon(3) });
    await newTask(alice, { project_uid: open.uid, summary: 'Someone else films this', due_date: soon(3) });
    const mine = await made(bob, 'POST', `${ws()}/calendar-feeds`, { scope: 'me' });
    const brand = await made(bob, 'POST', `${ws()}/calendar-feeds`, { scope: 'project', project_uid: open.uid });

    const feed = await api('GET', `/calendar/${tokenOf(mine.url)}`);
    expect(feed.status).toBe(200);
    expect(feed.body).toContain('Bob films this');
    expect(feed.body).not.toContain('Someone else films this');
    expect((await api('GET', `/calendar/${tokenOf(brand.url)}`)).body).toContain('Someone else films this');

    // A brand Bob may not open cannot get a feed.
    const refused = await api('POST', `${ws()}/calendar-feeds`, { token: bob.token, body: { scope: 'project', project_uid: closed.uid } });
    expect(refused.status).toBe(404);

    await api('DELETE', `${ws()}/projects/${open.uid}/users/${bob.userId}`, { token: alice.token });
    expect((await api('GET', `/calendar/${tokenOf(brand.url)}`)).status).toBe(404);

    await api('DELETE', `${ws()}/users/${bob.userId}`, { token: alice.token });
    expect((await api('GET', `/calendar/${tokenOf(mine.url)}`)).status).toBe(404);
  });

  it('answers not-found for an address that never existed', async () => {
    expect((await api('GET', `/calendar/${'A'.repeat(43)}`)).status).toBe(404);
  });
});
