import { describe, expect, it, vi } from 'vitest';
import type { Role } from '#shared/constants';
import { listTasksQuery, updateTaskBody, type CreateTaskBody } from '#shared/schemas/task';
import type { WorkspaceContext } from '#lib/context';
import { DomainError, ValidationError } from '#lib/errors';
import { code } from './error-code';
import type { GuardedOutcome } from '#data/conditions';
import type { Membership } from '#data/memberships';
import type { ProjectItem, ProjectMemberItem } from '#data/projects';
import { nextQueryLimit, type TaskStreamsRequest } from '#data/task-list';
import type { TaskChange, TaskItem } from '#data/tasks';
import type { ReviewLinkItem } from '#data/review-links';
import type { RecordingItem } from '#data/recordings';
import type { WorkspaceItem } from '#data/workspaces';
import { applyFields, labelsOf, newLabels, newTaskItem, searchTextOf, uniqueLabels } from '#core/tasks/task-fields';
import { openTask } from '#core/tasks/open-task';
import { createTasks, type CreateTasksDeps } from '#core/tasks/create-task';
import { nextVersion, updateTask, type UpdateTaskDeps } from '#core/tasks/update-task';
import { listTasks, MAX_PROJECT_STREAMS, planStreams } from '#core/tasks/list-tasks';
import { labelNames, listLabelNames } from '#core/tasks/labels';
import { decideReview, decideReviewPost, getReview, getReviewPosts, shareForReview, type ReviewDeps } from '#core/tasks/review';
import { reviewUrl, taskPagePath } from '#core/tasks/task-links';
import { toTask } from '#core/tasks/task-view';
import { deleteTask } from '#core/tasks/delete-task';
import type { CalendarEventDeps } from '#core/integrations/calendar-events';
import type { DeliveryItem } from '#data/deliveries';
import type { DeliveryIntegration } from '#data/integrations-for-delivery';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const clock = () => NOW;
const ctx = (userId = 'alice', role: Role = 'admin'): WorkspaceContext => ({ workspaceId: 'ws1', userId, email: `${userId}@acme.com`, role });
const project = (projectId = 'p1', over: Partial<ProjectItem> = {}): ProjectItem => ({
  workspaceId: 'ws1', projectId, name: `Brand ${projectId}`, slug: `brand-${projectId}`, phase: 'active', ownerId: 'alice', createdAt: NOW.toISOString(), ...over,
});
const granted = (userId: string, projectId = 'p1'): ProjectMemberItem => ({
  workspaceId: 'ws1', projectId, userId, role: 'member', status: 'granted', updatedAt: NOW.toISOString(),
});
/** The directory a list reads, as the wrapper hands it (requests 0) or from the projects Query (requests 1). */
const directory =
  (projects: ProjectItem[], members: ProjectMemberItem[], requests = 1) =>
  async (c: WorkspaceContext) => ({
    projects: projects.map(({ projectId, name, slug }) => ({ projectId, name, slug })),
    granted: members.filter((m) => m.userId === c.userId && m.status === 'granted').map((m) => m.projectId),
    requests,
  });
const joined = (userId: string, role: Role = 'member'): Membership => ({ workspaceId: 'ws1', userId, email: `${userId}@acme.com`, role, status: 'joined', joinedAt: '' });
const task = (over: Partial<TaskItem> = {}): TaskItem =>
  ({
    workspaceId: 'ws1', taskId: 't1', number: 7, projectId: 'p1', summary: 'Reel', searchText: 'reel #7', createdBy: 'alice', status: 'todo',
    priority: '1', ticketType: 'task', source: 'screen', totalSpent: 0, calendarDay: '-', reminderDueAt: '-', reminderShard: 'due',
    createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', ...over,
  }) as TaskItem;
/** For tasks sent nowhere: no calendar event to follow or delete. */
const noCalendarEvents = (): CalendarEventDeps => ({
  clock,
  listTaskDeliveries: async () => [],
  getIntegrationsForDelivery: async () => [],
  saveProviderOutcome: async () => undefined,
  calendar: { moveEvent: vi.fn(), deleteEvent: vi.fn() },
  markEventRemoved: async () => undefined,
});

