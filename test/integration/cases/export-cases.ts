import { expect } from 'vitest';
import type { RouteName } from '#shared/routes';
import { api } from '../support/api';
import { ws, type Case } from '../support/route-case';
import { newProject, newTask } from './collab-cases';

const feedToken = (url: string) => new URL(url).pathname.split('/').pop()!;

/** Exports: tasks and time as CSV, calendar feeds at secret addresses. */
export const exportCases = {
  exportTasks: {
    happy: async (w) => {
      await newTask(w.alice, { summary: '=HYPERLINK("x") export me', due_date: '2026-12-01' });
      return api('GET', `${ws(w)}/exports/tasks?status=todo`, { token: w.alice.token });
    },
    expectHappy: ({ body, headers }) => {
      expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(headers.get('content-disposition')).toBe('attachment; filename="brandslate-tasks.csv"');
      // (fetch's text() drops the BOM the file starts with.)
      expect(body.split('\r\n')[0]).toBe('Number,Summary,Brand,Status,Priority,Type,Assignee,Due date,Milestone,Tags,Platform,Estimate (hours),Time spent (hours),Created by,Created,Updated,Link');
      // A formula a person typed is defused, and quoted because it holds quotes.
      expect(body).toContain(`"'=HYPERLINK(""x"") export me"`);
    },
    bad: { call: (w) => api('GET', `${ws(w)}/exports/tasks?status=nope`, { token: w.alice.token }), field: 'status.0' },
    foreign: (w) => api('GET', `${ws(w)}/exports/tasks`, { token: w.mallory.token }),
  },
  exportTimeEntries: {
    happy: (w) => api('GET', `${ws(w)}/exports/time-entries?group=week`, { token: w.alice.token }),
    expectHappy: ({ body, headers }) => {
      expect(headers.get('content-disposition')).toBe('attachment; filename="brandslate-time.csv"');
      const [header, ...rows] = body.trim().split('\r\n');
      expect(header).toBe('Week,Week starting,Brand,Hours,Entries');
      // Other routes' cases may have tracked time in this workspace: each row is a week, a brand and its hours.
      for (const row of rows) expect(row).toMatch(/^\d{4}-W\d{2},\d{4}-\d{2}-\d{2},.+,\d+(\.\d+)?,\d+$/);
    },
    bad: { call: (w) => api('GET', `${ws(w)}/exports/time-entries?group=month`, { token: w.alice.token }), field: 'group' },
    foreign: (w) => api('GET', `${ws(w)}/exports/time-entries`, { token: w.mallory.token }),
  },
  listCalendarFeeds: {
    happy: async (w) => {
      await api('POST', `${ws(w)}/calendar-feeds`, { token: w.alice.token, body: { scope: 'me' } });
      return api('GET', `${ws(w)}/calendar-feeds`, { token: w.alice.token });
    },
    expectHappy: ({ body }) => {
      expect(body).toEqual(expect.arrayContaining([expect.objectContaining({ scope: 'me', project_uid: null })]));
      // The address is answered once, at creation; never in a list.
      expect(JSON.stringify(body)).not.toContain('/calendar/');
    },
    foreign: (w) => api('GET', `${ws(w)}/calendar-feeds`, { token: w.mallory.token }),
  },
  createCalendarFeed: {
    happy: async (w) => {
      const project = await newProject(w.alice);
      return api('POST', `${ws(w)}/calendar-feeds`, { token: w.alice.token, body: { scope: 'project', project_uid: project.uid } });
    },
    expectHappy: ({ status, body }) => {
      expect(status).toBe(201);
      expect(body).toMatchObject({ scope: 'project', project_uid: expect.any(String) });
      expect(body.url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}$/);
    },
    bad: { call: (w) => api('POST', `${ws(w)}/calendar-feeds`, { token: w.alice.token, body: { scope: 'project' } }), field: 'project_uid' },
    foreign: (w) => api('POST', `${ws(w)}/calendar-feeds`, { token: w.mallory.token, body: { scope: 'me' } }),
  },
  deleteCalendarFeed: {
    happy: async (w) => {
      const feed = await api('POST', `${ws(w)}/calendar-feeds`, { token: w.alice.token, body: { scope: 'me' } });
      const answer = await api('DELETE', `${ws(w)}/calendar-feeds/${feed.body.uid}`, { token: w.alice.token });
      // Revoked: the address stops working at once.
      expect((await api('GET', `/calendar/${feedToken(feed.body.url)}`)).status).toBe(404);
      return answer;
    },
    expectHappy: ({ status }) => expect(status).toBe(204),
    bad: { call: (w) => api('DELETE', `${ws(w)}/calendar-feeds/bad!id`, { token: w.alice.token }), field: 'feedUid' },
    foreign: (w) => api('DELETE', `${ws(w)}/calendar-feeds/someone`, { token: w.mallory.token }),
  },
  calendarFeed: {
    happy: async (w) => {
      const project = await newProject(w.alice);
      await newTask(w.alice, { project_uid: project.uid, summary: 'Launch reel, part 1; final', due_date: '2026-12-03' });
      const feed = await api('POST', `${ws(w)}/calendar-feeds`, { token: w.alice.token, body: { scope: 'project', project_uid: project.uid } });
      return api('GET', `/calendar/${feedToken(feed.body.url)}`);
    },
    expectHappy: ({ body, headers }) => {
      expect(headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(body).toContain('DTSTART;VALUE=DATE:20261203\r\n');
      expect(body).toContain('Launch reel\\, part 1\\; final');
      expect(body).toMatch(/END:VCALENDAR\r\n$/);
    },
    bad: { call: () => api('GET', '/calendar/short'), field: 'token' },
  },
} satisfies Partial<Record<RouteName, Case>>;
