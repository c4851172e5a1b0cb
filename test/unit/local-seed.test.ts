import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { canTransition, createTaskBody, REVIEWABLE_STATUSES, TASK_STATUSES, TASK_TYPES, type TaskStatus } from '#shared/schemas/task';
import { BRANDS, DEMO_TASKS } from '../../local/seed-content';
import { gradientPng } from '../../local/png';
import { BRAND_STRATEGIES } from '../../local/seed-strategy';
import { statusPath } from '../../local/seed-tasks';
import { CONTENT_SETTINGS_DEFAULTS } from '#shared/schemas/content';
import { computeSlate, slateKindOf, slateSettingsOf } from '../../web/src/modules/content/slate';

describe('the demo seed content', () => {
  it('has a task of every status and every type, on every brand', () => {
    expect(new Set(DEMO_TASKS.map((t) => t.status))).toEqual(new Set(TASK_STATUSES));
    expect(new Set(DEMO_TASKS.map((t) => t.fields.ticket_type ?? 'task'))).toEqual(new Set(TASK_TYPES));
    expect(new Set(DEMO_TASKS.map((t) => t.brand))).toEqual(new Set(Object.keys(BRANDS)));
  });

  it('gives each task fields the create route accepts', () => {
    for (const task of DEMO_TASKS) {
      const parsed = createTaskBody.safeParse({ ...task.fields, project_uid: 'P1' });
      expect(parsed.success, `${task.key}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('ends reviewed tasks with a decision a review link can give', () => {
    for (const task of DEMO_TASKS.filter((t) => t.review)) expect(['approved', 'rejected']).toContain(task.status);
  });

  it('gives each post of a brand with a strategy a Purpose naming a slate share, so its slate places posts on any day of the week', () => {
    for (const [brand, strategy] of Object.entries(BRAND_STRATEGIES)) {
      const posts = DEMO_TASKS.filter((task) => task.brand === brand && task.fields.ticket_type === 'post');
      // A dropped post counts nowhere, whatever its Purpose.
      for (const post of posts.filter((task) => task.status !== 'will_not_do')) expect(slateKindOf(post.fields.post_audience), `${post.key}: ${post.fields.post_audience}`).toBeDefined();
      const settings = slateSettingsOf(Object.assign({}, CONTENT_SETTINGS_DEFAULTS, ...strategy!.settings));
      // Seeded on each weekday: the tasks' due days follow the seeding day, as the seed sets them.
      for (let weekday = 0; weekday < 7; weekday += 1) {
        const today = new Date(2026, 10, 22 + weekday, 12);
        const dueOn = (days: number) => {
          const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
          return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
        };
        const tasks = posts.map((post) => ({
          uid: post.key, ticket_type: post.fields.ticket_type!, post_audience: post.fields.post_audience ?? null, status: post.status,
          due_date: post.dueInDays === undefined ? null : dueOn(post.dueInDays),
        }));
        const slate = computeSlate(settings, tasks, today);
        expect(slate.unassigned, today.toDateString()).toBe(0);
        expect(slate.rows.reduce((sum, row) => sum + row.placed, 0), today.toDateString()).toBeGreaterThan(0);
      }
    }
  });
});

describe('statusPath', () => {
  it('reaches every status from todo and draft along allowed transitions only', () => {
    for (const from of ['todo', 'draft'] as TaskStatus[]) {
      for (const to of TASK_STATUSES) {
        const path = statusPath(from, to);
        expect(path.at(-1) ?? from).toBe(to);
        path.forEach((status, i) => expect(canTransition(i === 0 ? from : path[i - 1], status), `${from} → ${to}`).toBe(true));
      }
    }
  });

  it('takes the shortest way', () => {
    expect(statusPath('todo', 'todo')).toEqual([]);
    expect(statusPath('todo', 'in_progress')).toEqual(['in_progress']);
    expect(statusPath('todo', REVIEWABLE_STATUSES[0])).toEqual([REVIEWABLE_STATUSES[0]]);
    expect(statusPath('todo', 'posted')).toEqual(['needs_approval', 'approved', 'posted']);
  });
});

describe('gradientPng', () => {
  it('writes a PNG of the asked size whose pixels start at the colour', () => {
    const png = gradientPng(4, 3, [10, 20, 30]);
    expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([4, 3]);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString('ascii', 37, 41)).toBe('IDAT');
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect(rows.length).toBe(3 * (1 + 4 * 3));
    expect([...rows.subarray(1, 4)]).toEqual([10, 20, 30]);
    expect(png.toString('ascii', png.length - 8, png.length - 4)).toBe('IEND');
  });
});
