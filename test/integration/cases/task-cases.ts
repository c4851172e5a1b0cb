import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { userIdOf } from '../support/team';
import { ws, type Case, type World } from '../support/route-case';

type Owner = { token: string; workspaceId: string };

/** A setup call that must succeed; answers its body. */
export const must = async (owner: { token: string }, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) => {
  const answer = await api(method, path, { token: owner.token, ...(body !== undefined ? { body } : {}) });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/** A new project (brand) of the owner's workspace, with a unique name. */
export const createProject = (owner: Owner, name = `Tasks ${randomUUID().slice(0, 8)}`): Promise<{ uid: string; slug: string; name: string }> =>
  must(owner, 'POST', `/workspaces/${owner.workspaceId}/projects`, { name });

/** A new task; in a new project unless one is named. */
export const createTask = async (owner: Owner, fields: Record<string, unknown> = {}) => {
  const project_uid = (fields.project_uid as string | undefined) ?? (await createProject(owner)).uid;
  return must(owner, 'POST', `/workspaces/${owner.workspaceId}/tickets`, { summary: `Task ${randomUUID().slice(0, 6)}`, ...fields, project_uid });
};

const alice = (w: World): Owner => ({ token: w.alice.token, workspaceId: w.alice.workspaceId });
const labels = (w: World, kind: 'tags' | 'milestones', projectId?: string, token = w.alice.token) =>
  api('GET', `/tickets/${kind}${projectId ? `/${projectId}` : ''}?workspaceId=${w.alice.workspaceId}`, { token });

/** A task of Alice's shared for review (created waiting for approval, so a decision can be given). */
const sharedTask = async (w: World) => {
  const task = await createTask(alice(w), { status: 'needs_approval', caption: 'Summer is here' });
  const link = await must(alice(w), 'POST', `/tickets/${task.uid}/review-link`);
  return { task, token: link.token as string };
};

/** Integration cases (happy path, 400, 401, 403 across workspaces) of the task routes. */
export const taskCases = {
  getDashboard: {
    happy: async (w) => {
      await createTask(alice(w), { summary: 'Late for the dashboard', assignee: userIdOf(w.alice.token), due_date: '2020-01-06' });
      return api('GET', `${ws(w)}/dashboard?today=2026-11-24`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => {
      expect(body).toMatchObject({ today: '2026-11-24', week_end: '2026-11-29', complete: true });
      expect(body.overdue.items).toEqual(expect.arrayContaining([expect.objectContaining({ summary: 'Late for the dashboard', due_date: '2020-01-06' })]));
    },
    bad: { call: (w) => api('GET', `${ws(w)}/dashboard?today=2026-02-30`, { token: w.alice.token }), field: 'today' },
    foreign: (w) => api('GET', `${ws(w)}/dashboard`, { token: w.mallory.token }),
  },
  listTasks: {
    happy: async (w) => {
      const task = await createTask(alice(w), { summary: 'Listed task' });
      return api('GET', `${ws(w)}/tickets?projectFilter=${task.project_uid}`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => {
      expect(body.cursor).toBeNull();
      expect(body.items).toEqual([expect.objectContaining({ summary: 'Listed task', status: 'todo', priority: '1', ticket_type: 'task' })]);
    },
    bad: { call: (w) => api('GET', `${ws(w)}/tickets?limit=0`, { token: w.alice.token }), field: 'limit' },
    foreign: (w) => api('GET', `${ws(w)}/tickets`, { token: w.mallory.token }),
  },
  createTask: {
    happy: async (w) => {
      const project = await createProject(alice(w), `Created ${randomUUID().slice(0, 6)}`);
      return api('POST', `${ws(w)}/tickets`, {
        token: w.alice.token,
        body: { summary: '  Launch reel ', project_uid: project.uid, tags: ['reels'], milestone: 'Q3', ticket_type: 'post', post_platform: 'tiktok' },
      });
    },
    expectHappy: ({ status, body }, w) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({
        summary: 'Launch reel', status: 'todo', priority: '1', source: 'screen', ticket_type: 'post', post_platform: 'tiktok',
        tags: ['reels'], milestone: 'Q3', assignee: null, workspace_uid: w.alice.workspaceId, total_spent: 0, review_link: null,
        attachments: [], audio: [], projects: { slug: expect.stringMatching(/^created-/), name: expect.stringMatching(/^Created /) },
      });
      expect(body.id).toBeGreaterThan(0);
    },
    bad: { call: (w) => api('POST', `${ws(w)}/tickets`, { token: w.alice.token, body: { summary: ' ', project_uid: 'abc' } }), field: 'summary' },
    foreign: (w) => api('POST', `${ws(w)}/tickets`, { token: w.mallory.token, body: { summary: 'Mine', project_uid: 'abc' } }),
  },
  bulkCreateTasks: {
    happy: async (w) => {
      const project = await createProject(alice(w));
      return api('POST', `${ws(w)}/tickets/bulk`, {
        token: w.alice.token,
        body: { tickets: [{ summary: 'First', project_uid: project.uid }, { summary: 'Second', project_uid: project.uid, status: 'draft' }] },
      });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body.map((t: any) => [t.summary, t.status])).toEqual([['First', 'todo'], ['Second', 'draft']]);
      expect(body[1].id).toBe(body[0].id + 1);
    },
    bad: { call: (w) => api('POST', `${ws(w)}/tickets/bulk`, { token: w.alice.token, body: { tickets: [] } }), field: 'tickets' },
    foreign: (w) => api('POST', `${ws(w)}/tickets/bulk`, { token: w.mallory.token, body: { tickets: [{ summary: 'x', project_uid: 'abc' }] } }),
  },
  listTags: {
    happy: async (w) => {
      await createTask(alice(w), { tags: ['zeta-tag', 'Alpha-tag'] });
      return labels(w, 'tags');
    },
    expectHappy: ({ body }) => {
      expect(body).toEqual(expect.arrayContaining(['Alpha-tag', 'zeta-tag']));
      expect(body.indexOf('Alpha-tag')).toBeLessThan(body.indexOf('zeta-tag'));
    },
    bad: { call: (w) => api('GET', '/tickets/tags?workspaceId=bad!id', { token: w.alice.token }), field: 'workspaceId' },
    foreign: (w) => labels(w, 'tags', undefined, w.mallory.token),
  },
  listProjectTags: {
    happy: async (w) => {
      const task = await createTask(alice(w), { tags: ['only-here'] });
      return labels(w, 'tags', task.project_uid);
    },
    expectHappy: ({ body }) => expect(body).toEqual(['only-here']),
    bad: { call: (w) => api('GET', `/tickets/tags/bad!id?workspaceId=${w.alice.workspaceId}`, { token: w.alice.token }), field: 'projectId' },
    foreign: (w) => labels(w, 'tags', 'abc', w.mallory.token),
  },
  listMilestones: {
    happy: async (w) => {
      await createTask(alice(w), { milestone: 'Spring drop' });
      return labels(w, 'milestones');
    },
    expectHappy: ({ body }) => expect(body).toEqual(expect.arrayContaining(['Spring drop'])),
    bad: { call: (w) => api('GET', '/tickets/milestones', { token: w.alice.token }), field: 'workspaceId' },
    foreign: (w) => labels(w, 'milestones', undefined, w.mallory.token),
  },
  listProjectMilestones: {
    happy: async (w) => {
      const task = await createTask(alice(w), { milestone: 'Holiday push' });
      return labels(w, 'milestones', task.project_uid);
    },
    expectHappy: ({ body }) => expect(body).toEqual(['Holiday push']),
    bad: { call: (w) => api('GET', `/tickets/milestones/bad!id?workspaceId=${w.alice.workspaceId}`, { token: w.alice.token }), field: 'projectId' },
    foreign: (w) => labels(w, 'milestones', 'abc', w.mallory.token),
  },
  getTask: {
    happy: async (w) => {
      const task = await createTask(alice(w), { summary: 'Read me', hook_variations: ['a', 'b'] });
      return api('GET', `/tickets/${task.uid}`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ summary: 'Read me', hook_variations: ['a', 'b'], projects: { slug: expect.any(String) } }),
    bad: { call: (w) => api('GET', '/tickets/bad!id', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('GET', `/tickets/${(await createTask(alice(w))).uid}`, { token: w.mallory.token }),
  },
  updateTask: {
    happy: async (w) => {
      const task = await createTask(alice(w), { overview: 'Old', estimate: 3 });
      return api('PATCH', `/tickets/${task.uid}`, { token: w.alice.token, body: { status: 'in_progress', overview: null, priority: '3' } });
    },
    expectHappy: ({ body }) => expect(body).toMatchObject({ status: 'in_progress', overview: null, priority: '3', estimate: 3 }),
    bad: { call: (w) => api('PATCH', '/tickets/abc', { token: w.alice.token, body: { priority: '9' } }), field: 'priority' },
    foreign: async (w) => api('PATCH', `/tickets/${(await createTask(alice(w))).uid}`, { token: w.mallory.token, body: { summary: 'Mine' } }),
  },
  deleteTask: {
    happy: async (w) => {
      const task = await createTask(alice(w));
      return api('DELETE', `/tickets/${task.uid}`, { token: w.alice.token });
    },
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: (w) => api('DELETE', '/tickets/bad!id', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('DELETE', `/tickets/${(await createTask(alice(w))).uid}`, { token: w.mallory.token }),
  },
  listTaskActivity: {
    happy: async (w) => {
      const task = await createTask(alice(w));
      await must(alice(w), 'PATCH', `/tickets/${task.uid}`, { status: 'in_progress' });
      return api('GET', `/tickets/${task.uid}/activity`, { token: w.alice.token });
    },
    expectHappy: ({ body }) =>
      expect(body.map((a: any) => [a.type, a.from, a.to])).toEqual([
        ['created', null, 'todo'],
        ['status', 'todo', 'in_progress'],
      ]),
    bad: { call: (w) => api('GET', '/tickets/bad!id/activity', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('GET', `/tickets/${(await createTask(alice(w))).uid}/activity`, { token: w.mallory.token }),
  },
  createReviewLink: {
    happy: async (w) => {
      const task = await createTask(alice(w));
      return api('POST', `/tickets/${task.uid}/review-link`, { token: w.alice.token });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.url).toMatch(new RegExp(`/project/[a-z0-9-]+/tasks/[A-Za-z0-9_-]+\\?review=${body.token}$`));
    },
    bad: { call: (w) => api('POST', '/tickets/bad!id/review-link', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('POST', `/tickets/${(await createTask(alice(w))).uid}/review-link`, { token: w.mallory.token }),
  },
  deleteReviewLink: {
    happy: async (w) => {
      const { task } = await sharedTask(w);
      return api('DELETE', `/tickets/${task.uid}/review-link`, { token: w.alice.token });
    },
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: (w) => api('DELETE', '/tickets/bad!id/review-link', { token: w.alice.token }), field: 'id' },
    foreign: async (w) => api('DELETE', `/tickets/${(await sharedTask(w)).task.uid}/review-link`, { token: w.mallory.token }),
  },
  getReview: {
    happy: async (w) => api('GET', `/review/${(await sharedTask(w)).token}`),
    expectHappy: ({ body }) => {
      expect(body).toMatchObject({ workspace_name: 'Alice studio', can_decide: true, task: { status: 'needs_approval', caption: 'Summer is here' } });
      expect(Object.keys(body.task)).not.toEqual(expect.arrayContaining(['review_link']));
      expect(body.task).not.toHaveProperty('assignee');
    },
    bad: { call: () => api('GET', '/review/short'), field: 'token' },
  },
  decideReview: {
    happy: async (w) =>
      api('POST', `/review/${(await sharedTask(w)).token}`, { body: { decision: 'approved', comment: 'Love it', reviewer_name: 'Rita' } }),
    expectHappy: ({ body }) => {
      expect(body).toMatchObject({ can_decide: false, task: { status: 'approved' } });
      expect(body.activity.at(-1)).toMatchObject({ type: 'review', actor: null, reviewer_name: 'Rita', comment: 'Love it', from: 'needs_approval', to: 'approved' });
    },
    bad: { call: (w) => api('POST', `/review/${'a'.repeat(43)}`, { body: { decision: 'maybe' } }), field: 'decision' },
  },
  shareForReview: {
    happy: async (w) => {
      const { task } = await sharedTask(w);
      const other = await createTask(alice(w), { status: 'in_review' });
      return api('POST', `${ws(w)}/review-links`, { token: w.alice.token, body: { task_ids: [task.uid, other.uid] } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body.url).toMatch(new RegExp(`/review/${body.token}$`));
      expect(body.task_ids).toHaveLength(2);
    },
    bad: { call: (w) => api('POST', `${ws(w)}/review-links`, { token: w.alice.token, body: { task_ids: [] } }), field: 'task_ids' },
    foreign: async (w) => api('POST', `${ws(w)}/review-links`, { token: w.mallory.token, body: { task_ids: [(await sharedTask(w)).task.uid] } }),
  },
  getReviewPosts: {
    happy: async (w) => api('GET', `/review/${(await sharedTask(w)).token}/posts`),
    expectHappy: ({ body }) => {
      expect(body).toMatchObject({ workspace_name: 'Alice studio', posts: [{ can_decide: true, decisions: [], task: { status: 'needs_approval', caption: 'Summer is here' } }] });
      expect(body.posts[0].task).not.toHaveProperty('assignee');
    },
    bad: { call: () => api('GET', '/review/short/posts'), field: 'token' },
  },
  decideReviewPost: {
    happy: async (w) => {
      const { task, token } = await sharedTask(w);
      return api('POST', `/review/${token}/posts/${task.uid}`, { body: { decision: 'rejected', comment: 'Warmer please', reviewer_name: 'Rita' } });
    },
    expectHappy: ({ body }) => {
      expect(body.posts[0]).toMatchObject({ can_decide: false, task: { status: 'rejected' }, decisions: [{ decision: 'rejected', comment: 'Warmer please', reviewer_name: 'Rita' }] });
    },
    bad: { call: () => api('POST', `/review/${'a'.repeat(43)}/posts/bad!id`, { body: { decision: 'approved' } }), field: 'id' },
  },
} satisfies Partial<Record<RouteName, Case>>;
