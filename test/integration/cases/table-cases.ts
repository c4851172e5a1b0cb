import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { ws, type Case, type World } from '../support/route-case';
import { createProject, createTask } from './task-cases';

const alice = (w: World) => ({ token: w.alice.token, workspaceId: w.alice.workspaceId });

/** Integration cases (happy path, 400, 401, 403 across workspaces) of the task table's routes. */
export const tableCases = {
  bulkUpdateTasks: {
    happy: async (w) => {
      const project = await createProject(alice(w));
      const tasks = await Promise.all(['One', 'Two'].map((summary) => createTask(alice(w), { summary, project_uid: project.uid })));
      return api('POST', `${ws(w)}/tickets/bulk-update`, { token: w.alice.token, body: { ids: tasks.map((t) => t.uid), changes: { status: 'in_progress', due_date: '2031-02-03' } } });
    },
    expectHappy: ({ body }) => {
      expect(body.deleted).toEqual([]);
      expect(body.items.map((t: { summary: string; status: string; due_date: string }) => [t.summary, t.status, t.due_date])).toEqual([
        ['One', 'in_progress', '2031-02-03'],
        ['Two', 'in_progress', '2031-02-03'],
      ]);
    },
    bad: { call: (w) => api('POST', `${ws(w)}/tickets/bulk-update`, { token: w.alice.token, body: { ids: [], changes: { status: 'done' } } }), field: 'ids' },
    foreign: (w) => api('POST', `${ws(w)}/tickets/bulk-update`, { token: w.mallory.token, body: { ids: ['abc'], changes: { status: 'done' } } }),
  },
} satisfies Partial<Record<RouteName, Case>>;
