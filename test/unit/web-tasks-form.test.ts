import { describe, expect, it } from 'vitest';
import { createTaskBody, MAX_SUMMARY, MAX_TAGS, updateTaskBody } from '#shared/schemas/task';
import { createBody, formFieldOf, initialForm, reminderFrom, updatePatch, validateForm } from '../../web/src/modules/tasks/internal/task-form-state';
import { defaultTaskDefaults } from '../../web/src/modules/settings/settings-defaults';
import { aTask } from './web-tasks.fixtures';

const defaults = defaultTaskDefaults();

describe('the task form', () => {
  it('starts a new task from the persisted task defaults (priority 1, no due date) in the given brand', () => {
    const form = initialForm({ defaults: { ...defaults, dueDate: '2026-05-01' }, projectUid: 'p-1' });

    expect(form).toMatchObject({ ticket_type: 'task', status: 'todo', priority: '1', due_date: '2026-05-01', project_uid: 'p-1' });
  });

  it('asks for a summary and a brand before sending', () => {
    const errors = validateForm(initialForm({ defaults }));

    expect(errors.summary?.key).toBe('tasks.form.summaryRequired');
    expect(errors.project_uid?.key).toBe('tasks.form.brandRequired');
  });

  it('checks only the fields its type shows', () => {
    const form = { ...initialForm({ defaults, projectUid: 'p-1' }), summary: 'Reel' };
    const broken = { ...form, text: { ...form.text, live_link: 'not a link' } };

    expect(validateForm({ ...broken, ticket_type: 'post' }).live_link?.key).toBe('tasks.form.invalidUrl');
    expect(validateForm({ ...broken, ticket_type: 'task' }).live_link).toBeUndefined();
  });

  it("holds every value to the create route's own limits, saying the limit the schema has", () => {
    const form = { ...initialForm({ defaults, projectUid: 'p-1' }), summary: 'x'.repeat(MAX_SUMMARY + 1), milestone: 'm'.repeat(41) };
    const many = { ...form, summary: 'Fine', tags: Array.from({ length: MAX_TAGS + 1 }, (_, index) => `t${index}`) };
    const long = { ...form, summary: 'Fine', tags: ['x'.repeat(41)] };
    const hours = { ...form, summary: 'Fine', milestone: '', ticket_type: 'estimate' as const, estimate: '10001' };

    expect(validateForm(form).summary).toEqual({ key: 'validation.tooLong', values: { max: String(MAX_SUMMARY) } });
    expect(validateForm(form).milestone).toEqual({ key: 'tasks.form.milestoneTooLong', values: { max: '40' } });
    expect(validateForm(many).tags).toEqual({ key: 'tasks.form.tagsTooMany', values: { max: String(MAX_TAGS) } });
    expect(validateForm(long).tags).toEqual({ key: 'tasks.form.tagTooLong', values: { max: '40' } });
    expect(validateForm(hours).estimate).toEqual({ key: 'tasks.form.estimateTooLarge', values: { max: '10000' } });
    expect(validateForm({ ...hours, estimate: 'lots' }).estimate?.key).toBe('tasks.form.invalidNumber');
    expect(validateForm({ ...hours, estimate: '2.5' }).estimate).toBeUndefined();
  });

  it("builds a body the create route accepts, with the type's filled fields and the default source", () => {
    const base = { ...initialForm({ defaults, projectUid: 'p-1' }), summary: ' Summer reel ', ticket_type: 'post' as const, tags: ['launch'] };
    const form = {
      ...base,
      hook_variations: ['One', '', 'Three'] as [string, string, string],
      text: { ...base.text, post_audience: 'Grow followers', post_platform: 'instagram', overview: 'not a post field' },
    };

    const body = createBody(form, defaults);

    expect(body).toMatchObject({
      summary: 'Summer reel',
      project_uid: 'p-1',
      ticket_type: 'post',
      post_audience: 'Grow followers',
      post_platform: 'instagram',
      hook_variations: ['One', 'Three'],
      source: 'screen',
      tags: ['launch'],
    });
    expect(body).not.toHaveProperty('overview');
    expect(createTaskBody.safeParse(body).success).toBe(true);
  });

  it('sends a reminder as an instant with its switch, and none without a date', () => {
    const reminder = reminderFrom({ reminderDate: '2026-06-01', reminderTime: '14:30', reminderEnabled: true });

    expect(reminder?.enabled).toBe(true);
    expect(new Date(reminder!.at).getHours()).toBe(14);
    expect(reminderFrom({ reminderDate: '', reminderTime: '14:30', reminderEnabled: true })).toBeNull();
    expect(validateForm({ ...initialForm({ defaults, projectUid: 'p-1' }), summary: 'x', ticket_type: 'reminder' }).reminder?.key).toBe(
      'tasks.form.reminderDateRequired',
    );
  });

  it('patches only what changed on an edit', () => {
    const task = aTask('a', { summary: 'Old', due_date: '2026-03-02', tags: ['x'], overview: 'Notes' });
    const form = { ...initialForm({ task, defaults }), summary: 'New', status: 'in_progress' as const };

    const patch = updatePatch(form, task);

    expect(patch).toEqual({ summary: 'New', status: 'in_progress' });
    expect(updateTaskBody.safeParse(patch).success).toBe(true);
    expect(updatePatch(initialForm({ task, defaults }), task)).toEqual({});
  });

  it('keeps an unchanged reminder out of the patch', () => {
    const task = aTask('a', { ticket_type: 'reminder', reminder: { at: '2026-03-01T09:00:00.000Z', enabled: true, sent_at: null } });

    expect(updatePatch(initialForm({ task, defaults }), task)).toEqual({});
  });

  it("shows a 400 on the field it names, nested paths on their field", () => {
    expect(formFieldOf('hook_variations.1')).toBe('hook_variations');
    expect(formFieldOf('reminder.at')).toBe('reminder');
    expect(formFieldOf('summary')).toBe('summary');
    expect(formFieldOf('body')).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});
