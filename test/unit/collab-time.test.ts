import { describe, expect, it, vi } from 'vitest';
import { createTimeEntryBody, TIME_ENTRY_LEAD_SECONDS } from '#shared/schemas/collab';
import type { GuardedOutcome } from '#data/conditions';
import type { CreateEntryOutcome, TimeEntryItem } from '#data/time-entries';
import {
  applyTimeEntryUpdate,
  createTimeEntry,
  deleteTimeEntry,
  listTaskTimeEntries,
  secondsBetween,
  updateTimeEntry,
} from '#core/time/task-time-entries';
import { listWorkspaceTimeEntries, toTimeEntries } from '#core/time/list-time-entries';
import { clock, code, ctx, NOW, opener, project, task } from './collab-fixtures';

const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000).toISOString();
/** When the fixture task was created. */
const CREATED = NOW.toISOString();
const noPause = { sleep: async () => {}, random: () => 0 };
const entry = (over: Partial<TimeEntryItem> = {}): TimeEntryItem => ({
  workspaceId: 'ws1', entryId: 'e1', taskId: 't1', projectId: 'p1', userId: 'bob', startedAt: at(90), endedAt: at(30), seconds: 3600, ...over,
});

describe('secondsBetween', () => {
  it('counts whole seconds of an entry that ends after it starts and not in the future', () => {
    expect(secondsBetween(at(61), at(0), NOW, CREATED)).toBe(3660);
    expect(() => secondsBetween(at(0), at(1), NOW, CREATED)).toThrow('end after it starts');
    expect(() => secondsBetween(at(5), at(5), NOW, CREATED)).toThrow();
    expect(() => secondsBetween(at(5), new Date(NOW.getTime() + 3_600_000).toISOString(), NOW, CREATED)).toThrow();
  });

  it('bounds an entry: at most 24 hours long, starting at most a week before the task was created', async () => {
    const created = at(3 * 24 * 60);
    expect(secondsBetween(at(2 * 24 * 60), at(24 * 60), NOW, created)).toBe(24 * 3600);
    expect(await code((async () => secondsBetween(at(2 * 24 * 60 + 1), at(24 * 60), NOW, created))())).toBe('time_entry_too_long');
    const earliest = 3 * 24 * 60 + TIME_ENTRY_LEAD_SECONDS / 60;
    expect(secondsBetween(at(earliest), at(earliest - 60), NOW, created)).toBe(3600);
    expect(await code((async () => secondsBetween(at(earliest + 1), at(earliest - 60), NOW, created))())).toBe('time_entry_too_early');
    expect(await code((async () => secondsBetween('1900-01-01T00:00:00.000Z', at(1), NOW, CREATED))())).toBe('time_entry_too_early');
  });
});