describe('task fields', () => {
  it('sets what is given, clears null and empty text, keeps what is absent', () => {
    const before = task({ overview: 'Keep', caption: 'Drop', hook: 'Drop too', tags: ['a'] });
    const after = applyFields(before, updateTaskBody.parse({ caption: null, hook: '  ', tags: [], priority: '3', due_date: '2026-12-01' }));
    expect(after).toMatchObject({ overview: 'Keep', tags: [], priority: '3', dueDate: '2026-12-01' });
    expect(after).not.toHaveProperty('caption');
    expect(after).not.toHaveProperty('hook');
  });

  it('a reminder set anew is unsent again; a cleared reminder goes whole', () => {
    const sent = task({ reminderAt: '2026-11-21T09:00:00.000Z', reminderEnabled: true, reminderSentAt: '2026-11-21T09:00:05.000Z' });
    expect(applyFields(sent, { reminder: { at: '2026-11-22T09:00:00.000Z', enabled: true } })).toMatchObject({ reminderAt: '2026-11-22T09:00:00.000Z', reminderEnabled: true });
    expect(applyFields(sent, { reminder: { at: '2026-11-22T09:00:00.000Z', enabled: true } })).not.toHaveProperty('reminderSentAt');
    const cleared = applyFields(sent, { reminder: null });
    for (const attribute of ['reminderAt', 'reminderEnabled', 'reminderSentAt']) expect(cleared).not.toHaveProperty(attribute);
    expect(applyFields(sent, { summary: 'x' }).reminderSentAt).toBe(sent.reminderSentAt);
  });

  it('keeps the search text in step with the summary and number', () => {
    expect(searchTextOf('Espresso LAUNCH', 12)).toBe('espresso launch #12');
    expect(applyFields(task(), { summary: 'New Name' }).searchText).toBe('new name #7');
  });

  it('a new task takes the defaults of spec 3', () => {
    const item = newTaskItem({ summary: 'Hi', project_uid: 'p1' } as CreateTaskBody, { workspaceId: 'ws1', taskId: 't9', number: 3, createdBy: 'bob', now: NOW.toISOString(), status: 'todo' });
    expect(item).toMatchObject({ status: 'todo', priority: '1', ticketType: 'task', source: 'screen', totalSpent: 0, searchText: 'hi #3', createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() });
  });

  it('labels: per project, once each (case-insensitively), only the new ones on a change', () => {
    const labels = labelsOf(task({ tags: ['Launch', 'reels'], milestone: 'Q1' }));
    expect(labels).toEqual([
      { kind: 'tag', projectId: 'p1', name: 'Launch' },
      { kind: 'tag', projectId: 'p1', name: 'reels' },
      { kind: 'milestone', projectId: 'p1', name: 'Q1' },
    ]);
    expect(uniqueLabels([...labels, { kind: 'tag', projectId: 'p1', name: 'launch' }])).toHaveLength(3);
    expect(newLabels(task({ tags: ['a'] }), task({ tags: ['a', 'b'] }))).toEqual([{ kind: 'tag', projectId: 'p1', name: 'b' }]);
    // Moving to another project brings every label into that project's vocabulary.
    expect(newLabels(task({ tags: ['a'] }), task({ tags: ['a'], projectId: 'p2' }))).toEqual([{ kind: 'tag', projectId: 'p2', name: 'a' }]);
  });

  it('each write is a new version, even within one millisecond', () => {
    expect(nextVersion(NOW, '2026-11-20T10:00:00.000Z')).toBe(NOW.toISOString());
    expect(nextVersion(NOW, NOW.toISOString())).toBe('2026-11-21T10:00:00.001Z');
  });
});

describe('links and the API shape', () => {
  it('builds the SPA path of a task once, and the review link on it', () => {
    expect(taskPagePath('acme', 'T1')).toBe('/project/acme/tasks/T1');
    expect(reviewUrl('https://app.example', 'acme', 'T1', 'tok')).toBe('https://app.example/project/acme/tasks/T1?review=tok');
  });

  it('answers null and empty lists for absent fields, files newest first with their signed links', () => {
    const item = task({
      reviewToken: 'tok',
      attachments: [
        { key: 'k1', name: 'a.png', size: 1, contentType: 'image/png' },
        { key: 'k2', name: 'b.pdf', size: 2, contentType: 'application/pdf' },
      ],
    });
    const api = toTask(item, { project: project(), fileUrls: new Map([['k1', 'https://s3/k1']]), appUrl: 'https://app' });
    expect(api).toMatchObject({ uid: 't1', id: 7, due_date: null, tags: [], reminder: null, assignee: null, hook_variations: [], total_spent: 0 });
    expect(api.review_link).toBe('https://app/project/brand-p1/tasks/t1?review=tok');
    expect(api.attachments.map((f) => [f.key, f.url])).toEqual([['k2', ''], ['k1', 'https://s3/k1']]);
    expect(api.created).toBe(Date.parse(item.createdAt) / 1000);
  });
});

describe('opening a task', () => {
  const deps = (found?: TaskItem, member?: ProjectMemberItem) => ({
    getTaskItem: async () => found,
    getProjectAndMember: async () => ({ project: project(), ...(member ? { member } : {}) }),
  });

  it('needs the task and, for a member, access to its project; an admin opens every project', async () => {
    expect(await code(openTask(deps(undefined), ctx(), 't1'))).toBe('task_not_found');
    expect(await code(openTask(deps(task()), ctx('bob', 'member'), 't1'))).toBe('user_not_in_project');
    expect(await code(openTask(deps(task(), { ...granted('bob'), status: 'requested' }), ctx('bob', 'member'), 't1'))).toBe('user_not_in_project');
    expect((await openTask(deps(task(), granted('bob')), ctx('bob', 'member'), 't1')).project.slug).toBe('brand-p1');
    expect((await openTask(deps(task()), ctx(), 't1')).task.taskId).toBe('t1');
  });
});

