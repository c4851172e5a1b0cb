import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, userWithWorkspace } from './support/api';
import { userIdOf } from './support/team';
import { connectCalendar } from './support/integrations';
import { control, deliveriesOf, eventually } from './support/deliveries';

/**
 * A task sent to Google Calendar (the local fake) follows its edits: the event is made on the due date through
 * the pipeline, a due date change moves it (Google first, then the task: a Google failure saves nothing), the
 * assignee cannot change while the event exists, and clearing the due date or deleting the task deletes the event.
 */
type Owner = Awaited<ReturnType<typeof userWithWorkspace>>;
let owner: Owner;
let projectId: string;
let integrationUid: string;
/** A calendar of the fake's account other than the primary one: the settings' choice is where events go. */
const CALENDAR = 'content-team@group.calendar.google.com';

type FakeEvent = { id: string; status: string; summary: string; start: { date?: string }; end: { date?: string } };
const fakeEvent = async (id: string): Promise<FakeEvent | undefined> => ((await control('GET', '/state.json')).google.events as FakeEvent[]).find((event) => event.id === id);
/** The fake's event page link carries the event id. */
const eventIdOf = (link: string) => new URL(link).searchParams.get('eid') ?? '';
type Received = { method: string; path: string; status: number | null };
const googleCalls = async () => (await control('GET', '/received.json?fake=google')) as Received[];
/** The calls Google's fake received about one event (moves, deletes). */
const callsAbout = async (eventId: string) => (await googleCalls()).filter((call) => call.path.endsWith(`/events/${eventId}`));

const patchTask = (taskId: string, body: Record<string, unknown>) => api('PATCH', `/tickets/${taskId}`, { token: owner.token, body });
const getTask = async (taskId: string) => (await api('GET', `/tickets/${taskId}`, { token: owner.token })).body;