describe('createTimeEntry', () => {
  const deps = (outcomes: CreateEntryOutcome[] = ['done']) => ({
    clock,
    newEntryId: () => 'e9',
    openTask: opener(),
    createTimeEntryTransaction: vi.fn(async (_e: TimeEntryItem) => outcomes.shift() ?? 'done'),
    retryTiming: noPause,
  });

  it('starts a timer from now, with the task project', async () => {
    const d = deps();
    expect(await createTimeEntry(d, ctx('bob', 'member'), 't1', {})).toEqual({
      uid: 'e9', task_uid: 't1', project_uid: 'p1', user_uid: 'bob', started_at: NOW.toISOString(), ended_at: null, seconds: 0,
    });
  });

  it("refuses a second running timer when the transaction finds the person's guard (timer_already_running)", async () => {
    expect(await code(createTimeEntry(deps(['running']), ctx('bob', 'member'), 't1', {}))).toBe('timer_already_running');
  });

  it('retries a transaction conflict with a pause, and answers service_busy (503) when conflicts persist', async () => {
    const d = deps(['conflict', 'done']);
    expect(await code(createTimeEntry(d, ctx('bob', 'member'), 't1', {}))).toBe('resolved');
    expect(d.createTimeEntryTransaction).toHaveBeenCalledTimes(2);
    expect(await code(createTimeEntry(deps(Array(5).fill('conflict')), ctx('bob', 'member'), 't1', {}))).toBe('service_busy');
  });

  it('refuses a manual entry from 1900 (time_entry_too_early) and one longer than 24 hours', async () => {
    expect(await code(createTimeEntry(deps(), ctx(), 't1', { started_at: '1900-01-01T00:00:00.000Z', ended_at: at(1) }))).toBe('time_entry_too_early');
    const old = { ...deps(), openTask: opener(() => task({ createdAt: at(3 * 24 * 60) })) };
    expect(await code(createTimeEntry(old, ctx(), 't1', { started_at: at(2 * 24 * 60), ended_at: at(1) }))).toBe('time_entry_too_long');
  });

  it('adds a manual entry with its seconds (normalised times), refusing impossible ones and a half-given one', async () => {
    const d = deps();
    const manual = await createTimeEntry(d, ctx(), 't1', { started_at: '2026-11-21T08:00:00+01:00', ended_at: '2026-11-21T07:30:00Z' });
    expect(manual).toMatchObject({ started_at: '2026-11-21T07:00:00.000Z', ended_at: '2026-11-21T07:30:00.000Z', seconds: 1800 });
    expect(d.createTimeEntryTransaction).toHaveBeenCalledWith(expect.objectContaining({ seconds: 1800, projectId: 'p1' }));
    expect(await code(createTimeEntry(deps(), ctx(), 't1', { started_at: at(10), ended_at: at(20) }))).toBe('time_entry_invalid');
    expect(await code(createTimeEntry(deps(), ctx(), 't1', { started_at: at(10), ended_at: new Date(NOW.getTime() + 3_600_000).toISOString() }))).toBe('time_entry_invalid');
    expect(await code(createTimeEntry(deps(), ctx(), 't1', { started_at: at(10) }))).toBe('400:ended_at');
    expect(await code(createTimeEntry(deps(), ctx(), 't1', { ended_at: at(10) }))).toBe('400:started_at');
    expect(createTimeEntryBody.safeParse({ started_at: 'yesterday' }).success).toBe(false);
  });

  it('answers task_not_found when the task went away before the transaction', async () => {
    expect(await code(createTimeEntry(deps(['stale']), ctx(), 't1', {}))).toBe('task_not_found');
  });
});

describe('applyTimeEntryUpdate', () => {
  it('stops a running timer with its seconds, and leaves a stopped one as is', () => {
    expect(applyTimeEntryUpdate(entry({ startedAt: at(2), endedAt: undefined, seconds: 0 }), { stop: true }, NOW, CREATED)).toEqual({
      startedAt: at(2), endedAt: NOW.toISOString(), seconds: 120,
    });
    expect(applyTimeEntryUpdate(entry(), { stop: true }, NOW, CREATED)).toBeUndefined();
  });

  it('stops a timer forgotten for two days a day after its start', () => {
    const created = at(3 * 24 * 60);
    expect(applyTimeEntryUpdate(entry({ startedAt: at(2 * 24 * 60), endedAt: undefined, seconds: 0 }), { stop: true }, NOW, created)).toEqual({
      startedAt: at(2 * 24 * 60), endedAt: at(24 * 60), seconds: 24 * 3600,
    });
  });

  it('refuses to move a start to long before the task was created', () => {
    expect(() => applyTimeEntryUpdate(entry(), { started_at: '1900-01-01T00:00:00.000Z' }, NOW, CREATED)).toThrow(/a week before/);
    expect(() => applyTimeEntryUpdate(entry({ endedAt: undefined, seconds: 0 }), { started_at: '1900-01-01T00:00:00.000Z' }, NOW, CREATED)).toThrow(/a week before/);
  });

  it('edits times, keeping the one not given', () => {
    expect(applyTimeEntryUpdate(entry(), { ended_at: at(0) }, NOW, CREATED)).toEqual({ startedAt: at(90), endedAt: at(0), seconds: 5400 });
    expect(applyTimeEntryUpdate(entry({ endedAt: undefined, seconds: 0 }), { started_at: at(10) }, NOW, CREATED)).toEqual({ startedAt: at(10), seconds: 0 });
  });

  it('refuses an empty update, stop with times, and impossible times', () => {
    expect(() => applyTimeEntryUpdate(entry(), {}, NOW, CREATED)).toThrow('body');
    expect(() => applyTimeEntryUpdate(entry(), { stop: true, ended_at: at(0) }, NOW, CREATED)).toThrow('stop');
    expect(() => applyTimeEntryUpdate(entry(), { started_at: at(10) }, NOW, CREATED)).toThrow();
  });
});