describe('creating tasks', () => {
  const setup = (over: Partial<CreateTasksDeps> = {}) => {
    const written: TaskItem[][] = [];
    const deps: CreateTasksDeps = {
      clock,
      newTaskId: vi.fn(() => `t${Math.random().toString(36).slice(2, 8)}`),
      newActivityId: () => 'a1',
      listProjectsWithMembers: async () => ({ projects: [project('p1'), project('p2')], members: [granted('bob', 'p1'), granted('cara', 'p2')] }),
      findMembership: async (_w, userId) => (userId === 'zed' ? undefined : joined(userId, userId === 'alice' ? 'admin' : 'member')),
      reserveTaskNumbers: vi.fn(async (_c: WorkspaceContext, count: number) => 41 - count + 1 + 0 * count),
      createTasksTransaction: vi.fn(async (_c, tasks: TaskItem[]) => {
        written.push(tasks);
        return 'done' as GuardedOutcome;
      }),
      appUrl: 'https://app',
      listIntegrations: async () => [],
      newDeliveryId: () => 'd1',
      getRecording: async () => undefined,
      signFile: async (key) => `https://signed/${key}`,
      ...over,
    };
    return { deps, written };
  };
  const input = (over: Partial<CreateTaskBody> = {}) => ({ summary: 'S', project_uid: 'p1', ...over }) as CreateTaskBody;

  it('checks every task before reserving a number or writing anything', async () => {
    for (const [bad, expected] of [
      [input({ project_uid: 'nope' }), 'project_not_found'],
      [input({ project_uid: 'p2' }), 'user_not_in_project'],
      [input({ assignee: 'cara' }), 'assignee_not_in_project'],
      [input({ assignee: 'zed' }), 'assignee_not_in_project'],
    ] as const) {
      const { deps, written } = setup();
      expect(await code(createTasks(deps, ctx('bob', 'member'), [input(), bad]))).toBe(expected);
      expect(deps.reserveTaskNumbers).not.toHaveBeenCalled();
      expect(written).toEqual([]);
    }
  });

  it('an admin creates in every project and may assign an admin anywhere; numbers follow one reservation', async () => {
    const { deps, written } = setup({ reserveTaskNumbers: vi.fn(async () => 40) });
    const tasks = await createTasks(deps, ctx('alice'), [input({ project_uid: 'p2', assignee: 'alice' }), input({ assignee: 'bob', status: 'draft' })]);
    expect(deps.reserveTaskNumbers).toHaveBeenCalledTimes(1);
    expect(tasks.map((t) => [t.id, t.status, t.assignee])).toEqual([[40, 'todo', 'alice'], [41, 'draft', 'bob']]);
    expect(written).toHaveLength(1);
  });

  it('writes the created activity of each task and each label once', async () => {
    const { deps } = setup();
    await createTasks(deps, ctx(), [input({ tags: ['x', 'y'], milestone: 'M' }), input({ tags: ['X'] })]);
    const [, tasks, activities, labels] = vi.mocked(deps.createTasksTransaction).mock.calls[0]!;
    expect(activities.map((a) => [a.taskId, a.type, a.to, a.actor])).toEqual(tasks.map((t) => [t.taskId, 'created', 'todo', 'alice']));
    expect(labels.map((l) => `${l.kind}:${l.name}`)).toEqual(['tag:x', 'tag:y', 'milestone:M']);
  });

  it('retries a transaction cancelled by a racing write on a shared label', async () => {
    const outcomes: GuardedOutcome[] = ['conflict', 'done'];
    const { deps } = setup({ createTasksTransaction: vi.fn(async () => outcomes.shift()!) });
    expect(await createTasks(deps, ctx(), [input()])).toHaveLength(1);
    expect(deps.createTasksTransaction).toHaveBeenCalledTimes(2);
  });
});

