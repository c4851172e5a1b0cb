import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { canTransition, createTaskBody, REVIEWABLE_STATUSES, TASK_STATUSES, TASK_TYPES, type TaskStatus } from '#shared/schemas/task';
import { BRANDS, DEMO_TASKS } from '../../local/seed-content';
import { gradientPng } from '../../local/png';
import { statusPath } from '../../local/seed-tasks';

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
