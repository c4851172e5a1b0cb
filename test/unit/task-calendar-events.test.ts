import { describe, expect, it, vi } from 'vitest';
import type { WorkspaceContext } from '#lib/context';
import type { SendResult } from '#lib/providers/provider';
import type { DeliveryItem } from '#data/deliveries';
import type { IntegrationItem } from '#data/integrations';
import type { DeliveryIntegration } from '#data/integrations-for-delivery';
import type { ProjectItem } from '#data/projects';
import type { TaskItem } from '#data/tasks';
import type { GuardedOutcome } from '#data/conditions';
import type { CalendarEventDeps } from '#core/integrations/calendar-events';
import { updateTask, type UpdateTaskDeps } from '#core/tasks/update-task';
import { code } from './error-code';

/** The task's Google Calendar events on task edits (core/integrations/calendar-events through updateTask). */
const NOW = new Date('2026-11-21T10:00:00.000Z');
const clock = () => NOW;
const ctx: WorkspaceContext = { workspaceId: 'ws1', userId: 'alice', email: 'alice@acme.com', role: 'admin' };
const project: ProjectItem = { workspaceId: 'ws1', projectId: 'p1', name: 'Brand', slug: 'brand', phase: 'active', ownerId: 'alice', createdAt: NOW.toISOString() } as ProjectItem;
const task = (over: Partial<TaskItem> = {}): TaskItem =>
  ({
    workspaceId: 'ws1', taskId: 't1', number: 7, projectId: 'p1', summary: 'Reel', searchText: 'reel #7', createdBy: 'alice', status: 'todo',
    priority: '1', ticketType: 'task', source: 'screen', totalSpent: 0, calendarDay: '2026-12-01', reminderDueAt: '-', reminderShard: 'due',
    dueDate: '2026-12-01', integrations: [{ type: 'calendar', success: true, projectIntegrationUid: 'cal1' }],
    createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', ...over,
  }) as TaskItem;
const delivery = (over: Partial<DeliveryItem> = {}): DeliveryItem =>
  ({
    workspaceId: 'ws1', taskId: 't1', deliveryId: 'd1', projectId: 'p1', integrationUid: 'cal1', type: 'calendar', summaryIndex: 0, status: 'sent',
    attempts: 1, seriesStart: 0, externalId: 'ev1', link: 'https://calendar/ev1', retryDueAt: '-', retryShard: 'due', createdAt: '', updatedAt: '', ...over,
  }) as DeliveryItem;
const integration = (over: Partial<DeliveryIntegration> = {}): DeliveryIntegration => ({
  uid: 'cal1', type: 'calendar', name: 'Team', state: 'connected', settings: { calendar_id: 'primary' }, secrets: { access_token: 'old' },
  item: { workspaceId: 'ws1', projectId: 'p1', integrationUid: 'cal1' } as IntegrationItem, ...over,
});
const ok: SendResult = { ok: true, status: 200, latencyMs: 1 };
const failed: SendResult = { ok: false, retryable: true, status: 500, error: 'Backend Error', latencyMs: 1 };