describe('updating a task', () => {
  const setup = (versions: TaskItem[], outcomes: GuardedOutcome[] = ['done'], over: Partial<UpdateTaskDeps> = {}) => {
    const reads = [...versions];
    const deps: UpdateTaskDeps = {
      clock,
      newActivityId: () => 'a1',
      openTask: vi.fn(async () => ({ task: reads.length > 1 ? reads.shift()! : reads[0]!, project: project() })),
      getProjectAndMember: async (_c, projectId, userId) => ({
        ...(projectId === 'gone' ? {} : { project: project(projectId) }),
        ...(userId === 'bob' && projectId === 'p1' ? { member: granted('bob') } : {}),
      }),
      findMembership: async (_w, userId) => joined(userId, userId === 'alice' ? 'admin' : 'member'),
      updateTaskTransaction: vi.fn(async () => outcomes.shift() ?? 'done'),
      signFile: async () => 'signed',
      appUrl: 'https://app',
      calendarEvents: noCalendarEvents(),
      ...over,
    };
    return deps;
  };
  const change = (deps: UpdateTaskDeps, call = 0) => vi.mocked(deps.updateTaskTransaction).mock.calls[call]![0] as TaskChange;

  it('refuses a status the transition table does not allow from the current one', async () => {
    const deps = setup([task({ status: 'todo' })]);
    expect(await code(updateTask(deps, ctx(), 't1', { status: 'published' }))).toBe('task_transition_refused');
    expect(deps.updateTaskTransaction).not.toHaveBeenCalled();
  });

  it('records a status change as an activity in the same write, conditioned on the version read', async () => {
    const current = task({ status: 'todo' });
    const deps = setup([current]);
    const answer = await updateTask(deps, ctx(), 't1', { status: 'in_progress' });
    expect(answer.status).toBe('in_progress');
    expect(change(deps).current).toBe(current);
    expect(change(deps).activity).toMatchObject({ type: 'status', from: 'todo', to: 'in_progress', actor: 'alice' });
    expect(change(deps).next.updatedAt).toBe(NOW.toISOString());
  });

  it('writes no activity when the status stays', async () => {
    const deps = setup([task()]);
    await updateTask(deps, ctx(), 't1', { summary: 'New', status: 'todo' });
    expect(change(deps).activity).toBeUndefined();
  });

  it('after a racing write, re-checks on the new version and writes once more', async () => {
    const deps = setup([task({ status: 'todo' }), task({ status: 'in_progress', updatedAt: '2026-11-20T11:00:00.000Z' })], ['stale', 'done']);
    expect((await updateTask(deps, ctx(), 't1', { status: 'paused' })).status).toBe('paused');
    expect(change(deps, 1).activity).toMatchObject({ from: 'in_progress', to: 'paused' });
  });

  it('answers task_changed when the change is no longer valid on the new version, or it keeps changing', async () => {
    const moved = setup([task({ status: 'todo' }), task({ status: 'done' })], ['stale']);
    expect(await code(updateTask(moved, ctx(), 't1', { status: 'paused' }))).toBe('task_changed');
    const busy = setup([task()], ['stale', 'stale', 'done']);
    expect(await code(updateTask(busy, ctx(), 't1', { summary: 'x' }))).toBe('task_changed');
    expect(busy.updateTaskTransaction).toHaveBeenCalledTimes(2);
  });

  it('a move needs access to the target project too; a missing one is project_not_found', async () => {
    expect(await code(updateTask(setup([task()]), ctx('bob', 'member'), 't1', { project_uid: 'p2' }))).toBe('user_not_in_project');
    expect(await code(updateTask(setup([task()]), ctx(), 't1', { project_uid: 'gone' }))).toBe('project_not_found');
    const deps = setup([task()]);
    expect((await updateTask(deps, ctx(), 't1', { project_uid: 'p2' })).projects.slug).toBe('brand-p2');
  });

  it('a new assignee (or the assignee of a moved task) must be able to open the project', async () => {
    expect(await code(updateTask(setup([task()]), ctx(), 't1', { assignee: 'cara' }))).toBe('assignee_not_in_project');
    expect(await updateTask(setup([task()]), ctx(), 't1', { assignee: 'bob' })).toMatchObject({ assignee: 'bob' });
    expect(await code(updateTask(setup([task({ assignee: 'bob' })]), ctx(), 't1', { project_uid: 'p2' }))).toBe('assignee_not_in_project');
    expect(await updateTask(setup([task({ assignee: 'bob' })]), ctx(), 't1', { assignee: null, project_uid: 'p2' })).toMatchObject({ assignee: null });
  });

  it('an empty patch changes nothing', async () => {
    const deps = setup([task()]);
    expect((await updateTask(deps, ctx(), 't1', {})).summary).toBe('Reel');
    expect(deps.updateTaskTransaction).not.toHaveBeenCalled();
  });
});