describe('updateTimeEntry and deleteTimeEntry', () => {
  const deps = (found: TimeEntryItem | undefined, outcomes: GuardedOutcome[] = ['done']) => ({
    clock,
    openTask: opener(),
    getTimeEntryItem: vi.fn(async () => found),
    updateTimeEntryTransaction: vi.fn(async (_r: TimeEntryItem, _n: Pick<TimeEntryItem, 'startedAt' | 'endedAt' | 'seconds'>) => outcomes.shift() ?? 'done'),
    deleteTimeEntryTransaction: vi.fn(async (_r: TimeEntryItem) => outcomes.shift() ?? 'done'),
    retryTiming: noPause,
  });

  it('lets the owner change their entry, and moves the total by the difference through the transaction', async () => {
    const d = deps(entry());
    const updated = await updateTimeEntry(d, ctx('bob', 'member'), 't1', 'e1', { ended_at: at(0) });
    expect(updated).toMatchObject({ seconds: 5400, ended_at: at(0) });
    expect(d.updateTimeEntryTransaction).toHaveBeenCalledWith(entry(), { startedAt: at(90), endedAt: at(0), seconds: 5400 });
  });

  it("refuses someone else's entry to a member (time_entry_not_yours) but not to a workspace admin", async () => {
    expect(await code(updateTimeEntry(deps(entry()), ctx('carol', 'member'), 't1', 'e1', { stop: true }))).toBe('time_entry_not_yours');
    expect(await code(deleteTimeEntry(deps(entry()), ctx('carol', 'member'), 't1', 'e1'))).toBe('time_entry_not_yours');
    expect(await code(deleteTimeEntry(deps(entry()), ctx('alice', 'admin'), 't1', 'e1'))).toBe('resolved');
  });

  it('refuses an entry of another task, or none', async () => {
    expect(await code(updateTimeEntry(deps(entry({ taskId: 't2' })), ctx('bob', 'member'), 't1', 'e1', { stop: true }))).toBe('time_entry_not_found');
    expect(await code(deleteTimeEntry(deps(undefined), ctx('bob', 'member'), 't1', 'e1'))).toBe('time_entry_not_found');
  });

  it('reads again when the entry changed meanwhile (a stop racing a stop answers the stopped entry)', async () => {
    const running = entry({ endedAt: undefined, seconds: 0 });
    const d = deps(running, ['stale']);
    d.getTimeEntryItem.mockResolvedValueOnce(running).mockResolvedValueOnce(entry({ endedAt: at(1), seconds: 5340 }));
    expect(await updateTimeEntry(d, ctx('bob', 'member'), 't1', 'e1', { stop: true })).toMatchObject({ seconds: 5340 });
    expect(d.updateTimeEntryTransaction).toHaveBeenCalledTimes(1);
  });
});

describe('time entry lists', () => {
  it('answer a task total with its entries, and the workspace list with project_uid', async () => {
    const out = await listTaskTimeEntries({ openTask: opener(() => task({ totalSpent: 3600 })), listTaskTimeEntryItems: async () => [entry()] }, ctx(), 't1');
    expect(out).toEqual({ total_spent: 3600, entries: [expect.objectContaining({ uid: 'e1', project_uid: 'p1', seconds: 3600 })] });
    expect(toTimeEntries([entry()]).entries[0]).toMatchObject({ project_uid: 'p1', task_uid: 't1' });
  });
});

describe("the workspace's time entries", () => {
  const entries = [entry({ entryId: 'open', projectId: 'p1' }), entry({ entryId: 'closed', projectId: 'p2' })];
  const deps = () => ({
    listTimeEntries: vi.fn(async () => entries),
    projectDirectory: vi.fn(async () => ({
      projects: [project(), project({ projectId: 'p2', slug: 'other' })].map(({ projectId, name, slug }) => ({ projectId, name, slug })),
      granted: ['p1'],
      requests: 0,
    })),
  });

  it('shows a member only the entries of the projects they can open', async () => {
    const out = await listWorkspaceTimeEntries(deps(), ctx('bob', 'member'));
    expect(out.entries.map((e) => e.uid)).toEqual(['open']);
  });

  it('shows a workspace admin every entry, without reading the projects', async () => {
    const d = deps();
    expect((await listWorkspaceTimeEntries(d, ctx('alice', 'admin'))).entries.map((e) => e.uid)).toEqual(['open', 'closed']);
    expect(d.projectDirectory).not.toHaveBeenCalled();
  });
});