const setup = (options: { deliveries?: DeliveryItem[]; integrations?: DeliveryIntegration[]; outcomes?: (GuardedOutcome | Error)[]; move?: SendResult[]; remove?: SendResult[] } = {}) => {
  const outcomes = [...(options.outcomes ?? ['done'])];
  const moves = [...(options.move ?? [])];
  const removes = [...(options.remove ?? [])];
  const calendarEvents: CalendarEventDeps = {
    clock,
    listTaskDeliveries: vi.fn(async () => options.deliveries ?? [delivery()]),
    getIntegrationsForDelivery: vi.fn(async () => options.integrations ?? [integration()]),
    saveProviderOutcome: vi.fn(async () => undefined),
    calendar: { moveEvent: vi.fn(async () => moves.shift() ?? ok), deleteEvent: vi.fn(async () => removes.shift() ?? ok) },
    markEventRemoved: vi.fn(async () => undefined),
  };
  const deps: UpdateTaskDeps = {
    clock,
    newActivityId: () => 'a1',
    openTask: vi.fn(async () => ({ task: task(), project })),
    getProjectAndMember: async () => ({ project, member: { workspaceId: 'ws1', projectId: 'p1', userId: 'bob', role: 'member', status: 'granted', updatedAt: '' } }),
    findMembership: async (_w, userId) => ({ workspaceId: 'ws1', userId, email: `${userId}@acme.com`, role: 'member', status: 'joined', joinedAt: '' }),
    updateTaskTransaction: vi.fn(async () => {
      const next = outcomes.shift() ?? 'done';
      if (next instanceof Error) throw next;
      return next;
    }),
    signFile: async () => 'signed',
    appUrl: 'https://app',
    calendarEvents,
    retryTiming: { sleep: async () => undefined },
  };
  const moveCalls = () => vi.mocked(calendarEvents.calendar.moveEvent).mock.calls.map(([input]) => input.dueDate);
  return { deps, calendarEvents, moveCalls };
};