describe('deleting a task', () => {
  it('removes the task item first, then what hung off it and every file', async () => {
    const order: string[] = [];
    const item = task({ attachments: [{ key: 'k1', name: 'a', size: 1, contentType: 'image/png' }], audio: [{ key: 'k2', name: 'b', size: 1, contentType: 'audio/webm' }] });
    await deleteTask(
      {
        openTask: async () => ({ task: item, project: project() }),
        removeTaskItem: async () => (order.push('task'), true),
        getRecording: vi.fn(),
        removeTaskWithRecording: vi.fn(),
        purgeTaskLeftovers: async () => (order.push('rest'), [{ key: 'k3' }]),
        deleteObjects: async (keys) => void order.push(`files:${keys.join(',')}`),
        calendarEvents: noCalendarEvents(),
      },
      ctx(),
      't1',
    );
    expect(order).toEqual(['task', 'rest', 'files:k1,k2,k3']);
  });

  it('answers task_not_found when another delete got there first', async () => {
    const purge = vi.fn();
    const outcome = deleteTask(
      {
        openTask: async () => ({ task: task(), project: project() }),
        removeTaskItem: async () => false,
        getRecording: vi.fn(),
        removeTaskWithRecording: vi.fn(),
        purgeTaskLeftovers: purge,
        deleteObjects: vi.fn(),
        calendarEvents: noCalendarEvents(),
      },
      ctx(),
      't1',
    );
    expect(await code(outcome)).toBe('task_not_found');
    expect(purge).not.toHaveBeenCalled();
  });

  it('deletes the task with its recording in one write, reading again when it went stale, and the video and poster after', async () => {
    const order: string[] = [];
    const item = task({ recording: { recordingId: 'r1', key: 'vid', posterKey: 'pos', durationMs: 1, size: 1, contentType: 'video/webm' } });
    const recording = { workspaceId: item.workspaceId, recordingId: 'r1', key: 'vid', posterKey: 'pos', taskId: item.taskId, shareIds: ['s1'] } as unknown as RecordingItem;
    const together = vi.fn().mockResolvedValueOnce('stale').mockImplementationOnce(async () => (order.push('task+recording'), 'done'));
    const removeAlone = vi.fn();
    await deleteTask(
      {
        openTask: async () => ({ task: item, project: project() }),
        removeTaskItem: removeAlone,
        getRecording: async () => recording,
        removeTaskWithRecording: together,
        purgeTaskLeftovers: async () => (order.push('rest'), []),
        deleteObjects: async (keys) => void order.push(`files:${keys.join(',')}`),
        calendarEvents: noCalendarEvents(),
        retryTiming: { sleep: async () => undefined },
      },
      ctx(),
      't1',
    );
    expect(together).toHaveBeenCalledTimes(2);
    expect(together).toHaveBeenLastCalledWith(item, recording);
    expect(removeAlone).not.toHaveBeenCalled();
    expect(order).toEqual(['task+recording', 'rest', 'files:vid,pos']);
  });

  /** A task sent to Google Calendar, its event `e1` made through integration `i1` (connected unless said). */
  const withEvent = (order: string[], deleted: { ok: boolean }, state: DeliveryIntegration['state'] = 'connected') => {
    const sent = task({ integrations: [{ type: 'calendar', projectIntegrationUid: 'i1', success: true }] } as Partial<TaskItem>);
    const delivery = { workspaceId: 'ws1', taskId: 't1', deliveryId: 'd1', projectId: 'p1', integrationUid: 'i1', type: 'calendar', status: 'sent', externalId: 'e1' } as DeliveryItem;
    const integration = { uid: 'i1', type: 'calendar', name: 'Team calendar', state, settings: {}, secrets: {}, item: { projectId: 'p1' } } as unknown as DeliveryIntegration;
    const calendarEvents: CalendarEventDeps = {
      ...noCalendarEvents(),
      listTaskDeliveries: async () => [delivery],
      getIntegrationsForDelivery: async () => [integration],
      calendar: {
        moveEvent: vi.fn(),
        deleteEvent: vi.fn(async ({ externalId }) => (order.push(`event:${externalId}`), deleted.ok ? { ok: true as const, latencyMs: 1 } : { ok: false as const, retryable: true, status: 500, error: 'Backend Error', latencyMs: 1 })),
      },
      markEventRemoved: async (removed) => void order.push(`marked:${removed.deliveryId}`),
    };
    return {
      openTask: async () => ({ task: sent, project: project() }),
      removeTaskItem: async () => (order.push('task'), true),
      getRecording: vi.fn(),
      removeTaskWithRecording: vi.fn(),
      purgeTaskLeftovers: async () => (order.push('rest'), []),
      deleteObjects: vi.fn(),
      calendarEvents,
    };
  };

  it('deletes its Google Calendar event first, and marks the delivery, before the task goes', async () => {
    const order: string[] = [];
    await deleteTask(withEvent(order, { ok: true }), ctx(), 't1');
    expect(order).toEqual(['event:e1', 'marked:d1', 'task', 'rest']);
  });

  it('keeps the task when Google fails to delete the event (calendar_update_failed) or the integration needs a reconnect', async () => {
    const failed: string[] = [];
    expect(await code(deleteTask(withEvent(failed, { ok: false }), ctx(), 't1'))).toBe('calendar_update_failed');
    expect(failed).toEqual(['event:e1']);
    const disconnected: string[] = [];
    expect(await code(deleteTask(withEvent(disconnected, { ok: true }, 'needs_reconnect'), ctx(), 't1'))).toBe('integration_needs_reconnect');
    expect(disconnected).toEqual([]);
  });
});