beforeAll(async () => {
  owner = await userWithWorkspace('calendar');
  const project = await api('POST', `/workspaces/${owner.workspaceId}/projects`, { token: owner.token, body: { name: `Dated ${randomUUID().slice(0, 6)}` } });
  projectId = project.body.uid;
  integrationUid = (await connectCalendar(owner, owner.workspaceId, projectId)).uid;
  const calendars = await api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/integrations/${integrationUid}/calendars`, { token: owner.token });
  expect(calendars.body).toContainEqual(expect.objectContaining({ id: CALENDAR }));
  const chosen = await api('PUT', `/workspaces/${owner.workspaceId}/projects/${projectId}/integrations/${integrationUid}`, { token: owner.token, body: { settings: { calendar_id: CALENDAR } } });
  expect(chosen.body, JSON.stringify(chosen.body)).toMatchObject({ state: 'connected', settings: { calendar_id: CALENDAR } });
}, 120_000);

afterEach(async () => {
  await control('DELETE', '/failures');
});

/** A task with a due date sent to the calendar, once its event exists: the task, its delivery and the event's id. */
const taskWithEvent = async (dueDate = '2026-12-01') => {
  const created = await api('POST', `/workspaces/${owner.workspaceId}/tickets`, {
    token: owner.token,
    body: { summary: `Shoot ${randomUUID().slice(0, 4)}`, project_uid: projectId, due_date: dueDate, integrations: [integrationUid] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [delivery] = await eventually(() => deliveriesOf(owner, created.body.uid), (log) => log[0]?.status === 'sent', 20_000, 'calendar delivery sent');
  return { task: created.body, delivery, eventId: eventIdOf(delivery.link) };
};

describe('a task with a Google Calendar event', () => {
  it('is sent as an all-day event on its due date, in the chosen calendar, linked from the delivery', async () => {
    const { task, delivery, eventId } = await taskWithEvent('2026-12-01');
    expect(delivery).toMatchObject({ type: 'calendar', attempts: 1, link: expect.stringContaining('/google/calendar/event?eid=') });
    expect(await fakeEvent(eventId)).toMatchObject({ status: 'confirmed', start: { date: '2026-12-01' }, end: { date: '2026-12-02' }, summary: expect.stringContaining(task.summary) });
    const inChosen = (call: Received) => call.method === 'POST' && [CALENDAR, encodeURIComponent(CALENDAR)].some((id) => call.path.includes(`/calendars/${id}/events`));
    expect((await googleCalls()).filter(inChosen).length).toBeGreaterThan(0);
    expect((await getTask(task.uid)).details.integrations).toEqual([{ type: 'calendar', success: true, project_integration_uid: integrationUid }]);
  });

  it('moves the event when the due date changes', async () => {
    const { task, eventId } = await taskWithEvent('2026-12-01');
    const moved = await patchTask(task.uid, { due_date: '2026-12-05' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.due_date).toBe('2026-12-05');
    expect(await fakeEvent(eventId)).toMatchObject({ status: 'confirmed', start: { date: '2026-12-05' }, end: { date: '2026-12-06' } });
    // An edit that leaves the due date alone does not call Google.
    const before = (await callsAbout(eventId)).length;
    expect((await patchTask(task.uid, { priority: '1' })).status).toBe(200);
    expect((await callsAbout(eventId)).length).toBe(before);
  });

  it('refuses an assignee change while the event exists (409, field assignee) and saves nothing of the edit', async () => {
    const { task } = await taskWithEvent();
    const refused = await patchTask(task.uid, { assignee: userIdOf(owner.token), priority: '1' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body).toMatchObject({ code: 'cant_change_assignee_with_existing_calendar_event', field: 'assignee' });
    const after = await getTask(task.uid);
    expect(after).toMatchObject({ assignee: null, priority: task.priority, updated_at: task.updated_at });
  });

  it('answers 502 calendar_update_failed when Google fails to move the event, and saves nothing', async () => {
    const { task, eventId } = await taskWithEvent('2026-12-01');
    await control('PUT', '/failures/google', { rate: 1, status: 500 });
    const failed = await patchTask(task.uid, { due_date: '2026-12-09', summary: 'Renamed' });
    expect(failed.status, JSON.stringify(failed.body)).toBe(502);
    expect(failed.body).toMatchObject({ code: 'calendar_update_failed', field: 'due_date' });
    await control('DELETE', '/failures');
    const after = await getTask(task.uid);
    expect(after).toMatchObject({ due_date: '2026-12-01', summary: task.summary, updated_at: task.updated_at });
    expect((await fakeEvent(eventId))?.start).toEqual({ date: '2026-12-01' });
    // Google back: the same change goes through.
    expect((await patchTask(task.uid, { due_date: '2026-12-09' })).status).toBe(200);
    expect((await fakeEvent(eventId))?.start).toEqual({ date: '2026-12-09' });
  });

  it('deletes the event when the due date is cleared: the delivery says so, and the assignee may change again', async () => {
    const { task, delivery, eventId } = await taskWithEvent('2026-12-01');
    const cleared = await patchTask(task.uid, { due_date: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.due_date).toBeNull();
    expect((await fakeEvent(eventId))?.status).toBe('cancelled');

    // Still sent (the task was sent), without the link to an event that is gone.
    const [after] = await deliveriesOf(owner, task.uid);
    expect(after).toMatchObject({ id: delivery.id, status: 'sent', link: null });
    expect((await getTask(task.uid)).details.integrations).toEqual([{ type: 'calendar', success: true, project_integration_uid: integrationUid }]);

    const assigned = await patchTask(task.uid, { assignee: userIdOf(owner.token) });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    // No event to move any more: a new due date calls nothing.
    const before = (await callsAbout(eventId)).length;
    expect((await patchTask(task.uid, { due_date: '2026-12-20' })).status).toBe(200);
    expect((await callsAbout(eventId)).length).toBe(before);
  });

  it('is deleted with its task; when Google fails, the delete is refused and the task and event stay', async () => {
    const { task, eventId } = await taskWithEvent('2026-12-03');
    const remove = () => api('DELETE', `/tickets/${task.uid}`, { token: owner.token });
    await control('PUT', '/failures/google', { rate: 1, status: 500 });
    const refused = await remove();
    expect(refused.status, JSON.stringify(refused.body)).toBe(502);
    expect(refused.body.code).toBe('calendar_update_failed');
    await control('DELETE', '/failures');
    expect((await api('GET', `/tickets/${task.uid}`, { token: owner.token })).status).toBe(200);
    expect((await fakeEvent(eventId))?.status).toBe('confirmed');

    expect((await remove()).status).toBe(204);
    expect((await fakeEvent(eventId))?.status).toBe('cancelled');
    // Gone: answered as any unknown task id is.
    expect([403, 404]).toContain((await api('GET', `/tickets/${task.uid}`, { token: owner.token })).status);
  });

  it('is deleted with its task by a bulk delete too', async () => {
    const { task, eventId } = await taskWithEvent('2026-12-04');
    const deleted = await api('POST', `/workspaces/${owner.workspaceId}/tickets/bulk-update`, { token: owner.token, body: { ids: [task.uid], delete: true } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await fakeEvent(eventId))?.status).toBe('cancelled');
  });

  it('a refused token marks the integration as needing a reconnect and answers calendar_update_failed', async () => {
    const { task } = await taskWithEvent('2026-12-01');
    await control('PUT', '/failures/google', { rate: 1, status: 401 });
    const failed = await patchTask(task.uid, { due_date: '2026-12-02' });
    expect(failed.status, JSON.stringify(failed.body)).toBe(502);
    expect(failed.body.code).toBe('calendar_update_failed');
    await control('DELETE', '/failures');
    const listed = await api('GET', `/workspaces/${owner.workspaceId}/projects/${projectId}/integrations`, { token: owner.token });
    expect(listed.body.find((i: { uid: string }) => i.uid === integrationUid).state).toBe('needs_reconnect');
    // Until it is reconnected the event cannot follow: the change is refused as such.
    expect((await patchTask(task.uid, { due_date: '2026-12-02' })).body.code).toBe('integration_needs_reconnect');
  });
});