describe('a task with a calendar event, on edit', () => {
  it('an edit that leaves the due date and the assignee alone does not look for events', async () => {
    const { deps, calendarEvents } = setup();
    expect(await code(updateTask(deps, ctx, 't1', { priority: '2' }))).toBe('resolved');
    expect(calendarEvents.listTaskDeliveries).not.toHaveBeenCalled();
  });

  it('a task never sent to a calendar is not looked up either', async () => {
    const { deps, calendarEvents } = setup();
    vi.mocked(deps.openTask).mockResolvedValue({ task: task({ integrations: [{ type: 'webhook', success: true, projectIntegrationUid: 'w1' }] }), project });
    expect(await code(updateTask(deps, ctx, 't1', { due_date: '2026-12-03', assignee: 'bob' }))).toBe('resolved');
    expect(calendarEvents.listTaskDeliveries).not.toHaveBeenCalled();
  });

  it('refuses an assignee change (field assignee) and calls nothing', async () => {
    const { deps, calendarEvents } = setup();
    const refused = updateTask(deps, ctx, 't1', { assignee: 'bob', due_date: '2026-12-03' });
    await expect(refused).rejects.toMatchObject({ code: 'cant_change_assignee_with_existing_calendar_event', field: 'assignee' });
    expect(calendarEvents.calendar.moveEvent).not.toHaveBeenCalled();
    expect(deps.updateTaskTransaction).not.toHaveBeenCalled();
  });

  it('an event whose integration was removed no longer locks the assignee nor moves', async () => {
    const { deps, calendarEvents } = setup({ integrations: [] });
    expect(await code(updateTask(deps, ctx, 't1', { assignee: 'bob', due_date: '2026-12-03' }))).toBe('resolved');
    expect(calendarEvents.calendar.moveEvent).not.toHaveBeenCalled();
  });

  it('moves the event before the write, and stores the renewed token', async () => {
    const renewed = { access_token: 'new' };
    const { deps, calendarEvents, moveCalls } = setup({ move: [{ ...ok, refreshedSecrets: renewed }] });
    expect(await code(updateTask(deps, ctx, 't1', { due_date: '2026-12-03' }))).toBe('resolved');
    expect(moveCalls()).toEqual(['2026-12-03']);
    expect(vi.mocked(calendarEvents.calendar.moveEvent).mock.calls[0]![0]).toMatchObject({ externalId: 'ev1', settings: { calendar_id: 'primary' } });
    expect(calendarEvents.saveProviderOutcome).toHaveBeenCalledWith(expect.objectContaining({ integrationUid: 'cal1' }), { refreshedSecrets: renewed, unauthorized: false });
    expect(vi.mocked(calendarEvents.calendar.moveEvent).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(deps.updateTaskTransaction).mock.invocationCallOrder[0]!);
  });

  it('a provider failure answers calendar_update_failed and writes nothing; an unauthorized one marks the integration', async () => {
    const { deps, calendarEvents } = setup({ move: [{ ...failed, status: 401, retryable: false, unauthorized: true }] });
    await expect(updateTask(deps, ctx, 't1', { due_date: '2026-12-03' })).rejects.toMatchObject({ code: 'calendar_update_failed', status: 502 });
    expect(deps.updateTaskTransaction).not.toHaveBeenCalled();
    expect(calendarEvents.saveProviderOutcome).toHaveBeenCalledWith(expect.anything(), { refreshedSecrets: undefined, unauthorized: true });
  });

  it('a disconnected integration refuses the change without calling Google', async () => {
    const { deps, calendarEvents } = setup({ integrations: [integration({ state: 'needs_reconnect' })] });
    expect(await code(updateTask(deps, ctx, 't1', { due_date: '2026-12-03' }))).toBe('integration_needs_reconnect');
    expect(calendarEvents.calendar.moveEvent).not.toHaveBeenCalled();
  });

  it('with two events, the second failing moves the first back', async () => {
    const second = delivery({ deliveryId: 'd2', integrationUid: 'cal2', externalId: 'ev2' });
    const { deps, moveCalls } = setup({ deliveries: [delivery(), second], integrations: [integration(), integration({ uid: 'cal2' })], move: [ok, failed] });
    expect(await code(updateTask(deps, ctx, 't1', { due_date: '2026-12-03' }))).toBe('calendar_update_failed');
    expect(moveCalls()).toEqual(['2026-12-03', '2026-12-03', '2026-12-01']);
  });

  it('a write that throws moves the event back to the stored due date (best effort) and fails as it did', async () => {
    const { deps, moveCalls } = setup({ outcomes: [new Error('table unreachable')] });
    expect(await code(updateTask(deps, ctx, 't1', { due_date: '2026-12-03' }))).toBe('Error: table unreachable');
    expect(moveCalls()).toEqual(['2026-12-03', '2026-12-01']);
  });

  it('a stale write moves the event back, and the next round moves it again on the version read', async () => {
    const { deps, moveCalls } = setup({ outcomes: ['stale', 'done'] });
    expect(await code(updateTask(deps, ctx, 't1', { due_date: '2026-12-03' }))).toBe('resolved');
    expect(moveCalls()).toEqual(['2026-12-03', '2026-12-01', '2026-12-03']);
    expect(deps.updateTaskTransaction).toHaveBeenCalledTimes(2);
  });

  it('clearing the due date deletes the event and marks the delivery before the write; a failed delete saves nothing', async () => {
    const cleared = setup();
    expect(await code(updateTask(cleared.deps, ctx, 't1', { due_date: null }))).toBe('resolved');
    expect(cleared.calendarEvents.calendar.deleteEvent).toHaveBeenCalledWith(expect.objectContaining({ externalId: 'ev1' }));
    expect(cleared.calendarEvents.markEventRemoved).toHaveBeenCalledWith(expect.objectContaining({ deliveryId: 'd1' }), NOW.toISOString());
    expect(vi.mocked(cleared.deps.updateTaskTransaction).mock.calls[0]![0].next).not.toHaveProperty('dueDate');

    const refused = setup({ remove: [failed] });
    expect(await code(updateTask(refused.deps, ctx, 't1', { due_date: null }))).toBe('calendar_update_failed');
    expect(refused.calendarEvents.markEventRemoved).not.toHaveBeenCalled();
    expect(refused.deps.updateTaskTransaction).not.toHaveBeenCalled();
  });

  it('a delivery not sent yet (or whose event is gone) has no event to follow', async () => {
    const { deps, calendarEvents } = setup({ deliveries: [delivery({ status: 'pending', externalId: undefined }), delivery({ deliveryId: 'd2', externalId: undefined })] });
    expect(await code(updateTask(deps, ctx, 't1', { assignee: 'bob', due_date: '2026-12-03' }))).toBe('resolved');
    expect(calendarEvents.getIntegrationsForDelivery).not.toHaveBeenCalled();
  });
});