describe('listing tasks', () => {
  const setup = (members: ProjectMemberItem[] = [], directoryRequests = 1) => {
    const requests: TaskStreamsRequest[] = [];
    const deps = {
      projectDirectory: directory([project('p1'), project('p2'), project('p3')], members, directoryRequests),
      readTaskStreams: vi.fn(async (_c: WorkspaceContext, request: TaskStreamsRequest) => {
        requests.push(request);
        return { streams: request.streams.map(() => ({ items: [], exhausted: true })), requests: request.streams.length };
      }),
      signFile: async () => '',
      appUrl: 'https://app',
    };
    return { deps, requests };
  };
  const query = (raw: Record<string, string> = {}) => listTasksQuery.parse(raw);

  it('an admin reads the default statuses as one stream of open tasks, newest first, and counts its requests', async () => {
    const { deps, requests } = setup();
    const { page, requests: count } = await listTasks(deps, ctx(), query());
    expect(requests[0]!.streams).toEqual([{ index: 'byOpen' }]);
    expect(requests[0]).toMatchObject({ mode: 'updated', order: 'desc', limit: 50, filters: {} });
    expect(page).toEqual({ items: [], cursor: null });
    expect(count).toBe(1 + 1);
  });

  it("a member reads only the brands they can open; asking for others reads nothing", async () => {
    const { deps, requests } = setup([granted('bob', 'p2')]);
    await listTasks(deps, ctx('bob', 'member'), query({ status: 'todo' }));
    expect(requests[0]!.streams).toEqual([{ index: 'byProjectStatus', projectId: 'p2', status: 'todo' }]);
    const { page, requests: count } = await listTasks(deps, ctx('bob', 'member'), query({ projectFilter: 'p1,p3' }));
    expect([page.items, count, requests.length]).toEqual([[], 1, 1]);
    const none = setup([]);
    expect((await listTasks(none.deps, ctx('bob', 'member'), query())).requests).toBe(1);
    expect(none.deps.readTaskStreams).not.toHaveBeenCalled();
  });

  it('with the directory the wrapper read, a page costs only its streams, for a member and an admin', async () => {
    const member = setup([granted('bob', 'p1'), granted('bob', 'p3')], 0);
    const { requests: count } = await listTasks(member.deps, ctx('bob', 'member'), query({ status: 'todo' }));
    expect(count).toBe(member.requests[0]!.streams.length);
    expect(member.requests[0]).toMatchObject({ streams: [{ index: 'byStatus', status: 'todo' }], filters: { projectIds: ['p1', 'p3'] } });
    const admin = setup([], 0);
    expect((await listTasks(admin.deps, ctx(), query({ status: 'todo' }))).requests).toBe(1);
    expect((await listTasks(setup([], 0).deps, ctx('bob', 'member'), query())).requests).toBe(0);
  });

  it('turns the filters into stream filters (unassigned apart, text lower-cased)', async () => {
    const { deps, requests } = setup();
    await listTasks(deps, ctx(), query({ tags: 'a,a,b', userFilter: 'unassigned,u1', teamFilter: 'u2', filter: 'LaUnCh', ticket_type: 'post', post_platform: 'x', milestones: 'Q1' }));
    expect(requests[0]!.filters).toEqual({ tags: ['a', 'b'], assignees: ['u1'], unassigned: true, creators: ['u2'], text: 'launch', types: ['post'], platforms: ['x'], milestones: ['Q1'] });
  });

  it('caps each list filter, so the FilterExpression stays within DynamoDB\'s size limit', async () => {
    const { deps } = setup();
    const many = Array.from({ length: 21 }, (_, i) => `v${i}`).join(',');
    expect(await code(listTasks(deps, ctx(), query({ tags: many })))).toBe('400:tags');
    expect(await code(listTasks(deps, ctx(), query({ teamFilter: many })))).toBe('400:teamFilter');
    expect(await code(listTasks(deps, ctx(), query({ milestones: `${many},v1,v2` })))).toBe('400:milestones');
    expect(await code(listTasks(deps, ctx(), query({ userFilter: many.split(',').slice(1).join(',') })))).toBe('resolved');
  });

  it('turns day ranges into sort-key ranges: updated by instants, the calendar by days (asc by default)', async () => {
    const { deps, requests } = setup();
    await listTasks(deps, ctx(), query({ updated_from: '2026-01-01', updated_to: '2026-01-31' }));
    expect(requests[0]).toMatchObject({ from: { at: '2026-01-01t00:00:00.000z' }, until: { at: '2026-02-01t00:00:00.000z' } });
    await listTasks(deps, ctx(), query({ due_from: '2026-02-01', due_to: '2026-02-28', status: 'todo,done' }));
    expect(requests[1]).toMatchObject({ mode: 'due', order: 'asc', streams: [{ index: 'byDueDate' }], from: { at: '2026-02-01' }, until: { at: '2026-03-01' } });
    expect(requests[1]!.filters.statuses).toEqual(['todo', 'done']);
    expect(await code(listTasks(deps, ctx(), query({ due_from: '2026-02-30' })))).toBe('400:due_from');
  });

  it('a project scope reads per project and status while that stays small, else per status with a project filter', () => {
    expect(planStreams('updated', ['todo'], ['p1', 'p2']).streams).toHaveLength(2);
    const wide = planStreams('updated', ['todo', 'done'], Array.from({ length: MAX_PROJECT_STREAMS }, (_, i) => `p${i}`));
    expect(wide.streams).toEqual([{ index: 'byStatus', status: 'todo' }, { index: 'byStatus', status: 'done' }]);
    expect(wide.projectIds).toHaveLength(MAX_PROJECT_STREAMS);
    expect(planStreams('due', ['todo'], undefined)).toEqual({ streams: [{ index: 'byDueDate' }], statuses: ['todo'] });
  });

  it('continues from a cursor of the same listing only', async () => {
    const { deps, requests } = setup();
    const more = {
      ...deps,
      readTaskStreams: vi.fn(async (_c: WorkspaceContext, request: TaskStreamsRequest) => ({
        streams: [{ items: [task({ updatedAt: '2026-01-02T00:00:00.000Z' }), task({ taskId: 't2', updatedAt: '2026-01-01T00:00:00.000Z' })], exhausted: true }],
        requests: (requests.push(request), 1),
      })),
    };
    const first = await listTasks(more, ctx(), query({ limit: '1', status: 'todo' }));
    expect(first.page.items.map((t) => t.uid)).toEqual(['t1']);
    await listTasks(more, ctx(), query({ limit: '1', status: 'todo', cursor: first.page.cursor! }));
    expect(requests[1]!.after).toEqual({ at: '2026-01-02t00:00:00.000z', id: 't1' });
    expect(await code(listTasks(more, ctx(), query({ order: 'asc', cursor: first.page.cursor! })))).toBe('400:cursor');
  });
});

describe('sizing a stream\'s Queries', () => {
  it('asks for a page at first, then for what the match rate says the missing matches need, within bounds', () => {
    expect(nextQueryLimit(50, 0, 0)).toBe(50);
    // Half matched: 40 missing at a rate of 1/2, with a margin.
    expect(nextQueryLimit(50, 10, 20)).toBe(100);
    // Nothing matched yet: assume 1 in 16, capped per call.
    expect(nextQueryLimit(10, 0, 10)).toBe(200);
    expect(nextQueryLimit(50, 0, 50)).toBe(400);
    // Never less than a page.
    expect(nextQueryLimit(50, 49, 50)).toBe(50);
  });
});

describe('labels', () => {
  it('sorts names for a picker and keeps each once, whatever its case', () => {
    expect(labelNames([
      { kind: 'tag', projectId: 'p1', name: 'beta' },
      { kind: 'tag', projectId: 'p2', name: 'Alpha' },
      { kind: 'tag', projectId: 'p2', name: 'Beta' },
    ])).toEqual(['Alpha', 'beta']);
  });

  it('a member gets the labels of the brands they can open only', async () => {
    const deps = {
      listLabels: async () => [
        { kind: 'tag' as const, projectId: 'p1', name: 'open' },
        { kind: 'tag' as const, projectId: 'p2', name: 'closed' },
      ],
      projectDirectory: directory([project('p1'), project('p2')], [granted('bob', 'p1')]),
    };
    expect(await listLabelNames(deps, ctx('bob', 'member'), 'tag')).toEqual(['open']);
    expect(await listLabelNames(deps, ctx(), 'tag')).toEqual(['closed', 'open']);
    expect(await code(listLabelNames(deps, ctx('bob', 'member'), 'tag', 'p2'))).toBe('user_not_in_project');
  });
});

describe('review decisions', () => {
  const workspace: WorkspaceItem = { workspaceId: 'ws1', name: 'Acme', ownerId: 'alice', whitelisted: true, createdAt: NOW.toISOString() };
  const link: ReviewLinkItem = { workspaceId: 'ws1', taskId: 't1', token: 'tok', createdBy: 'alice', createdAt: NOW.toISOString() };
  const setup = (versions: TaskItem[], outcomes: GuardedOutcome[] = ['done'], over: Partial<ReviewDeps> = {}) => {
    const reads = [...versions];
    const deps: ReviewDeps = {
      clock,
      newActivityId: () => 'a9',
      getReviewLink: async (token) => (token === 'tok' ? link : undefined),
      getReviewSubject: async () => ({ task: reads.length > 1 ? reads.shift()! : reads[0]!, workspace, project: project() }),
      listTaskActivity: async () => [],
      updateTaskTransaction: vi.fn(async () => outcomes.shift() ?? 'done'),
      signFile: async () => 'signed',
      ...over,
    };
    return deps;
  };

  it('opens only through the live token of the task', async () => {
    expect(await code(getReview(setup([task({ reviewToken: 'tok' })]), 'other'))).toBe('review_link_not_found');
    expect(await code(getReview(setup([task({ reviewToken: 'newer' })]), 'tok'))).toBe('review_link_not_found');
    const view = await getReview(setup([task({ reviewToken: 'tok', status: 'in_review' })]), 'tok');
    expect(view).toMatchObject({ workspace_name: 'Acme', can_decide: true });
    expect(view.task).not.toHaveProperty('review_link');
  });

  const teamAndReviewer = [
    { workspaceId: 'ws1', taskId: 't1', activityId: 'a1', type: 'created' as const, at: NOW.toISOString(), actor: 'alice', to: 'todo' as const },
    { workspaceId: 'ws1', taskId: 't1', activityId: 'a2', type: 'status' as const, at: NOW.toISOString(), actor: 'alice', from: 'todo' as const, to: 'paused' as const },
    { workspaceId: 'ws1', taskId: 't1', activityId: 'a3', type: 'review' as const, at: NOW.toISOString(), reviewerName: 'Rita', comment: 'Nice', from: 'in_review' as const, to: 'approved' as const },
  ];

  it("shows a visitor the reviewers' decisions only: none of the team's moves, no one of the team", async () => {
    const view = await getReview(setup([task({ reviewToken: 'tok' })], ['done'], { listTaskActivity: async () => teamAndReviewer }), 'tok');
    expect(view.activity.map((a) => [a.type, a.actor, a.reviewer_name])).toEqual([['review', null, 'Rita']]);
    expect(JSON.stringify(view)).not.toContain('alice');
  });

  it('answers the posts of a one-task link with its decisions, and of a link of several in its order', async () => {
    const deps = setup([task({ reviewToken: 'tok', status: 'in_review' })], ['done'], { listTaskActivity: async () => teamAndReviewer });
    const postsDeps = { ...deps, getReviewPostsSubject: async () => ({ workspace, posts: [{ task: task({ reviewToken: 'tok', status: 'in_review' }), project: project() }] }) };
    const one = await getReviewPosts(postsDeps, 'tok');
    expect(one.posts.map((p) => [p.task.uid, p.can_decide, p.decisions])).toEqual([['t1', true, [{ decision: 'approved', at: NOW.toISOString(), reviewer_name: 'Rita', comment: 'Nice' }]]]);
    // A one-task link whose task names another token was replaced.
    const replaced = { ...postsDeps, getReviewPostsSubject: async () => ({ workspace, posts: [{ task: task({ reviewToken: 'newer' }), project: project() }] }) };
    expect(await code(getReviewPosts(replaced, 'tok'))).toBe('review_link_not_found');
  });

  it('decides one post of a link of several on its version only (no token on the task), and only a post of the link', async () => {
    const several: ReviewLinkItem = { ...link, token: 'set', taskIds: ['t1', 't2'] };
    const posts = [
      { task: task({ status: 'needs_approval' }), project: project() },
      { task: task({ taskId: 't2', status: 'needs_approval' }), project: project() },
    ];
    const deps = {
      ...setup([task()]),
      getReviewLink: async (token: string) => (token === 'set' ? several : undefined),
      getReviewPostsSubject: async () => ({ workspace, posts }),
    };
    expect(await code(decideReviewPost(deps, 'set', 't3', { decision: 'approved' }))).toBe('task_not_found');
    const view = await decideReviewPost(deps, 'set', 't2', { decision: 'approved' });
    expect(view.posts.map((p) => [p.task.uid, p.task.status, p.can_decide])).toEqual([['t1', 'needs_approval', true], ['t2', 'approved', false]]);
    const written = vi.mocked(deps.updateTaskTransaction).mock.calls[0]![0];
    expect([written.current.taskId, written.reviewToken]).toEqual(['t2', undefined]);
  });

  it('shares several tasks only when each waits for review, as one link naming them in order', async () => {
    const opened = { t1: task({ status: 'needs_approval' }), t2: task({ taskId: 't2', status: 'in_review' }), t3: task({ taskId: 't3', status: 'todo' }) };
    const createSharedReviewLink = vi.fn(async () => undefined);
    const deps = {
      clock,
      newToken: () => 'fresh',
      appUrl: 'https://app',
      openTask: async (_ctx: unknown, taskId: string) => ({ task: opened[taskId as keyof typeof opened], project: project() }),
      createSharedReviewLink,
    };
    expect(await code(shareForReview(deps, ctx(), ['t1', 't3']))).toBe('review_task_not_ready');
    expect(createSharedReviewLink).not.toHaveBeenCalled();
    const shared = await shareForReview(deps, ctx(), ['t2', 't1']);
    expect(shared).toEqual({ url: 'https://app/review/fresh', token: 'fresh', created_at: NOW.toISOString(), task_ids: ['t2', 't1'] });
    expect(createSharedReviewLink).toHaveBeenCalledWith(expect.objectContaining({ workspaceId: 'ws1', taskId: 't2', taskIds: ['t2', 't1'], createdBy: 'alice' }));
  });

  it('decides only while the task waits for review, with a review activity without actor, on the live token', async () => {
    expect(await code(decideReview(setup([task({ reviewToken: 'tok' })]), 'tok', { decision: 'approved' }))).toBe('task_not_in_review');
    const deps = setup([task({ reviewToken: 'tok', status: 'needs_approval' })]);
    const view = await decideReview(deps, 'tok', { decision: 'rejected', comment: 'Redo', reviewer_name: 'Rita' });
    expect(view).toMatchObject({ can_decide: false, task: { status: 'rejected' } });
    const written = vi.mocked(deps.updateTaskTransaction).mock.calls[0]![0];
    expect(written.reviewToken).toBe('tok');
    expect(written.activity).toMatchObject({ type: 'review', from: 'needs_approval', to: 'rejected', comment: 'Redo', reviewerName: 'Rita' });
    expect(written.activity).not.toHaveProperty('actor');
  });

  it('a decision racing another sees the task decided and says it is no longer in review', async () => {
    const deps = setup([task({ reviewToken: 'tok', status: 'in_review' }), task({ reviewToken: 'tok', status: 'approved' })], ['stale']);
    expect(await code(decideReview(deps, 'tok', { decision: 'rejected' }))).toBe('task_not_in_review');
  });

  it('is refused in a workspace that is locked', async () => {
    const locked = { ...workspace, whitelisted: false, createdAt: '2020-01-01T00:00:00.000Z' };
    const deps = setup([task({ reviewToken: 'tok', status: 'in_review' })], ['done'], { getReviewSubject: async () => ({ task: task({ reviewToken: 'tok', status: 'in_review' }), workspace: locked, project: project() }) });
    expect(await code(decideReview(deps, 'tok', { decision: 'approved' }))).toBe('workspace_inactive');
  });
});
